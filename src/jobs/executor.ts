/**
 * The work of GSTR jobs: what a job runner (in-process, or a queue worker elsewhere) executes.
 * @module
 */
import { isLiveGstPortal, type GstPortal } from '../ports/gst-portal.js';
import type { ReturnStore } from '../ports/returns.js';
import type { JobExecutor, JobOutput, JobType } from '../ports/index.js';
import type { LiveGstJobDeps } from './gst-portal-failure.js';
import type { IssuedInvoices } from '../gstr1/job.js';
import type { Clock } from '../clock.js';
import type { ThreadPool } from './thread-pool.js';
import type { ThreadablePortal } from './gstr-thread-jobs.js';
import { jobFailed as failed } from './job-failure.js';

type ReturnKind = 'gstr2a' | 'gstr2b' | 'gstr3b';

type LiveGstJob = (params: Record<string, unknown>, deps: LiveGstJobDeps & { companyId: string; issuedInvoices?: IssuedInvoices }) => Promise<JobOutput>;
/** The jobs on the live GST portal's flow (IMS, GSTR-1 filing), each loaded when first run. */
const liveGstJobs: Partial<Record<JobType, () => Promise<LiveGstJob>>> = {
  'ims/pull': async () => (await import('./gst-ims-jobs.js')).imsPullJob,
  'ims/action': async () => (await import('./gst-ims-jobs.js')).imsActionJob,
  'gstr1/upload': async () => (await import('./gstr1-filing-jobs.js')).gstr1UploadJob,
  'gstr1/file': async () => (await import('./gstr1-filing-jobs.js')).gstr1FileJob,
};

/**
 * The executor of GSTR pull and export jobs over a portal and a store. A queue worker in another
 * process builds the same executor and calls it with the job's data.
 */
export function gstrJobExecutor(services: {
  portal: GstPortal;
  store: ReturnStore | ((companyId: string) => ReturnStore);
  clock?: Clock;
  issuedInvoices?: IssuedInvoices;
  /** Worker threads for pulls, exports, reconciliations and GSTR-1 builds, so they never hold up the serving thread's event loop. */
  threads?: ThreadPool;
  /** Told the id of the thread each threaded job ran on. */
  onThread?: (threadId: number) => void;
}): JobExecutor {
  return async (job, progress, context): Promise<JobOutput> => {
    const p = job.params;
    const now = services.clock ? () => services.clock!.now() : undefined;
    const store = typeof services.store === 'function' ? services.store(job.companyId) : services.store;
    const live = liveGstJobs[job.type];
    if (live) {
      if (!isLiveGstPortal(services.portal)) return { ok: false, error: { code: 'SVC-955', message: "this server's GST portal has no OTP connection, IMS or GSTR-1 filing" } };
      const run = await live();
      return run(p, { portal: services.portal, store, companyId: job.companyId, progress: (percent) => progress(percent), ...(now ? { now } : {}), ...(services.issuedInvoices ? { issuedInvoices: services.issuedInvoices } : {}) });
    }
    if ((job.type === 'gstr2b/reconcile' || job.type === 'gstr1/build') && services.threads) {
      const threaded = await import('./work-thread-jobs.js');
      const run = job.type === 'gstr1/build' ? threaded.runGstr1JobInThread : threaded.runReconcileJobInThread;
      const at = services.clock?.now() ?? new Date();
      return run(services.threads, job, { store, now: at, ...(services.issuedInvoices ? { issuedInvoices: services.issuedInvoices } : {}), ...(services.onThread ? { onThread: services.onThread } : {}) }, progress, context);
    }
    if (job.type === 'gstr2b/reconcile') return reconcileJob(store, now, p, progress);
    if (job.type === 'gstr1/build') return gstr1Job(services.issuedInvoices, job.companyId, p);
    if (services.threads) {
      const { runGstrJobInThread } = await import('./gstr-thread-jobs.js');
      const at = services.clock?.now() ?? new Date();
      return runGstrJobInThread(services.threads, job, { portal: services.portal as ThreadablePortal, store, now: at, ...(services.onThread ? { onThread: services.onThread } : {}) }, progress, context);
    }
    const gstr = await import('../gstr/index.js');
    const svc = { portal: services.portal, store, ...(now ? { now } : {}) };
    if (job.type.endsWith('/pull')) {
      const out = await gstr.pullReturnCounted(
        svc,
        { gstin: String(p['gstin']), returnType: String(p['returnType']) as ReturnKind, period: String(p['period']) },
        (fraction: number, counts?: { done: number; total: number }) => progress(fraction * 100, counts),
      );
      if (!out.ok) return failed(out.errors);
      // Documents by GSTN's section name, and their total.
      return { ok: true, result: { documents: out.value.sections, total: out.value.documents } };
    }
    const request = {
      returnType: String(p['returnType']) as ReturnKind,
      gstins: (p['gstins'] as string[]) ?? [],
      startPeriod: String(p['startPeriod']),
      endPeriod: String(p['endPeriod']),
      ...(p['reportType'] !== undefined ? { reportType: Number(p['reportType']) as 100 | 101 } : {}),
    };
    const onProgress = (fraction: number, counts?: { done: number; total: number }): void => progress(fraction * 100, counts);
    // A runner with a file store takes the workbook as it is written; otherwise it is built in memory.
    const openFile = context?.openFile;
    if (openFile) {
      const out = await gstr.exportReturnsTo(svc, request, (name, type) => openFile(name, type), onProgress);
      if (!out.ok) return failed(out.errors);
      return { ok: true, result: { fileName: out.value.fileName, rows: out.value.rows } };
    }
    const out = await gstr.exportReturns(svc, request, onProgress);
    if (!out.ok) return failed(out.errors);
    const v = out.value;
    return {
      ok: true,
      result: { fileName: v.fileName, rows: v.rows },
      file: { fileName: v.fileName, contentType: v.contentType, data: v.data },
    };
  };
}


/** The reconciliation job: the purchases in the job's data against the stored GSTR-2B. */
async function reconcileJob(store: ReturnStore, now: (() => Date) | undefined, p: Record<string, unknown>, progress: (percent: number, counts?: { done: number; total: number }) => void): Promise<JobOutput> {
  const { reconcileStored, reconcileRequestOf } = await import('../reconcile/job.js');
  const out = await reconcileStored(
    { store, ...(now ? { now } : {}) },
    reconcileRequestOf(p),
    (fraction, counts) => progress(fraction * 100, counts),
  );
  if (!out.ok) return failed(out.errors, 20);
  const v = out.value;
  return {
    ok: true,
    result: { fileName: v.fileName, rows: v.rows, summary: v.summary, periods: v.periods },
    file: { fileName: v.fileName, contentType: v.contentType, data: v.data },
  };
}

/** The GSTR-1 job: the return built from the e-invoices the host registered, as the job's JSON file. */
async function gstr1Job(issued: IssuedInvoices | undefined, companyId: string, p: Record<string, unknown>): Promise<JobOutput> {
  if (!issued) return { ok: false, error: { code: 'SVC-955', message: 'this server keeps no e-invoices to build GSTR-1 from' } };
  const { buildGstr1FromIssued } = await import('../gstr1/job.js');
  const out = await buildGstr1FromIssued(issued, { companyId, gstin: String(p['gstin']), period: String(p['period']) });
  if (!out.ok) return failed(out.errors);
  const v = out.value;
  const { sectionsOf } = await import('./work-thread-tasks.js');
  const sections = sectionsOf(v.placements);
  return {
    ok: true,
    result: { fileName: v.fileName, documents: v.placements.length, sections, errors: v.errors, warnings: v.warnings },
    file: { fileName: v.fileName, contentType: 'application/json', data: v.data },
  };
}
