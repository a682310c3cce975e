/**
 * `npm run soak`: SOAK_REQUESTS mixed requests (default 100,000) against `gstkit serve` on loopback,
 * valid and invalid, over every operation of its OpenAPI document, with the server's resident memory
 * sampled as it goes. Once warm (after the first fifth of the requests), the RSS may not grow by more
 * than SOAK_RSS_GROWTH_MB (default 64; medians of a tenth of the samples) nor ever pass SOAK_RSS_PEAK_MB
 * (default 512); every answer is judged as in `npm run fuzz`.
 *
 * With SOAK_SECONDS it runs for that long instead (`npm run soak:10min`, and `npm run soak:ci`, which CI
 * runs), and judges throughput too: requests answered are counted in windows of SOAK_WINDOW_SECONDS
 * (default 60) after a warm-up of SOAK_WARMUP_SECONDS (default 30: the server runs from source, and
 * its first seconds load and compile it), and the last window may not run more
 * than SOAK_THROUGHPUT_DROP (default 0.2) below the first. The mix generates e-waybills all day long (a
 * tenth of the valid requests), so the day lists it asks now and then grow through the run, as they do
 * through a working day.
 *
 * Settings: SOAK_REQUESTS, SOAK_SECONDS, SOAK_WINDOW_SECONDS, SOAK_WARMUP_SECONDS, SOAK_THROUGHPUT_DROP,
 * SOAK_CONCURRENCY (default 16), SOAK_RSS_GROWTH_MB, SOAK_RSS_PEAK_MB, SOAK_SEED, SOAK_CPU_PROF (a folder: the
 * server's CPU profile is written there when it stops), SOAK_DATA_DIR (PGlite's data folder; default a
 * fresh one in the system's temporary folder, removed at the end; `memory://` for none).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { judge, makeClient } from './client.js';
import { operationsOf, requestFor, type Operation, type Sample } from './generators.js';
import { matchingDefect } from './known-defects.js';
import { startFuzzServer } from './server.js';
import { GENERATOR, istToday, validPicker, validRequests } from './soak-mix.js';
import { routeDrift, windowsOf, type Answer, type CpuSample } from './soak-windows.js';

const total = Number(process.env['SOAK_REQUESTS'] ?? 100_000);
const concurrency = Number(process.env['SOAK_CONCURRENCY'] ?? 16);
const growthBound = Number(process.env['SOAK_RSS_GROWTH_MB'] ?? 64) * 1024 * 1024;
const peakBound = Number(process.env['SOAK_RSS_PEAK_MB'] ?? 512) * 1024 * 1024;
const seed = Number(process.env['SOAK_SEED'] ?? 19);
const seconds = process.env['SOAK_SECONDS'] ? Number(process.env['SOAK_SECONDS']) : undefined;
const windowSeconds = Number(process.env['SOAK_WINDOW_SECONDS'] ?? 60);
const warmupSeconds = Number(process.env['SOAK_WARMUP_SECONDS'] ?? 30);
const allowedDrop = Number(process.env['SOAK_THROUGHPUT_DROP'] ?? 0.2);

function mb(bytes: number): string {
  return (bytes / 1048576).toFixed(1);
}

async function main(): Promise<number> {
  // SOAK_CPU_PROF=folder: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env['SOAK_CPU_PROF'];
  // PGlite keeps its data in a folder, as `gstkit serve` does by default: a fresh one unless SOAK_DATA_DIR names
  // one (memory:// keeps it in the server's memory, where RSS then grows with the data held).
  const scratch = process.env['SOAK_DATA_DIR'] ? undefined : mkdtempSync(join(tmpdir(), 'gstkit-soak-'));
  const dataDir = process.env['SOAK_DATA_DIR'] ?? join(scratch!, 'data');
  const target = await startFuzzServer(dataDir ? { GSTKIT_DATA_DIR: dataDir } : {}, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
  const client = makeClient(target.base, concurrency);
  const started = performance.now();
  let code = 0;
  try {
    const operations: Operation[] = operationsOf(JSON.parse(await (await fetch(`${target.base}/openapi.json`)).text()));
    const valid = validPicker(validRequests(target));
    // Invalid and odd requests: fast-check samples of every operation's generator, drawn in batches.
    const pools = operations.map((op) => ({ arb: requestFor(op, target.auth, target.company), left: [] as Sample[], drawn: 0 }));
    const invalid = (n: number): Sample & { route: string } => {
      const op = operations[n % pools.length]!;
      const pool = pools[n % pools.length]!;
      if (pool.left.length === 0) {
        pool.left = fc.sample(pool.arb, { numRuns: 200, seed: seed + pool.drawn++ });
      }
      return { ...pool.left.pop()!, route: `fuzzed ${op.method.toUpperCase()} ${op.path}` };
    };
    const statuses = new Map<number, number>();
    const known = new Map<string, number>();
    const samples: Array<{ at: number; rss: number }> = [{ at: 0, rss: target.rss() }];
    const problems: string[] = [];
    let next = 0;
    let done = 0;
    const answers: Answer[] = [];
    const cpu: CpuSample[] = [];
    const sampleCpu = () => cpu.push({ at: performance.now() - started, cpu: target.cpuSeconds(), load: loadavg()[0]! });
    sampleCpu();
    const cpuTimer = setInterval(sampleCpu, 1000);
    const every = seconds === undefined ? Math.max(1, Math.floor(total / 100)) : 200;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (seconds === undefined ? next < total : performance.now() - started < seconds * 1000) {
          const n = next++;
          // Two in five valid, the rest fuzzed.
          const sample = n % 5 < 2 ? valid(Math.floor(n / 5) * 2 + (n % 5)) : invalid(n);
          const sentAt = performance.now();
          const reply = await client.send(sample).catch((e: Error) => e);
          const problem = reply instanceof Error ? `no answer: ${reply.message}` : judge(sample, reply);
          if (!(reply instanceof Error)) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          if (problem) {
            const d = matchingDefect({ method: sample.method, path: sample.path, note: sample.note, body: sample.body?.toString('utf8') ?? '', problem });
            if (d) known.set(d.id, (known.get(d.id) ?? 0) + 1);
            else if (problems.length < 20) problems.push(`${sample.method} ${sample.path.slice(0, 120)} [${sample.note.slice(0, 120)}] -> ${problem}`);
          }
          const now = performance.now();
          answers.push({ at: now - started, ms: now - sentAt, route: 'route' in sample ? String(sample.route) : sample.note });
          if (++done % every === 0) samples.push({ at: done, rss: target.rss() });
          if (done % (every * 10) === 0) console.log(`${done} requests, ${((performance.now() - started) / 1000).toFixed(0)} s, RSS ${mb(target.rss())} MiB`);
        }
      }),
    );
    clearInterval(cpuTimer);
    sampleCpu();
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
      const windows = windowsOf(answers, cpu, warmupSeconds, windowSeconds, seconds);
      console.log(`windows of ${windowSeconds} s after ${warmupSeconds} s of warm-up (requests a second, p99 ms, server CPU ms a request, load average):`);
      windows.forEach((w, i) =>
        console.log(`  window ${i + 1}: ${w.rate.toFixed(1)}/s, p99 ${w.p99.toFixed(0)} ms, CPU ${w.cpuMs.toFixed(2)} ms/request, load ${w.load.toFixed(2)}`),
      );
      const first = windows[0];
      const final = windows[windows.length - 1];
      if (first && final && windows.length >= 2) {
        console.log('routes, first window against the last (answers, mean ms, p99 ms), most slowed first:');
        for (const d of routeDrift(first.answers, final.answers).slice(0, 15)) {
          console.log(
            `  ${d.ratio.toFixed(2)}x ${d.route.slice(0, 70)}: ${d.first.n}, ${d.first.mean.toFixed(1)}, ${d.first.p99.toFixed(0)} -> ${d.last.n}, ${d.last.mean.toFixed(1)}, ${d.last.p99.toFixed(0)}`,
          );
        }
      }
      if (!first || !final || windows.length < 2 || final.rate < first.rate * (1 - allowedDrop)) {
        console.error(
          `FAILED: the last window ran at ${final?.rate.toFixed(1)} requests a second, the first at ${first?.rate.toFixed(1)} (at most ${allowedDrop * 100}% less allowed)`,
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
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
  return code;
}

process.exitCode = await main();
