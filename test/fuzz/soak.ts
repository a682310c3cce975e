/**
 * `npm run soak`: SOAK_REQUESTS mixed requests (default 100,000) against `gstkit serve` on loopback,
 * valid and invalid, over every operation of its OpenAPI document, with the server's resident memory
 * sampled as it goes. Once warm (after the first fifth of the requests), the RSS may not grow by more
 * than SOAK_RSS_GROWTH_MB (default 64; medians of a tenth of the samples) nor ever pass SOAK_RSS_PEAK_MB
 * (default 512); every answer is judged as in `npm run fuzz`.
 *
 * Settings: SOAK_REQUESTS, SOAK_CONCURRENCY (default 16), SOAK_RSS_GROWTH_MB, SOAK_RSS_PEAK_MB, SOAK_SEED.
 */
import fc from 'fast-check';
import { judge, makeClient } from './client.js';
import { exampleOf, operationsOf, requestFor, type Operation, type Sample } from './generators.js';
import { freshInvoice } from './health.js';
import { matchingDefect } from './known-defects.js';
import { startFuzzServer, type FuzzServer } from './server.js';

const total = Number(process.env['SOAK_REQUESTS'] ?? 100_000);
const concurrency = Number(process.env['SOAK_CONCURRENCY'] ?? 16);
const growthBound = Number(process.env['SOAK_RSS_GROWTH_MB'] ?? 64) * 1024 * 1024;
const peakBound = Number(process.env['SOAK_RSS_PEAK_MB'] ?? 512) * 1024 * 1024;
const seed = Number(process.env['SOAK_SEED'] ?? 19);

/** Valid requests, each a new document where one is registered. */
function validRequests(target: FuzzServer): Array<(n: number) => Sample> {
  const h = { authorization: target.auth, 'content-type': 'application/json', 'svc-company': target.company };
  const post = (path: string, body: unknown, note: string): Sample => ({ method: 'POST', path, headers: h, body: Buffer.from(JSON.stringify(body)), note });
  const get = (path: string, note: string): Sample => ({ method: 'GET', path, headers: h, note });
  return [
    (n) => post('/api/svc/einvoice/generateirn', freshInvoice(n), 'valid generateirn'),
    () => get('/openapi.json', 'openapi'),
    () => get('/api/svc/gst/getgstin?gstin=29AAGCK4821M1Z4', 'gstin lookup'),
    () => get('/api/svc/einvoice/getgstin?gstin=29AAGCK4821M1Z4&partygstin=29AADCN7314Q1ZU', 'party gstin'),
    () => post('/api/svc/einvoice/generatepaymentqrcode', exampleOf('payment-qr'), 'valid payment QR'),
    () => post('/api/deal', exampleOf('deal'), 'valid inquiry'),
    () => post('/api/svc/gstr2b/pull', exampleOf('gstr-pull'), 'valid pull'),
    () => get('/api/sandbox/certificate', 'certificate'),
  ];
}

function mb(bytes: number): string {
  return (bytes / 1048576).toFixed(1);
}

async function main(): Promise<number> {
  const target = await startFuzzServer();
  const client = makeClient(target.base, concurrency);
  const started = performance.now();
  let code = 0;
  try {
    const operations: Operation[] = operationsOf(JSON.parse(await (await fetch(`${target.base}/openapi.json`)).text()));
    const valid = validRequests(target);
    // Invalid and odd requests: fast-check samples of every operation's generator, drawn in batches.
    const pools = operations.map((op) => ({ arb: requestFor(op, target.auth, target.company), left: [] as Sample[], drawn: 0 }));
    const invalid = (n: number): Sample => {
      const pool = pools[n % pools.length]!;
      if (pool.left.length === 0) {
        pool.left = fc.sample(pool.arb, { numRuns: 200, seed: seed + pool.drawn++ });
      }
      return pool.left.pop()!;
    };
    const statuses = new Map<number, number>();
    const known = new Map<string, number>();
    const samples: Array<{ at: number; rss: number }> = [{ at: 0, rss: target.rss() }];
    const problems: string[] = [];
    let next = 0;
    let done = 0;
    const every = Math.max(1, Math.floor(total / 100));
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const n = next++;
          // Two in five valid, the rest fuzzed.
          const sample = n % 5 < 2 ? valid[n % valid.length]!(n) : invalid(n);
          const reply = await client.send(sample).catch((e: Error) => e);
          const problem = reply instanceof Error ? `no answer: ${reply.message}` : judge(sample, reply);
          if (!(reply instanceof Error)) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          if (problem) {
            const d = matchingDefect({ method: sample.method, path: sample.path, note: sample.note, body: sample.body?.toString('utf8') ?? '', problem });
            if (d) known.set(d.id, (known.get(d.id) ?? 0) + 1);
            else if (problems.length < 20) problems.push(`${sample.method} ${sample.path.slice(0, 120)} [${sample.note.slice(0, 120)}] -> ${problem}`);
          }
          if (++done % every === 0) samples.push({ at: done, rss: target.rss() });
          if (done % (every * 10) === 0) console.log(`${done} requests, ${((performance.now() - started) / 1000).toFixed(0)} s, RSS ${mb(target.rss())} MiB`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    // Large bodies make RSS swing by tens of MiB until the collector runs, so growth is judged on the
    // median of a tenth of the samples: the tenth after warming up against the last tenth.
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const warmAt = samples.findIndex((s) => s.at >= total / 5);
    const tenth = Math.max(1, Math.floor(samples.length / 10));
    const warm = median(samples.slice(warmAt, warmAt + tenth).map((s) => s.rss));
    const last = median(samples.slice(-tenth).map((s) => s.rss));
    const peak = Math.max(...samples.map((s) => s.rss));
    console.log(`${done} requests in ${seconds.toFixed(0)} s (${(done / seconds).toFixed(0)}/s), ${concurrency} at once, server ${target.server.printed.match(/store: .*/)?.[0]}`);
    console.log(`statuses: ${[...statuses].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}:${v}`).join(' ')}`);
    console.log(`known defects hit: ${[...known].map(([k, v]) => `${k}:${v}`).join(' ') || 'none'}`);
    console.log(`RSS MiB: start ${mb(samples[0]!.rss)}, once warm ${mb(warm)} (median of ${tenth} samples from request ${samples[warmAt]!.at}), last ${mb(last)} (median of the last ${tenth}), peak ${mb(peak)}; growth once warm ${mb(last - warm)} (bound ${mb(growthBound)}, peak bound ${mb(peakBound)})`);
    console.log(`RSS every ${every * 10} requests: ${samples.filter((_, i) => i % 10 === 0).map((s) => mb(s.rss)).join(' ')}`);
    if (last - warm > growthBound) {
      console.error(`FAILED: RSS grew ${mb(last - warm)} MiB once warm (bound ${mb(growthBound)})`);
      code = 1;
    }
    if (peak > peakBound) {
      console.error(`FAILED: RSS peaked at ${mb(peak)} MiB (bound ${mb(peakBound)})`);
      code = 1;
    }
    if (problems.length > 0) {
      console.error(`FAILED: answers outside the known defects:\n${problems.join('\n')}`);
      code = 1;
    }
    const alive = target.server.process.exitCode === null && target.server.process.signalCode === null;
    if (!alive) {
      console.error('FAILED: the server exited');
      code = 1;
    }
    console.log(`inquiries that reached the CRM: ${target.inquiries()}`);
  } finally {
    client.close();
    await target.stop();
  }
  return code;
}

process.exitCode = await main();
