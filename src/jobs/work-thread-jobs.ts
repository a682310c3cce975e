/**
 * The serving thread's side of GSTR-2B reconciliations and GSTR-1 builds run in a job worker thread: it
 * hands the job's data to the pool and answers the thread's calls (stored returns as JSON text, the
 * registered e-invoices, the job's file, progress), so matching 100,000 purchases never holds up its
 * event loop.
 * @module
 */
import type { IssuedInvoices } from '../gstr1/job.js';
import type { ReturnStore } from '../gstr/store.js';
import type { ReturnType as GstrReturnType } from '../gstr/types.js';
import type { Outcome } from '../issue.js';
import type { ReconcileJobRequest } from '../reconcile/job.js';
import type { JobContext, JobCounts, JobFileSink, JobOutput, JobRequest } from '../ports/jobs.js';
import { memorySink } from '../render/excel/zip.js';
import type { ThreadPool } from './thread-pool.js';
import type { Gstr1ThreadResult, ReconcileThreadResult } from './work-thread-tasks.js';

export interface WorkThreadServices {
  store: ReturnStore;
  issuedInvoices?: IssuedInvoices;
  now: Date;
  /** Told the id of the thread a job ran on (tests, diagnostics). */
  onThread?: (threadId: number) => void;
}

const failed = (errors: Array<{ code: string; message: string }>, most = Infinity): JobOutput => ({
  ok: false,
  error: { code: errors[0]?.code ?? '1000', message: errors.slice(0, most).map((e) => e.message).join('; ') },
});

/** The calls every such thread may make: progress, the stored returns (whole or in pieces), and the job's file. */
function fileHandlers(services: WorkThreadServices, progress: (percent: number, counts?: JobCounts) => void, context: JobContext | undefined) {
  const { store } = services;
  let sink: JobFileSink | undefined;
  let inMemory: ReturnType<typeof memorySink> | undefined;
  let file: { fileName: string; contentType: string } | undefined;
  const handlers = {
    started: (threadId: number) => services.onThread?.(threadId),
    progress: (percent: number, counts?: JobCounts) => progress(percent, counts),
    getReturnJson: async (gstin: string, returnType: GstrReturnType, period: string) => {
      if (store.getJson) return store.getJson(gstin, returnType, period);
      const s = await store.get(gstin, returnType, period);
      return s ? { pulledAt: s.pulledAt, json: JSON.stringify(s.data) } : undefined;
    },
    getReturnInfo: (gstin: string, returnType: GstrReturnType, period: string) => store.info?.(gstin, returnType, period),
    getReturnPiece: (version: string, seq: number) => store.piece?.(version, seq),
    openFile: async (fileName: string, contentType: string) => {
      file = { fileName, contentType };
      // A runner with a file store keeps the pieces as they come; otherwise they are gathered here.
      if (context?.openFile) sink = await context.openFile(fileName, contentType);
      else inMemory = memorySink();
    },
    write: async (piece: Uint8Array) => {
      if (sink) await sink.write(piece);
      else await inMemory?.write(piece);
    },
  };
  /** The file gathered in memory, when the runner had no file store. */
  const gathered = (): { fileName: string; contentType: string; data: Uint8Array } | undefined => (inMemory && file ? { ...file, data: inMemory.bytes() } : undefined);
  return { handlers, gathered };
}

/** Runs a `gstr2b/reconcile` job on a thread of `pool`; the same result and file as in line. */
export async function runReconcileJobInThread(
  pool: ThreadPool,
  job: JobRequest & { jobId: string },
  services: WorkThreadServices,
  progress: (percent: number, counts?: JobCounts) => void,
  context?: JobContext,
): Promise<JobOutput> {
  const p = job.params;
  const request: ReconcileJobRequest = {
    gstin: String(p['gstin']),
    startPeriod: String(p['startPeriod']),
    endPeriod: String(p['endPeriod']),
    ...(p['purchases'] !== undefined ? { purchases: p['purchases'] } : {}),
    ...(typeof p['purchasesCsv'] === 'string' ? { purchasesCsv: p['purchasesCsv'] } : {}),
    ...(p['options'] !== undefined ? { options: p['options'] as never } : {}),
    ...(p['format'] !== undefined ? { format: p['format'] as 'xlsx' | 'json' } : {}),
  };
  const { handlers, gathered } = fileHandlers(services, progress, context);
  // Where the store keeps a return in pieces, the thread reads it one piece at a time.
  const pieces = services.store.info !== undefined && services.store.piece !== undefined;
  const out = (await pool.run('reconcile/2b', { request, now: services.now.toISOString(), pieces }, handlers)) as Outcome<ReconcileThreadResult>;
  if (!out.ok) return failed(out.errors, 20);
  const v = out.value;
  const file = gathered();
  return { ok: true, result: { fileName: v.fileName, rows: v.rows, summary: v.summary, periods: v.periods }, ...(file ? { file } : {}) };
}

/** Runs a `gstr1/build` job on a thread of `pool`; the same result and file as in line. */
export async function runGstr1JobInThread(
  pool: ThreadPool,
  job: JobRequest & { jobId: string },
  services: WorkThreadServices,
  progress: (percent: number, counts?: JobCounts) => void,
  context?: JobContext,
): Promise<JobOutput> {
  const issued = services.issuedInvoices;
  if (!issued) return { ok: false, error: { code: 'SVC-955', message: 'this server keeps no e-invoices to build GSTR-1 from' } };
  const { handlers, gathered } = fileHandlers(services, progress, context);
  const input = { companyId: job.companyId, gstin: String(job.params['gstin']), period: String(job.params['period']) };
  const out = (await pool.run('gstr1/build', input, { ...handlers, issuedInvoices: issued })) as Outcome<Gstr1ThreadResult>;
  if (!out.ok) return failed(out.errors);
  const file = gathered();
  return { ok: true, result: out.value, ...(file ? { file } : {}) };
}
