/**
 * What a job's work is given: the services the host configured the executor with ({@link JobServices}),
 * and, for each job, those services resolved for the job's company with the runner's progress and file
 * ({@link JobDeps}).
 * @module
 */
import type { Clock } from '../../clock.js';
import type { EwbProvider } from '../../ports/ewaybill.js';
import type { IrpProvider } from '../../ports/irp.js';
import type { RateLimiter } from '../../ports/ratelimit.js';
import type { IssuedInvoices } from '../../gstr1/job.js';
import type { GstPortal } from '../../ports/gst-portal.js';
import type { JobContext, JobCounts, JobSecrets, ThreadPool } from '../../ports/jobs.js';
import type { ReturnStore } from '../../ports/returns.js';

/**
 * The services a host gives the job executor. A job that needs another service adds it here as an optional
 * field: it reaches every job's {@link JobDeps} as it is, with no change to the executor.
 */
export interface JobServices {
  portal: GstPortal;
  /** One return store, or the store of each company. */
  store: ReturnStore | ((companyId: string) => ReturnStore);
  clock?: Clock;
  /** The e-invoices the host registered (GSTR-1 is built from them). */
  issuedInvoices?: IssuedInvoices;
  /** Worker threads for pulls, exports, reconciliations and GSTR-1 builds, so they never hold up the serving thread's event loop. */
  threads?: ThreadPool;
  /** Opens the secrets a job carries sealed (the EVC OTP of `gstr1/file`); the handler's sealer. */
  secrets?: JobSecrets;
  /** The e-way bill portal, for the extension of bills still moving (`ewaybill/extend`). */
  ewb?: EwbProvider;
  /** Told the id of the thread each threaded job ran on (tests, diagnostics). */
  onThread?: (threadId: number) => void;
  /** The portals bulk registrations (`irn/bulk`, `ewaybill/bulk`) go to, and their pace. */
  bulk?: BulkServices;
}

/** What the bulk registration jobs need: the configured providers and the pace the portal accepts. */
export interface BulkServices {
  irp?: IrpProvider;
  ewb?: EwbProvider;
  /** Paces the portal calls per portal and GSTIN (servers sharing its counter share the pace). */
  limiter?: RateLimiter;
  /** Documents each job sends at once. Default 4. */
  concurrency?: number;
}

/** What one job's work is given: the services for its company, "now", and the runner's progress and file. */
export interface JobDeps extends Omit<JobServices, 'store' | 'clock'> {
  companyId: string;
  store: ReturnStore;
  /** The host's clock; without one the work reads the system's. */
  now?: () => Date;
  /** Progress, 0..100, with counts (documents, rows) when the work knows them. */
  progress: (percent: number, counts?: JobCounts) => void;
  /** What the runner offers besides progress (a file store to write the job's file into as it goes). */
  context?: JobContext;
}

/** "Now" for the job: the host's clock, or the system's. */
export const jobNow = (deps: JobDeps): Date => deps.now?.() ?? new Date();
