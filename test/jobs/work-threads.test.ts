/**
 * GSTR-2B reconciliations and GSTR-1 builds on job worker threads: the same results and files as in
 * line, progress between the start and the end, and a large reconciliation that leaves the serving
 * thread's event loop free where the same work in line holds it for as long as it runs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';
import { createGstHandler } from '../../src/http/index.js';
import { readGstr2b } from '../../src/gstr/index.js';
import { createEmbeddedJobRunner, type EmbeddedJobRunner } from '../../src/jobs/embedded.js';
import type { ThreadPool } from '../../src/jobs/thread-pool.js';
import { watchedPool } from '../support/watched-pool.js';
import type { JobStatusRecord } from '../../src/ports/jobs.js';
import { createSandbox, createSigningIdentity } from '../../src/sandbox/index.js';
import { manualClock } from '../../src/clock.js';
import { createMemoryStore } from '../../src/store/index.js';
import { example, targets, world } from '../http/harness.js';

const pools: ThreadPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

const runner = (threads?: ThreadPool): EmbeddedJobRunner =>
  createEmbeddedJobRunner({ store: createMemoryStore(), pollMs: 50, exclusive: true, ...(threads ? { threads } : {}) });

/** Polls a job until it ends, keeping every status seen on the way. */
async function follow(status: (jobId: string) => Promise<JobStatusRecord>, jobId: string, everyMs = 10): Promise<JobStatusRecord[]> {
  const seen: JobStatusRecord[] = [];
  for (;;) {
    const s = await status(jobId);
    seen.push(s);
    if (s.jobStatus >= 100) return seen;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const SELLER = '29AAGCK4821M1Z4';
const PERIOD = '2026-10';

describe('reconciliations and GSTR-1 builds on worker threads', () => {
  it('give the same results and files as in line, and run off the serving thread', async () => {
    const { pool, ranOn } = watchedPool(pools);
    const sides = [runner(pool), runner()].map((jobs) => ({ jobs, w: world({ jobs }) }));
    const h = { 'svc-company': 'acme' };
    const outcomes: Array<Record<string, { status: JobStatusRecord; bytes: Uint8Array }>> = [];
    try {
      for (const { w, jobs } of sides) {
        const { call, close } = await targets[0]!.start(w.handler);
        const status = async (id: string): Promise<JobStatusRecord> => (await call('GET', `/api/svc/robot/jobstatus/${id}`, { headers: h })).body;
        const finish = async (path: string, body: unknown): Promise<{ status: JobStatusRecord; bytes: Uint8Array }> => {
          const r = await call('POST', path, { headers: h, body });
          expect(r.status, r.text).toBe(200);
          const last = (await follow(status, r.body.jobId)).at(-1)!;
          const file = last.url ? (await call('GET', last.url)).bytes : new Uint8Array();
          return { status: last, bytes: file };
        };
        try {
          const pulled = await finish('/api/svc/gstr2b/pull', { gstin: SELLER, returnPeriod: PERIOD });
          expect(pulled.status.jobStatus).toBe(100);
          const read = readGstr2b((await w.sandbox.providers.returnStore('acme').get(SELLER, 'gstr2b', PERIOD))!.data);
          if (!read.ok) throw new Error('stored 2B unreadable');
          const purchases = read.value.documents.slice(0, 12).map((d, i) => ({
            supplierGstin: d.supplierGstin,
            docType: d.kind === 'Credit Note' ? 'CRN' : d.kind === 'Debit Note' ? 'DBN' : 'INV',
            docNo: d.number,
            docDate: d.date!.toISOString().slice(0, 10),
            taxable: d.lines.reduce((s, l) => s + l.taxable, 0) + (i % 4 === 0 ? 300 : 0),
            igst: d.lines.reduce((s, l) => s + l.igst, 0),
            cgst: d.lines.reduce((s, l) => s + l.cgst, 0),
            sgst: d.lines.reduce((s, l) => s + l.sgst, 0),
            cess: d.lines.reduce((s, l) => s + l.cess, 0),
          }));
          purchases.push({
            supplierGstin: '24AAACC4175D1Z4',
            docType: 'INV',
            docNo: 'OWN-1',
            docDate: '2026-10-02',
            taxable: 100,
            igst: 18,
            cgst: 0,
            sgst: 0,
            cess: 0,
          });
          const xlsx = await finish('/api/svc/gstr2b/reconcile', { gstin: SELLER, startReturnPeriod: PERIOD, purchases });
          const json = await finish('/api/svc/gstr2b/reconcile', { gstin: SELLER, startReturnPeriod: PERIOD, purchases, format: 'json' });
          const badRows = await finish('/api/svc/gstr2b/reconcile', { gstin: SELLER, startReturnPeriod: PERIOD, purchasesCsv: 'supplier_gstin,doc_no\n' });
          const nothing = await finish('/api/svc/gstr2b/reconcile', { gstin: SELLER, startReturnPeriod: '2026-07', purchases });

          for (const no of ['KC/26-27/0901', 'KC/26-27/0902', 'KC/26-27/0903']) {
            const body = example('irn');
            (body['DocDtls'] as Record<string, unknown>)['No'] = no;
            delete body['EwbDtls'];
            expect((await call('POST', '/api/svc/einvoice/generateirn', { body })).status).toBe(200);
          }
          const gstr1 = await finish('/api/svc/gstr1/build', { gstin: SELLER, returnPeriod: '2026-11' });
          const gstr1Empty = await finish('/api/svc/gstr1/build', { gstin: SELLER, returnPeriod: '2026-09' });
          outcomes.push({ xlsx, json, badRows, nothing, gstr1, gstr1Empty });
        } finally {
          await close();
          await jobs.close!();
        }
      }
      const [threaded, inline] = outcomes as [(typeof outcomes)[0], (typeof outcomes)[0]];
      // Pull, four reconciliations and two GSTR-1 builds, all on the pool's thread, none on this one.
      expect(ranOn).toHaveLength(7);
      expect(ranOn.every((id) => id !== threadId)).toBe(true);

      expect(threaded['xlsx']!.status).toMatchObject({ jobStatus: 100, progress: 100 });
      expect((threaded['xlsx']!.status.result as { summary: Record<string, number> }).summary).toMatchObject({ 'missing-in-2b': 1, mismatch: 3 });
      expect(threaded['gstr1']!.status).toMatchObject({ jobStatus: 100, result: { documents: 3, sections: { b2b: 3 } } });
      expect(threaded['badRows']!.status.error).toMatchObject({ code: '1000' });
      expect(threaded['nothing']!.status.error).toMatchObject({ code: '1001' });
      expect(threaded['gstr1Empty']!.status.error).toMatchObject({ code: '1001' });
      for (const key of Object.keys(inline)) {
        const [a, b] = [threaded[key]!, inline[key]!];
        expect([key, a.status.jobStatus, a.status.result, a.status.error]).toEqual([key, b.status.jobStatus, b.status.result, b.status.error]);
        expect(Buffer.compare(a.bytes, b.bytes), key).toBe(0);
      }
      expect(threaded['xlsx']!.bytes.byteLength).toBeGreaterThan(1000);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('leave the event loop free during a 50,000 x 50,000 reconciliation that blocks it in line', async () => {
    const documents = 50_000;
    const gstin = '29AADCN7314Q1ZU';
    const period = '2025-06';
    const clock = manualClock(new Date('2026-04-20T10:00:00+05:30'));
    const sandbox = createSandbox({
      companies: { acme: [gstin] },
      store: createMemoryStore(),
      identity: createSigningIdentity(),
      clock,
      seed: 7,
      syntheticDocumentsPerPeriod: documents,
    });
    const { pool, ranOn } = watchedPool(pools);
    const authenticate = () => ({ ok: true as const, company: sandbox.companies.get('acme')! });
    const threadedJobs = runner(pool);
    const inlineJobs = runner();
    const handlers = [threadedJobs, inlineJobs].map((jobs) => createGstHandler({ ...sandbox.providers, clock, jobs, authenticate }));
    const headers = { 'content-type': 'application/json', 'svc-company': 'acme' };
    const ask = (handler: (r: Request) => Promise<Response>) => ({
      post: async (path: string, body: unknown): Promise<{ jobId: string }> =>
        (await handler(new Request(`http://x/api/svc/${path}`, { method: 'POST', headers, body: JSON.stringify(body) }))).json(),
      status: async (jobId: string): Promise<JobStatusRecord> => (await handler(new Request(`http://x/api/svc/robot/jobstatus/${jobId}`, { headers }))).json(),
    });
    const [threaded, inline] = handlers.map(ask) as [ReturnType<typeof ask>, ReturnType<typeof ask>];
    try {
      const pulled = (await follow(threaded.status, (await threaded.post('gstr2b/pull', { gstin, returnPeriod: period })).jobId, 50)).at(-1)!;
      expect(pulled).toMatchObject({ jobStatus: 100, result: { total: documents } });
      // The books: every 2B document as booked, one in ten with a different taxable value (as CSV text,
      // which the job's data carries as one string).
      const read = readGstr2b((await sandbox.providers.returnStore('acme').get(gstin, 'gstr2b', period))!.data);
      if (!read.ok) throw new Error('stored 2B unreadable');
      const sum = (d: (typeof read.value.documents)[0], k: 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess'): string =>
        d.lines.reduce((s, l) => s + l[k], 0).toFixed(2);
      // Imports of goods in the 2B name no supplier: the books hold every other document.
      const lines = read.value.documents
        .filter((d) => d.supplierGstin)
        .map((d, i) => {
          const type = d.kind === 'Credit Note' ? 'CRN' : d.kind === 'Debit Note' ? 'DBN' : 'INV';
          const taxable = i % 10 === 3 ? (Number(sum(d, 'taxable')) + 700).toFixed(2) : sum(d, 'taxable');
          return [
            d.supplierGstin,
            type,
            d.number,
            d.date!.toISOString().slice(0, 10),
            taxable,
            sum(d, 'igst'),
            sum(d, 'cgst'),
            sum(d, 'sgst'),
            sum(d, 'cess'),
          ].join(',');
        });
      expect(lines.length).toBeGreaterThan(documents * 0.9);
      const body = {
        gstin,
        startReturnPeriod: period,
        purchasesCsv: ['supplier_gstin,doc_type,doc_no,doc_date,taxable_value,igst,cgst,sgst,cess', ...lines].join('\n'),
      };

      /**
       * Runs the reconciliation through one runner, noting the serving thread's longest event-loop delay
       * meanwhile (the request's own handling included) and how long the job took from request to end.
       */
      const measured = async (side: ReturnType<typeof ask>): Promise<{ maxDelayMs: number; tookMs: number; seen: JobStatusRecord[] }> => {
        // Watching from before the request: in line, the job may start (and block) before the answer is read.
        const delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        const started = performance.now();
        const { jobId } = await side.post('gstr2b/reconcile', body);
        const seen = await follow(side.status, jobId, 25);
        delay.disable();
        return { maxDelayMs: delay.max / 1e6, tookMs: performance.now() - started, seen };
      };
      const before = ranOn.length;
      const off = await measured(threaded);
      const on = await measured(inline);
      const [offLast, onLast] = [off.seen.at(-1)!, on.seen.at(-1)!];
      expect(offLast.jobStatus, JSON.stringify(offLast.error)).toBe(100);
      expect(offLast.result).toEqual(onLast.result);
      expect((offLast.result as { rows: number }).rows).toBeGreaterThanOrEqual(documents);
      // It ran on the pool's thread.
      expect(ranOn.slice(before)).toHaveLength(1);
      expect(ranOn.at(-1)).not.toBe(threadId);
      // Progress moved through rows written of all rows on the way.
      expect(off.seen.some((s) => s.jobStatus === 1 && s.done! > 0 && s.done! < s.total!)).toBe(true);
      console.log(
        `reconcile ${lines.length} purchases x ${documents} 2B documents: longest event-loop delay ${off.maxDelayMs.toFixed(0)} ms on a thread;` +
          ` in line ${on.maxDelayMs.toFixed(0)} ms, the job ${on.tookMs.toFixed(0)} ms of serving-thread work`,
      );
      // In line the serving thread does the whole job, holding its loop for the matching at least; on a
      // thread it only handles the request and passes messages.
      expect(off.maxDelayMs).toBeLessThan(on.maxDelayMs);
      expect(off.maxDelayMs).toBeLessThan(on.tookMs / 5);
    } finally {
      await threadedJobs.close!();
      await inlineJobs.close!();
      await pool.close();
    }
  }, 300_000);
});
