/**
 * An export through the API while generateirn keeps being asked: the export's rows/s, the server's peak
 * RSS, and the event-loop delay (p50, p99, max) that generateirn requests wait behind. The server is the
 * reference setup in one process: the sandbox on PGlite in a temporary folder, jobs run by the embedded
 * runner on worker threads (GSTKIT_JOB_THREADS, default 2, as `gstkit serve`; 0 runs them on the serving
 * thread). Beside it, the floor: the same generateirn load for the same time with no export running, so
 * what the export adds can be told from what the requests themselves cost on this machine.
 *
 *   npx tsx test/bench/store-export-load.ts [periods] [documents-per-period]
 *   (the synthetic documents have one rate line each, so one row each in the Full report: 24 periods x 42000
 *   documents gives 1,008,000 rows; 24 months is the longest export)
 *
 * The returns are seeded straight into the store (the sandbox portal's returns, as a pull would store them,
 * with their document count), which is not measured; GSTKIT_BENCH_SEED=api pulls them through the API
 * instead, one pull job per period, as a user would (much slower). The export always goes through the API.
 * GSTKIT_BENCH_RETURN=gstr2a seeds and exports GSTR-2A months instead of GSTR-2B.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

// GSTKIT_BENCH_FROM=dist measures the built package (npm run build first), as `gstkit serve` runs from an
// install: its threads then run plain JavaScript, without the TypeScript loader the source needs.
const from = process.env['GSTKIT_BENCH_FROM'] === 'dist' ? '../../dist' : '../../src';
const { createGstHandler } = (await import(`${from}/http/index.js`)) as typeof import('../../src/http/index.js');
const { createSandbox, createSigningIdentity } = (await import(`${from}/sandbox/index.js`)) as typeof import('../../src/sandbox/index.js');
const { openPgliteStore, openPostgresStore } = (await import(`${from}/store/index.js`)) as typeof import('../../src/store/index.js');
const { countReturnDocuments } = (await import(`${from}/gstr/count-documents.js`)) as typeof import('../../src/gstr/count-documents.js');

// `--seed STORE periods perPeriod`: the child process that fills the store before the measured run.
const seeding = process.argv[2] === '--seed';
const args = seeding ? process.argv.slice(4) : process.argv.slice(2);
const periods = Number(args[0] ?? 3);
const perPeriod = Number(args[1] ?? 5000);
const threads = Number(process.env['GSTKIT_JOB_THREADS'] ?? 2);
const gstin = '29AADCN7314Q1ZU';
const companies = { bench: [gstin, '29AAGCK4821M1Z4'] };
// Consecutive months from April 2024 (24 of them: the longest export).
const months = Array.from({ length: periods }, (_, i) => new Date(Date.UTC(2024, 3 + i, 1)).toISOString().slice(0, 7));
const seedThroughApi = process.env['GSTKIT_BENCH_SEED'] === 'api';
const returnType = process.env['GSTKIT_BENCH_RETURN'] === 'gstr2a' ? 'gstr2a' : 'gstr2b';
const returnLabel = returnType === 'gstr2a' ? 'GSTR-2A' : 'GSTR-2B';
// As `gstkit serve` opens it: PGlite in a thread of its own (GSTKIT_BENCH_PGLITE_THREAD=0 keeps it on the
// serving thread); a postgres:// address opens PostgreSQL.
const openStore = (where: string) =>
  where.startsWith('postgres') ? openPostgresStore(where) : openPgliteStore(where, { thread: process.env['GSTKIT_BENCH_PGLITE_THREAD'] !== '0' });

if (seeding) {
  // What a pull stores, without the pull job: the portal's return and the documents in it.
  const store = await openStore(process.argv[3]!);
  const sandbox = createSandbox({ companies, store, identity: createSigningIdentity(), syntheticDocumentsPerPeriod: perPeriod });
  const returns = sandbox.providers.returnStore!('bench');
  let documents = 0;
  for (const m of months) {
    const fetched = await sandbox.providers.gstPortal!.fetchReturn(gstin, returnType, m);
    if (!fetched.ok) throw new Error(JSON.stringify(fetched.errors));
    const count = countReturnDocuments(returnType, fetched.value);
    await returns.put({ gstin, returnType, period: m, pulledAt: new Date().toISOString(), data: fetched.value, documents: count });
    documents += count;
  }
  await sandbox.jobs.close?.();
  await store.close();
  console.log(documents);
  process.exit(0);
}

const example = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'gstkit-export-bench-'));
// With DATABASE_URL, a fresh database on that PostgreSQL; otherwise PGlite in a temporary folder.
const fresh = process.env['DATABASE_URL'] ? await (await import('../support/services.js')).freshDatabase(process.env['DATABASE_URL']) : undefined;
const where = fresh ? fresh.url : dir;
const seedStart = performance.now();
let seeded = 0;
if (!seedThroughApi) {
  // Seeded by a process of its own, so that none of its memory is counted as the server's.
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--seed', where, String(periods), String(perPeriod)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`seeding failed (exit ${child.status})`);
  seeded = Number(child.stdout.trim().split('\n').at(-1));
}
const store = await openStore(where);
const rssOpened = process.memoryUsage().rss;
const sandbox = createSandbox({
  companies,
  store,
  identity: createSigningIdentity(),
  syntheticDocumentsPerPeriod: perPeriod,
  jobThreads: threads,
});
const handler = createGstHandler({ ...sandbox.providers, authenticate: () => ({ ok: true, company: sandbox.companies.get('bench')! }) });
const call = async (path: string, body?: unknown): Promise<any> => {
  const res = await handler(
    new Request(
      `http://x${path}`,
      body === undefined
        ? { headers: { 'svc-company': 'bench' } }
        : { method: 'POST', headers: { 'content-type': 'application/json', 'svc-company': 'bench' }, body: JSON.stringify(body) },
    ),
  );
  return res.headers.get('content-type')?.includes('json') ? res.json() : res.arrayBuffer();
};
const wait = async (jobId: string, onStatus?: (s: any) => void): Promise<any> => {
  for (;;) {
    if (!jobId) throw new Error('the job was not accepted');
    const s = await call(`/api/svc/robot/jobstatus/${jobId}`);
    onStatus?.(s);
    if (s.jobStatus >= 100) return s;
    await new Promise((r) => setTimeout(r, 200));
  }
};
if (seedThroughApi) {
  for (const m of months) {
    const s = await wait((await call(`/api/svc/${returnType}/pull`, { gstin, returnPeriod: m })).jobId);
    if (s.jobStatus !== 100) throw new Error(JSON.stringify(s));
    seeded += s.result.total;
  }
}
console.log(
  `${seeded} documents in ${periods} periods of ${returnLabel} ${seedThroughApi ? 'pulled through the API' : 'seeded by a child process'} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (job threads: ${threads}, from ${from.slice(6)}, store ${store.kind}); RSS with the store open ${Math.round(rssOpened / 1e6)} MB, before the export ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
);

let serial = 0;
/** Sends generateirn every 20 ms until `until` resolves, measuring the event-loop delay meanwhile. */
async function underLoad(until: Promise<unknown>): Promise<{ irns: number; seconds: number; p50: number; p99: number; max: number; peakRss: number }> {
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let irns = 0;
  let stop = false;
  const load = (async () => {
    while (!stop) {
      const body = { ...example, DocDtls: { ...example.DocDtls, No: `L${process.pid % 10000}-${serial++}` } };
      const r = await call('/api/svc/einvoice/generateirn', body);
      if (r.Irn) irns++;
      await new Promise((res) => setTimeout(res, 20));
    }
  })();
  const started = performance.now();
  delay.enable();
  await until;
  delay.disable();
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await load;
  clearInterval(sampler);
  return { irns, seconds, p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6, peakRss };
}
const ms = (v: number): string => v.toFixed(1);
const mb = (v: number): string => String(Math.round(v / 1e6));

let lastStatus: any;
const progressSeen = new Set<string>();
const exporting = underLoad(
  (async () => {
    const job = await call(`/api/svc/${returnType}/export`, {
      gstins: [gstin],
      startReturnPeriod: months[0],
      endReturnPeriod: months[months.length - 1],
      reportType: 100,
    });
    lastStatus = await wait(job.jobId, (s) => s.jobStatus === 1 && s.total && progressSeen.add(`${s.done}/${s.total}`));
  })(),
);
const ours = await exporting;
if (lastStatus.jobStatus !== 100) throw new Error(JSON.stringify(lastStatus));
const rssAfter = process.memoryUsage().rss;
// The floor: the same requests for as long, no export.
const floorSeconds = Math.min(ours.seconds, 60);
const floor = await underLoad(new Promise((r) => setTimeout(r, floorSeconds * 1000)));

let fileBytes = 0;
const file = await sandbox.jobs.file('bench', lastStatus.jobId);
if (file && 'chunks' in file) for await (const c of file.chunks()) fileBytes += c.byteLength;
const rows = lastStatus.result.rows;
console.log(
  `export: ${rows} rows in ${ours.seconds.toFixed(1)} s = ${Math.round(rows / ours.seconds)} rows/s, file ${(fileBytes / 1e6).toFixed(1)} MB; progress seen at ${progressSeen.size} points between 0 and ${lastStatus.total} documents`,
);
console.log(`peak RSS of the process during the export: ${mb(ours.peakRss)} MB (after it: ${mb(rssAfter)} MB)`);
console.log(
  `event-loop delay while exporting:     p50 ${ms(ours.p50)} ms, p99 ${ms(ours.p99)} ms, max ${ms(ours.max)} ms; ${ours.irns} IRNs (${(ours.irns / ours.seconds).toFixed(1)}/s)`,
);
console.log(
  `floor, the same load with no export:  p50 ${ms(floor.p50)} ms, p99 ${ms(floor.p99)} ms, max ${ms(floor.max)} ms; ${floor.irns} IRNs (${(floor.irns / floor.seconds).toFixed(1)}/s) in ${floor.seconds.toFixed(1)} s`,
);
await sandbox.jobs.close?.();
await store.close();
await fresh?.drop();
rmSync(dir, { recursive: true, force: true });
