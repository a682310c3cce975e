/**
 * `npm run soak`: SOAK_REQUESTS mixed requests (default 100,000) against `gstkit serve` on loopback,
 * valid and invalid, over every operation of its OpenAPI document, with the server's resident memory
 * sampled as it goes. Once warm (after the first fifth of the requests), the RSS may not grow by more
 * than SOAK_RSS_GROWTH_MB (default 64; medians of a tenth of the samples) nor ever pass SOAK_RSS_PEAK_MB
 * (default 512); every answer is judged as in `npm run fuzz`.
 *
 * With SOAK_SECONDS it runs for that long instead (`npm run soak:10min`, and `npm run soak:ci`, which CI
 * runs), and judges throughput too: requests answered are counted in windows of SOAK_WINDOW_SECONDS
 * (default 60) after a warm-up of SOAK_WARMUP_SECONDS (default 10), and the last window may not run more
 * than SOAK_THROUGHPUT_DROP (default 0.2) below the first. The mix generates e-waybills all day long (a
 * tenth of the valid requests), so the day lists it asks now and then grow through the run, as they do
 * through a working day.
 *
 * Settings: SOAK_REQUESTS, SOAK_SECONDS, SOAK_WINDOW_SECONDS, SOAK_WARMUP_SECONDS, SOAK_THROUGHPUT_DROP,
 * SOAK_CONCURRENCY (default 16), SOAK_RSS_GROWTH_MB, SOAK_RSS_PEAK_MB, SOAK_SEED.
 */
import { loadavg } from 'node:os';
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
const seconds = process.env['SOAK_SECONDS'] ? Number(process.env['SOAK_SECONDS']) : undefined;
const windowSeconds = Number(process.env['SOAK_WINDOW_SECONDS'] ?? 60);
const warmupSeconds = Number(process.env['SOAK_WARMUP_SECONDS'] ?? 10);
const allowedDrop = Number(process.env['SOAK_THROUGHPUT_DROP'] ?? 0.2);

/** The e-waybill of the mix: the bundled one, from a GSTIN of the demo company to another, carried by a third. */
const GENERATOR = '33AAHCT2290K1Z6';
const CONSIGNEE = '33AAJFN2954R1ZN';
const TRANSPORTER = '29AAJCB9052D1ZK';
const runTag = (Date.now() % 36 ** 4).toString(36);
function freshEwb(n: number): unknown {
  const ewb = exampleOf('ewb') as Record<string, unknown>;
  return {
    ...ewb,
    docNo: `SK${runTag}/${n.toString(36)}`.slice(0, 16),
    docDate: istToday(),
    transDocDate: istToday(),
    toGstin: CONSIGNEE,
    transporterId: TRANSPORTER,
  };
}
function istToday(): string {
  const d = new Date(Date.now() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** Valid requests with their weights (of 100), each a new document where one is registered. */
function validRequests(target: FuzzServer): Array<[number, (n: number) => Sample]> {
  const h = { authorization: target.auth, 'content-type': 'application/json', 'svc-company': target.company };
  const post = (path: string, body: unknown, note: string): Sample => ({ method: 'POST', path, headers: h, body: Buffer.from(JSON.stringify(body)), note });
  const get = (path: string, note: string): Sample => ({ method: 'GET', path, headers: h, note });
  const E = '/api/svc/einvoice/';
  return [
    [31, (n) => post(E + 'generateirn', freshInvoice(n), 'valid generateirn')],
    [10, (n) => post(`${E}generateewaybill?gstin=${GENERATOR}`, freshEwb(n), 'valid generateewaybill')],
    [5, () => get('/openapi.json', 'openapi')],
    [15, () => get('/api/svc/gst/getgstin?gstin=29AAGCK4821M1Z4', 'gstin lookup')],
    [10, () => get(E + 'getgstin?gstin=29AAGCK4821M1Z4&partygstin=29AADCN7314Q1ZU', 'party gstin')],
    [10, () => post(E + 'generatepaymentqrcode', exampleOf('payment-qr'), 'valid payment QR')],
    [5, () => post('/api/deal', exampleOf('deal'), 'valid inquiry')],
    [5, () => post('/api/svc/gstr2b/pull', exampleOf('gstr-pull'), 'valid pull')],
    [5, () => get('/api/sandbox/certificate', 'certificate')],
    // The day lists, now and then, of the day the e-waybills accumulate on.
    [1, () => get(`${E}getewaybillsbydate?gstin=${GENERATOR}&date=${istToday()}`, 'day list by date')],
    [1, () => get(`${E}getewaybillsofotherparty?gstin=${CONSIGNEE}&date=${istToday()}`, 'day list of the other party')],
    [1, () => get(`${E}getewaybillsfortransporter?gstin=${TRANSPORTER}&date=${istToday()}`, 'day list of the transporter')],
    [1, () => get(`${E}getewaybillsrejectedbyothers?gstin=${GENERATOR}&date=${istToday()}`, 'day list of rejected')],
  ];
}

/** The valid request of slot `n`: the weighted table spread over every 100 slots. */
function validPicker(table: Array<[number, (n: number) => Sample]>): (n: number) => Sample {
  const slots = table.flatMap(([weight, make]) => Array.from({ length: weight }, () => make));
  return (n) => slots[(n * 37) % slots.length]!(n);
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
    const valid = validPicker(validRequests(target));
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
    const answeredAt: number[] = [];
    const every = seconds === undefined ? Math.max(1, Math.floor(total / 100)) : 200;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (seconds === undefined ? next < total : performance.now() - started < seconds * 1000) {
          const n = next++;
          // Two in five valid, the rest fuzzed.
          const sample = n % 5 < 2 ? valid(Math.floor(n / 5) * 2 + (n % 5)) : invalid(n);
          const reply = await client.send(sample).catch((e: Error) => e);
          const problem = reply instanceof Error ? `no answer: ${reply.message}` : judge(sample, reply);
          if (!(reply instanceof Error)) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          if (problem) {
            const d = matchingDefect({ method: sample.method, path: sample.path, note: sample.note, body: sample.body?.toString('utf8') ?? '', problem });
            if (d) known.set(d.id, (known.get(d.id) ?? 0) + 1);
            else if (problems.length < 20) problems.push(`${sample.method} ${sample.path.slice(0, 120)} [${sample.note.slice(0, 120)}] -> ${problem}`);
          }
          answeredAt.push(performance.now() - started);
          if (++done % every === 0) samples.push({ at: done, rss: target.rss() });
          if (done % (every * 10) === 0) console.log(`${done} requests, ${((performance.now() - started) / 1000).toFixed(0)} s, RSS ${mb(target.rss())} MiB`);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    // Large bodies make RSS swing by tens of MiB until the collector runs, so growth is judged on the
    // median of a tenth of the samples: the tenth after warming up against the last tenth.
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const warmAt = Math.max(
      0,
      samples.findIndex((s) => s.at >= (seconds === undefined ? total : done) / 5),
    );
    const tenth = Math.max(1, Math.floor(samples.length / 10));
    const warm = median(samples.slice(warmAt, warmAt + tenth).map((s) => s.rss));
    const last = median(samples.slice(-tenth).map((s) => s.rss));
    const peak = Math.max(...samples.map((s) => s.rss));
    console.log(
      `${done} requests in ${elapsed.toFixed(0)} s (${(done / elapsed).toFixed(0)}/s), ${concurrency} at once, server ${target.server.printed.match(/store: .*/)?.[0]}`,
    );
    console.log(
      `statuses: ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([k, v]) => `${k}:${v}`)
        .join(' ')}`,
    );
    console.log(`known defects hit: ${[...known].map(([k, v]) => `${k}:${v}`).join(' ') || 'none'}`);
    console.log(
      `RSS MiB: start ${mb(samples[0]!.rss)}, once warm ${mb(warm)} (median of ${tenth} samples from request ${samples[warmAt]!.at}), last ${mb(last)} (median of the last ${tenth}), peak ${mb(peak)}; growth once warm ${mb(last - warm)} (bound ${mb(growthBound)}, peak bound ${mb(peakBound)})`,
    );
    console.log(
      `RSS every ${every * 10} requests: ${samples
        .filter((_, i) => i % 10 === 0)
        .map((s) => mb(s.rss))
        .join(' ')}`,
    );
    if (last - warm > growthBound) {
      console.error(`FAILED: RSS grew ${mb(last - warm)} MiB once warm (bound ${mb(growthBound)})`);
      code = 1;
    }
    if (peak > peakBound) {
      console.error(`FAILED: RSS peaked at ${mb(peak)} MiB (bound ${mb(peakBound)})`);
      code = 1;
    }
    if (seconds !== undefined) {
      const day = await fetch(`${target.base}/api/svc/einvoice/getewaybillsbydate?gstin=${GENERATOR}&date=${istToday()}`, {
        headers: { authorization: target.auth, 'svc-company': target.company },
      });
      console.log(`e-waybills on the generator's day list at the end: ${((await day.json()) as { Response?: unknown[] }).Response?.length ?? 'none'}`);
      const rates = throughputWindows(answeredAt, warmupSeconds, windowSeconds, seconds);
      console.log(
        `requests a second in windows of ${windowSeconds} s after ${warmupSeconds} s of warm-up: ${rates.map((r) => r.toFixed(1)).join(' ')}; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      const first = rates[0] ?? 0;
      const last = rates[rates.length - 1] ?? 0;
      if (rates.length < 2 || last < first * (1 - allowedDrop)) {
        console.error(
          `FAILED: the last window ran at ${last.toFixed(1)} requests a second, the first at ${first.toFixed(1)} (at most ${allowedDrop * 100}% less allowed)`,
        );
        code = 1;
      }
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

/** Requests answered a second in each whole window after the warm-up. */
function throughputWindows(answeredAt: readonly number[], warmup: number, window: number, total: number): number[] {
  const count = Math.floor((total - warmup) / window);
  const rates = Array.from({ length: count }, () => 0);
  for (const ms of answeredAt) {
    const w = Math.floor((ms / 1000 - warmup) / window);
    if (w >= 0 && w < count) rates[w]!++;
  }
  return rates.map((n) => n / window);
}

process.exitCode = await main();
