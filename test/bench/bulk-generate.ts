/**
 * Bulk IRN generation on the sandbox, in documents per second, on each store: memory, PGlite (a temporary
 * data folder) and PostgreSQL (DATABASE_URL, when set). Beside each, the single-request path as baseline:
 * the same documents sent to `POST generateirn` one request each, one at a time (a client looping over
 * its invoices) and 16 in flight. The bulk figure runs from the request to the job's end, through the
 * embedded job runner, the job's checkpoint in the store and the job-status route.
 *
 *   npm run bench:bulk [-- documents]      (documents per bulk request, at most 1,000; default 1,000)
 * @module
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGstHandler, type GstHandler } from '../../src/http/index.js';
import type { Store } from '../../src/ports/store.js';
import { createSandbox, createSigningIdentity, manualClock, parseIst } from '../../src/sandbox/index.js';
import { createMemoryStore, openPgliteStore, openPostgresStore } from '../../src/store/index.js';

const documents = Math.min(1000, Number(process.argv[2] ?? 1000));
const example = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8'));
const identity = createSigningIdentity();
const headers = { authorization: 'Basic ' + Buffer.from('k:s').toString('base64'), 'content-type': 'application/json' };

/** `count` new invoices under `tag`. */
const invoices = (tag: string, count: number): unknown[] =>
  Array.from({ length: count }, (_, i) => ({ ...example, DocDtls: { ...example.DocDtls, No: `${tag}/${i}` } }));

const post = (handler: GstHandler, path: string, body: unknown): Promise<Response> =>
  handler(new Request(`http://x${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));

/** Documents per second of the single route, `inFlight` requests at a time. */
async function single(handler: GstHandler, tag: string, inFlight: number): Promise<number> {
  const docs = invoices(tag, documents);
  let next = 0;
  let ok = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < docs.length) {
      const res = await post(handler, '/api/svc/einvoice/generateirn', docs[next++]);
      if (res.status === 200) ok++;
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  if (ok !== documents) throw new Error(`single route: ${ok} of ${documents} registered`);
  return documents / ((performance.now() - started) / 1000);
}

/** Documents per second of one bulk request, from the request to the job's end. */
async function bulk(handler: GstHandler, tag: string): Promise<number> {
  const started = performance.now();
  const res = await post(handler, '/api/svc/einvoice/bulk/generateirn', { documents: invoices(tag, documents) });
  const { jobId } = (await res.json()) as { jobId: string };
  for (;;) {
    const status = (await (await handler(new Request(`http://x/api/svc/robot/jobstatus/${jobId}`, { headers }))).json()) as {
      jobStatus: number;
      result?: { registered: number };
    };
    if (status.jobStatus >= 100) {
      if (status.result?.registered !== documents) throw new Error(`bulk: ${JSON.stringify(status).slice(0, 300)}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return documents / ((performance.now() - started) / 1000);
}

async function run(name: string, store: Store): Promise<void> {
  const clock = manualClock(parseIst('10/11/2026 12:00:00')!);
  const sandbox = createSandbox({ companies: { bench: ['29AAGCK4821M1Z4'] }, clock, identity, store });
  const handler = createGstHandler({ ...sandbox.providers, authenticate: () => ({ ok: true, company: sandbox.companies.get('bench')! }) });
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  // Warm up the routes, the schemas and the store's plans on other documents.
  await single(handler, `${tag}W1`, 16);
  await bulk(handler, `${tag}W2`);
  const one = await single(handler, `${tag}S1`, 1);
  const sixteen = await single(handler, `${tag}S16`, 16);
  const bulked = await bulk(handler, `${tag}B`);
  const f = (n: number): string => String(Math.round(n)).padStart(6);
  console.log(`${name.padEnd(26)} bulk ${f(bulked)} docs/s   single route: ${f(one)} one at a time, ${f(sixteen)} 16 in flight`);
  await sandbox.jobs.close?.();
}

console.log(`bulk generateirn, ${documents} new documents per run, sandbox IRP, Node ${process.version}`);
await run('memory', createMemoryStore());
const dir = mkdtempSync(join(tmpdir(), 'gstkit-bench-bulk-'));
const pglite = await openPgliteStore(dir);
await run('PGlite (data folder)', pglite);
await pglite.close();
rmSync(dir, { recursive: true, force: true });
if (process.env['DATABASE_URL']) {
  const pg = await openPostgresStore(process.env['DATABASE_URL']);
  await run('PostgreSQL (DATABASE_URL)', pg);
  await pg.close();
} else {
  console.log('PostgreSQL: set DATABASE_URL to include it');
}
