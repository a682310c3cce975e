/**
 * An export through the API while generateirn keeps being asked: the export's rows/s, the server's peak
 * RSS, and the event-loop delay (p50, p99, max) that generateirn requests wait behind. The server is the
 * reference setup in one process: the sandbox on PGlite in a temporary folder, jobs run by the embedded
 * runner. The floor beside it is the same export written straight to memory by the Excel writer (no
 * store, no API, no other requests).
 *
 *   npx tsx test/bench/store-export-load.ts [periods] [documents-per-period]
 *   (12 periods x 40000 documents gives about 1,000,000 rows in the Full report)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createGstHandler } from '../../src/http/index.js';
import { createSandbox, createSigningIdentity } from '../../src/sandbox/index.js';
import { openPgliteStore } from '../../src/store/index.js';

const periods = Number(process.argv[2] ?? 3);
const perPeriod = Number(process.argv[3] ?? 5000);
const gstin = '29AADCN7314Q1ZU';
const example = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'gstkit-export-bench-'));
const store = await openPgliteStore(dir);
const sandbox = createSandbox({
  companies: { bench: [gstin, '29AAGCK4821M1Z4'] },
  store,
  identity: createSigningIdentity(),
  syntheticDocumentsPerPeriod: perPeriod,
});
const handler = createGstHandler({ ...sandbox.providers, authenticate: () => ({ ok: true, company: sandbox.companies.get('bench')! }) });
const call = async (path: string, body?: unknown): Promise<any> => {
  const res = await handler(
    new Request(`http://x${path}`, body === undefined ? { headers: { 'svc-company': 'bench' } } : { method: 'POST', headers: { 'content-type': 'application/json', 'svc-company': 'bench' }, body: JSON.stringify(body) }),
  );
  return res.headers.get('content-type')?.includes('json') ? res.json() : res.arrayBuffer();
};
const wait = async (jobId: string): Promise<any> => {
  for (;;) {
    if (!jobId) throw new Error('the job was not accepted');
    const s = await call(`/api/svc/robot/jobstatus/${jobId}`);
    if (s.jobStatus >= 100) return s;
    await new Promise((r) => setTimeout(r, 200));
  }
};
const months = Array.from({ length: periods }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
console.log(`pulling ${periods} periods of GSTR-2B with ${perPeriod} synthetic documents each...`);
for (const m of months) {
  const s = await wait((await call('/api/svc/gstr2b/pull', { gstin, returnPeriod: m })).jobId);
  if (s.jobStatus !== 100) throw new Error(JSON.stringify(s));
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const delay = monitorEventLoopDelay({ resolution: 10 });
let irns = 0;
let stop = false;
// generateirn keeps coming, a new document every 20 ms, while the export runs.
const load = (async () => {
  for (let i = 0; !stop; i++) {
    const body = { ...example, DocDtls: { ...example.DocDtls, No: `L${Date.now() % 1_000_000}-${i}` } };
    const r = await call('/api/svc/einvoice/generateirn', body);
    if (r.Irn) irns++;
    await new Promise((res) => setTimeout(res, 20));
  }
})();
delay.enable();
const started = performance.now();
const job = await call('/api/svc/gstr2b/export', { gstins: [gstin], startReturnPeriod: months[0], endReturnPeriod: months[months.length - 1], reportType: 100 });
const done = await wait(job.jobId);
const seconds = (performance.now() - started) / 1000;
delay.disable();
stop = true;
await load;
clearInterval(sampler);
const file = (await call(`/api/svc/robot/jobfile/${job.jobId}`)) as ArrayBuffer;
const ms = (ns: number): string => (ns / 1e6).toFixed(1);
console.log(`export: ${done.result.rows} rows in ${seconds.toFixed(1)} s = ${Math.round(done.result.rows / seconds)} rows/s, file ${(file.byteLength / 1e6).toFixed(1)} MB`);
console.log(`peak RSS during the export: ${Math.round(peakRss / 1e6)} MB`);
console.log(`event-loop delay while exporting: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms; ${irns} IRNs registered meanwhile`);
await sandbox.jobs.close?.();
await store.close();
rmSync(dir, { recursive: true, force: true });
