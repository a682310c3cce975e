/**
 * Webhook deliveries per second, gstkit's delivery loop next to the floor, in one run.
 *
 * The receiver (node:http on loopback, answering 204) is the same for both. The floor does what any
 * sender must, with nothing of its own: sign each body (HMAC-SHA256 over id, timestamp and body) and POST it
 * over keep-alive connections, 16 at a time, waiting for each answer. gstkit: N events emitted into the
 * store's outbox beforehand (their rate printed apart), then the delivery loop drains them: claim 16 under a
 * lease, sign, send, record each attempt; timed from the first claim to the last delivery recorded. Stores:
 * memory, PGlite (a data folder on disk), and PostgreSQL when DATABASE_URL is set. Each figure is the median
 * of the rounds; floor and gstkit rounds alternate.
 * Run: npx tsx test/bench/webhook-deliveries.ts [events per round=2000] [rounds=3]
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../../src/ports/store.js';
import { createMemoryStore } from '../../src/store/memory.js';
import { openPgliteStore } from '../../src/store/pglite.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { createWebhookDelivery, newWebhookSecret, storeEventSink } from '../../src/webhooks/index.js';

const events = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 3);
const CONCURRENCY = 16;

let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
const data = { jobId: 'job-0000', jobType: 'gstr2b/pull', jobStatus: 100, jobStatusText: 'done', hasFile: false, result: { documents: 412 } };

/** The floor: sign and POST `events` bodies, 16 in flight. */
async function floor(): Promise<number> {
  const key = randomBytes(32);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const body = JSON.stringify({ type: 'job.done', timestamp: new Date().toISOString(), companyId: 'bench', data });
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < events) {
      const id = `msg_${next++}`;
      const ts = Math.floor(Date.now() / 1000);
      const signature = 'v1,' + createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64');
      await new Promise<void>((resolve, reject) => {
        const req = request(url, {
          method: 'POST',
          agent,
          headers: { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signature, 'content-type': 'application/json' },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', reject);
        req.end(body);
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return events / seconds;
}

/** gstkit: emit `events` into the store, then time the loop delivering them all. */
async function ours(store: Store, round: number): Promise<{ perSecond: number; emitPerSecond: number }> {
  const webhookId = `wh_bench_${round}_${Date.now()}`;
  await store.addWebhook({ webhookId, companyId: `bench${round}`, url, events: ['job.done'], secret: newWebhookSecret(), createdAt: new Date().toISOString() });
  const sink = storeEventSink(store);
  const emitStart = performance.now();
  for (let i = 0; i < events; i++) await sink.emit({ type: 'job.done', companyId: `bench${round}`, data });
  const emitPerSecond = events / ((performance.now() - emitStart) / 1000);
  const before = received;
  const delivery = createWebhookDelivery({ store, policy: { allowPrivate: true, allowHttp: true }, batch: CONCURRENCY, pollMs: 5 });
  const started = performance.now();
  while (received - before < events) {
    if ((await delivery.deliverDue()) === 0) await new Promise((r) => setTimeout(r, 5));
  }
  const seconds = (performance.now() - started) / 1000;
  await delivery.close();
  return { perSecond: events / seconds, emitPerSecond };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const dir = mkdtempSync(join(tmpdir(), 'gstkit-webhook-bench-'));
const stores: Array<[string, () => Promise<Store>]> = [
  ['memory', async () => createMemoryStore()],
  ['PGlite (folder on disk)', () => openPgliteStore(join(dir, 'pglite'))],
];
if (process.env['DATABASE_URL']) stores.push(['PostgreSQL', () => openPostgresStore(process.env['DATABASE_URL']!)]);

console.log(`webhook deliveries per second, ${events} events a round, ${rounds} rounds, ${CONCURRENCY} in flight; Node ${process.version}`);
await floor(); // warm-up of both sides' connections and JIT
for (const [name, open] of stores) {
  const store = await open();
  const floorRuns: number[] = [];
  const ourRuns: number[] = [];
  const emitRuns: number[] = [];
  await ours(store, -1); // warm-up
  for (let r = 0; r < rounds; r++) {
    floorRuns.push(await floor());
    const o = await ours(store, r);
    ourRuns.push(o.perSecond);
    emitRuns.push(o.emitPerSecond);
  }
  await store.close();
  const f = median(floorRuns);
  const g = median(ourRuns);
  console.log(
    `${name.padEnd(26)} floor ${f.toFixed(0).padStart(6)}/s   gstkit ${g.toFixed(0).padStart(6)}/s (${((g / f) * 100).toFixed(0)}% of the floor)   events emitted ${median(emitRuns).toFixed(0)}/s one at a time`,
  );
}
rmSync(dir, { recursive: true, force: true });
receiver.close();
