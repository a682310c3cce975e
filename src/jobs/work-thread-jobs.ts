/**
 * The serving thread's side of GSTR-2B reconciliations and GSTR-1 builds run in a job worker thread: it
 * hands the job's data to the pool and answers the thread's calls (stored returns as JSON text, the
 * registered e-invoices, the job's file, progress), so matching 100,000 purchases never holds up its
 * event loop.
 * @module
 */
import type { IssuedInvoices } from '../gstr1/job.js';
import type { ReturnStore } from '../ports/returns.js';
import type { Outcome } from '../issue.js';
import { reconcileRequestOf } from '../reconcile/job.js';
import type { JobContext, JobCounts, JobOutput, JobRequest } from '../ports/jobs.js';
import { jobFailed as failed } from './job-failure.js';
import { storeAndFileCalls } from './thread-calls.js';
import type { ThreadPool } from './thread-pool.js';
import type { Gstr1ThreadResult, ReconcileThreadResult } from './work-thread-tasks.js';

export interface WorkThreadServices {
  store: ReturnStore;
  issuedInvoices?: IssuedInvoices;
  now: Date;
  /** Told the id of the thread a job ran on (tests, diagnostics). */
  onThread?: (threadId: number) => void;
}

/** Runs a `gstr2b/reconcile` job on a thread of `pool`; the same result and file as in line. */
export async function runReconcileJobInThread(
  pool: ThreadPool,
  job: JobRequest & { jobId: string },
  services: WorkThreadServices,
  progress: (percent: number, counts?: JobCounts) => void,
  context?: JobContext,
): Promise<JobOutput> {
  const request = reconcileRequestOf(job.params);
  const { handlers, gathered } = storeAndFileCalls(services.store, progress, context, services.onThread);
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
  const { handlers, gathered } = storeAndFileCalls(services.store, progress, context, services.onThread);
  const input = { companyId: job.companyId, gstin: String(job.params['gstin']), period: String(job.params['period']) };
  const out = (await pool.run('gstr1/build', input, { ...handlers, issuedInvoices: issued })) as Outcome<Gstr1ThreadResult>;
  if (!out.ok) return failed(out.errors);
  const file = gathered();
  return { ok: true, result: out.value, ...(file ? { file } : {}) };
}
