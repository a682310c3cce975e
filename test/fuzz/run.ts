/**
 * `npm run fuzz`: fast-check over real HTTP against `gstkit serve` on loopback. FUZZ_RUNS runs (default
 * 10,000) for every operation of the served OpenAPI document, for every request kind (near-valid
 * documents through the kind's route), for every validator kind in process, and for raw-socket oddities.
 * Every answer must be a coded 4xx or a documented success, under a size bound and in time; afterwards
 * the server must still answer and still register a known-good invoice.
 *
 * Settings: FUZZ_RUNS (runs per property), FUZZ_PARALLEL (properties run at once, default 8),
 * FUZZ_SEED (replay), FUZZ_ONLY (a substring of the property names to run), FUZZ_SURVEY=1 (list
 * every problem instead of stopping at the first).
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fc from 'fast-check';
import { kinds, requestKinds } from '../../src/kinds.js';
import { validate } from '../../src/validate.js';
import { judge, makeClient, type Reply } from './client.js';
import { exampleOf, mutation, mutate, nearValid, operationsOf, requestFor, type Operation, type Sample } from './generators.js';
import { knownDefects, matchingDefect } from './known-defects.js';
import { judgeRaw, rawCase, sendRaw } from './raw.js';
import { startFuzzServer } from './server.js';
import { checkServerUnchanged } from './health.js';

const runs = Number(process.env['FUZZ_RUNS'] ?? 10_000);
const parallel = Number(process.env['FUZZ_PARALLEL'] ?? 8);
const seed = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;
const only = process.env['FUZZ_ONLY'];
const survey = process.env['FUZZ_SURVEY'] === '1';

interface Stats {
  name: string;
  runs: number;
  statuses: Map<number, number>;
  maxBytes: number;
  maxMs: number;
  known: Map<string, number>;
  ms: number;
}

class Problem extends Error {}

/** 5xx answers put down to known defects: the server may have logged that many unforeseen errors. */
let knownServerErrors = 0;

const surveyed = new Map<string, { count: number; example: string }>();

/** Judges one answer: a known defect is counted, anything else fails the property. */
function verdict(stats: Stats, sample: Pick<Sample, 'method' | 'path' | 'note' | 'body'>, problem: string | undefined, reply?: Reply): void {
  if (reply) {
    stats.statuses.set(reply.status, (stats.statuses.get(reply.status) ?? 0) + 1);
    stats.maxBytes = Math.max(stats.maxBytes, reply.bytes);
    stats.maxMs = Math.max(stats.maxMs, reply.ms);
  }
  if (!problem) return;
  const known = matchingDefect({ method: sample.method, path: sample.path, note: sample.note, body: sample.body?.toString('utf8') ?? '', problem });
  if (known) {
    stats.known.set(known.id, (stats.known.get(known.id) ?? 0) + 1);
    if (/^5\d\d /.test(problem)) knownServerErrors++;
    return;
  }
  const line = `${sample.method} ${sample.path.slice(0, 160)} [${sample.note.slice(0, 200)}] -> ${problem}`;
  if (survey) {
    const key = `${stats.name}: ${problem.replace(/\d+/g, 'N')}`;
    const s = surveyed.get(key) ?? { count: 0, example: line };
    s.count++;
    surveyed.set(key, s);
    return;
  }
  throw new Problem(line);
}

function newStats(name: string): Stats {
  return { name, runs: 0, statuses: new Map(), maxBytes: 0, maxMs: 0, known: new Map(), ms: 0 };
}

async function property<T>(stats: Stats, arb: fc.Arbitrary<T>, check: (value: T) => Promise<void> | void): Promise<void> {
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(arb, async (value) => {
      stats.runs++;
      await check(value);
    }),
    { numRuns: runs, ...(seed !== undefined ? { seed } : {}), endOnFailure: false, interruptAfterTimeLimit: 30 * 60_000 },
  );
  stats.ms = performance.now() - started;
  // A line per finished property, so a long run shows its progress (CI prints nothing else for minutes).
  console.log(`done ${stats.name}: ${stats.runs} runs in ${(stats.ms / 1000).toFixed(1)} s`);
}

/** Runs tasks, at most `limit` at once. */
async function pool(tasks: Array<() => Promise<void>>, limit: number): Promise<unknown[]> {
  const failures: unknown[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!;
        try {
          await task();
        } catch (e) {
          failures.push(e);
        }
      }
    }),
  );
  return failures;
}

function table(all: Stats[]): string {
  const rows = all.map((s) => {
    const statuses = [...s.statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
    const known = [...s.known].map(([k, v]) => `${k}:${v}`).join(' ');
    return `| ${s.name} | ${s.runs} | ${(s.ms / 1000).toFixed(1)} s | ${statuses} | ${s.maxBytes} | ${Math.round(s.maxMs)} | ${known || '-'} |`;
  });
  return [
    '| property | runs | time | statuses | largest answer (bytes) | slowest (ms) | known defects hit |',
    '|---|---:|---:|---|---:|---:|---|',
    ...rows,
  ].join('\n');
}

async function main(): Promise<number> {
  const started = performance.now();
  // The fuzzer's own stalls count in every answer's time: printed at the end so a slow answer can be told from a busy fuzzer.
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  const target = await startFuzzServer();
  const client = makeClient(target.base, parallel * 2);
  console.log(
    `fuzzing gstkit serve at ${target.base} (pid ${target.server.process.pid}, ${target.server.printed.match(/store: .*/)?.[0]}, ${target.server.printed.match(/jobs: .*/)?.[0]}), ${runs} runs per property, ${parallel} at once`,
  );
  let code = 0;
  try {
    const doc = JSON.parse(await (await fetch(`${target.base}/openapi.json`)).text());
    const operations: Operation[] = operationsOf(doc);
    const all: Stats[] = [];
    const tasks: Array<() => Promise<void>> = [];
    const add = (name: string, run: (stats: Stats) => Promise<void>) => {
      if (only && !name.includes(only)) return;
      const stats = newStats(name);
      all.push(stats);
      tasks.push(() => run(stats));
    };

    // Every operation the server documents, so a new route is fuzzed without touching this file.
    for (const op of operations) {
      add(`${op.method} ${op.path}`, (stats) =>
        property(stats, requestFor(op, target.auth, target.company), async (sample) => {
          const reply = await client.send(sample).catch((e: Error) => e);
          if (reply instanceof Error) verdict(stats, sample, `no answer: ${reply.message}`);
          else verdict(stats, sample, judge(sample, reply), reply);
        }),
      );
    }

    // Every request kind: near-valid documents through the route that takes it.
    for (const kind of requestKinds) {
      const op = operations.find((o) => o.kind === kind);
      if (!op) throw new Error(`no served route takes request kind ${kind}: the fuzzing cannot reach it`);
      add(`kind ${kind} over HTTP`, (stats) =>
        property(
          stats,
          nearValid(() => exampleOf(kind)),
          async ({ text, note }) => {
            const sample: Sample = {
              method: op.method,
              path: op.path,
              headers: {
                authorization: target.auth,
                'content-type': 'application/json',
                'svc-company': target.company,
                ...(op.query.some((q) => q.name === 'gstin') ? {} : {}),
              },
              body: Buffer.from(text),
              note,
            };
            if (op.query.some((q) => q.name === 'gstin' && q.required)) sample.path += `?gstin=${ownGstinFor(kind)}`;
            const reply = await client.send(sample).catch((e: Error) => e);
            if (reply instanceof Error) verdict(stats, sample, `no answer: ${reply.message}`);
            else verdict(stats, sample, judge(sample, reply), reply);
          },
        ),
      );
    }

    // The response kinds' validators, in process (the request kinds are fuzzed over HTTP above): no
    // throw, a bounded list of issues, in time.
    for (const kind of kinds.filter((k) => !(requestKinds as readonly string[]).includes(k))) {
      if (!exampleOf(kind)) continue;
      add(`validate('${kind}') in process`, (stats) =>
        property(stats, fc.tuple(fc.nat(), mutation), async ([pick, m]) => {
          // Let the event loop turn between runs. A synchronous check is awaited through microtasks only,
          // so a whole validator property (and the next one the pool starts) ran without reading a socket
          // or firing a timer: the HTTP requests in flight then timed out in the fuzzer, with their answers
          // waiting unread (CI: seven "no answer within 40000 ms" at once, the server idle).
          await new Promise<void>((resolve) => setImmediate(resolve));
          const { doc, where } = mutate(exampleOf(kind), pick, m);
          const t = performance.now();
          let problem: string | undefined;
          try {
            const out = validate(kind, doc);
            const count = out.ok ? out.warnings.length : out.errors.length;
            if (count > 1_000) problem = `${count} issues`;
          } catch (e) {
            problem = `threw ${(e as Error).message}`;
          }
          const ms = performance.now() - t;
          if (!problem && ms > 5_000) problem = `took ${Math.round(ms)} ms`;
          stats.maxMs = Math.max(stats.maxMs, ms);
          verdict(stats, { method: 'validate', path: kind, note: `${where} ${m.kind}` }, problem);
        }),
      );
    }

    add('raw socket', (stats) =>
      property(stats, rawCase(target.auth, target.company), async (c) => {
        const answer = await sendRaw(target.port, c);
        for (const r of answer.replies) {
          stats.statuses.set(r.status, (stats.statuses.get(r.status) ?? 0) + 1);
          stats.maxBytes = Math.max(stats.maxBytes, r.bytes);
        }
        verdict(stats, { method: 'RAW', path: c.kind, note: c.note }, judgeRaw(c, answer));
      }),
    );

    const failures = await pool(tasks, parallel);
    console.log(table(all));
    if (survey) {
      console.log('\nproblems found:');
      for (const [k, v] of [...surveyed].sort()) console.log(`${v.count}x ${k}\n    e.g. ${v.example}`);
    }
    for (const f of failures) {
      const cause = f instanceof Error && f.cause instanceof Error ? `\n  because: ${f.cause.message}` : '';
      console.error(`\nFAILED: ${f instanceof Error ? f.message.slice(0, 3000) : String(f)}${cause}`);
      code = 1;
    }

    // Before the reproducers, which fail on purpose.
    const health = await checkServerUnchanged(target, client, knownServerErrors);
    console.log(`afterwards: ${health.summary}`);
    if (!health.ok) code = 1;

    // The known defects must still reproduce: a fixed one is taken off the list.
    for (const d of knownDefects) {
      const still = await d.reproduce(target, client);
      const hits = all.reduce((n, s) => n + (s.known.get(d.id) ?? 0), 0);
      console.log(`known defect ${d.id} (${hits} hits): ${still ? 'still reproduces' : 'FIXED: remove it from test/fuzz/known-defects.ts'}`);
      if (!still) code = 1;
    }

    const own = process.cpuUsage();
    console.log(
      `total ${((performance.now() - started) / 1000).toFixed(1)} s wall; CPU: server ${target.cpuSeconds().toFixed(0)} s, fuzzer ${((own.user + own.system) / 1e6).toFixed(0)} s; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}; server RSS ${(target.rss() / 1048576).toFixed(0)} MiB; ${target.inquiries()} inquiries reached the CRM; the fuzzer's longest event-loop stall ${Math.round(lag.max / 1e6)} ms`,
    );
  } finally {
    if (process.env['FUZZ_SERVER_LOG']) (await import('node:fs')).writeFileSync(process.env['FUZZ_SERVER_LOG'], target.server.stderr?.() ?? '');
    client.close();
    await target.stop();
  }
  return code;
}

/** A GSTIN the fuzzing company owns, for the routes that name one in the query. */
function ownGstinFor(kind: string): string {
  return kind === 'ewb' || kind === 'close-ewb' || kind === 'cancel-ewb' ? '33AAHCT2290K1Z6' : '29AAGCK4821M1Z4';
}

process.exitCode = await main();
