/**
 * The job runner port: long work (GSTR pulls and exports) accepted at once and run later, here or in
 * another process.
 * @module
 */

/**
 * The job types, one key each (the value says nothing); each has its descriptor in the job catalogue
 * (`jobs/catalogue/`), which does not compile while the two lists differ.
 */
export interface JobTypes {
  'gstr2a/pull': true;
  'gstr2b/pull': true;
  'gstr3b/pull': true;
  'gstr2a/export': true;
  'gstr2b/export': true;
  'gstr3b/export': true;
  'gstr2b/reconcile': true;
  'gstr1/build': true;
  // The GST portal's connected flow (jobs/catalogue/live-gst-portal.ts).
  'ims/pull': true;
  'ims/action': true;
  'gstr1/upload': true;
  'gstr1/file': true;
  // E-way bills marked as still moving, extended inside the portal's window (jobs/catalogue/ewaybill-extend.ts).
  'ewaybill/extend': true;
  'gstr3b/compute': true;
  // Bulk registration (jobs/catalogue/bulk.ts).
  'irn/bulk': true;
  'ewaybill/bulk': true;
}

export type JobType = keyof JobTypes;

/** What a job is asked to do; plain data, so a distributed queue can carry it. */
export interface JobRequest {
  type: JobType;
  companyId: string;
  params: Record<string, unknown>;
}

/** 0 waiting, 1 working, 100 done, 101 failed. */
export type JobState = 0 | 1 | 100 | 101;

export interface JobStatusRecord {
  jobId: string;
  jobType: JobType;
  jobStatus: JobState;
  jobStatusText: 'waiting' | 'working' | 'done' | 'failed';
  createdAt: string;
  updatedAt: string;
  /** 0..100 */
  progress?: number;
  /** Units (documents, rows) done so far, and of how many, when the job knows. */
  done?: number;
  total?: number;
  error?: { code: string; message: string };
  url?: string;
  result?: unknown;
}

/** A file a job produced, whole in memory. */
export interface JobFile {
  fileName: string;
  contentType: string;
  data: Uint8Array;
}

/** A file a job produced, read from where it is kept chunk by chunk (never whole in memory). */
export interface JobFileStream {
  fileName: string;
  contentType: string;
  /** Bytes. */
  size: number;
  chunks(): AsyncIterable<Uint8Array>;
}

/** What the work of a job produced. */
export type JobOutput = { ok: true; result?: unknown; file?: JobFile } | { ok: false; error: { code: string; message: string } };

/** Units done of a total (documents, rows), for progress finer than a percentage. */
export interface JobCounts {
  done: number;
  total: number;
}

/** Where a job writes its file as it goes; the runner keeps it (a store, a file store). */
export interface JobFileSink {
  write(chunk: Uint8Array): Promise<void>;
}

/**
 * One step of a resumable job as its runner keeps it: `started` once its effect may have happened (a
 * document sent to a portal), `done` with its outcome. A done step is never changed again.
 */
export interface JobStep {
  step: number;
  state: 'started' | 'done';
  data?: unknown;
}

/**
 * A job's own checkpoint, kept where the runner keeps the job: a job killed half way finds, when it runs
 * again, the steps it had started and those it had finished.
 */
export interface JobSteps {
  /** Every step recorded so far, by step number. */
  list(): Promise<JobStep[]>;
  /** Records steps; a step already done is kept as it is. */
  put(steps: readonly JobStep[]): Promise<void>;
}

/** What a runner offers an executor besides progress. */
export interface JobContext {
  /** The job's checkpoint, when the runner keeps one (the store-backed runners do). */
  steps?: JobSteps;
  /**
   * Opens the job's output file: bytes written are kept as they come, so a big export is never whole in
   * memory. A job that opened its file returns no `file` in its output.
   */
  openFile?(fileName: string, contentType: string): Promise<JobFileSink>;
}

/** Does the work of one job; progress is 0..100, with counts when the job knows them. */
export type JobExecutor = (
  job: JobRequest & { jobId: string },
  progress: (percent: number, counts?: JobCounts) => void,
  context?: JobContext,
) => Promise<JobOutput>;

/**
 * The job queue (Redis) cannot be reached or did not answer within its deadline: the job was not started.
 * The HTTP adapter answers 503 SVC-951 with Retry-After.
 */
export class JobQueueUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`the job queue is unavailable (${reason}); the job was not started, try again shortly`);
    this.name = 'JobQueueUnavailableError';
  }
}

/**
 * A runner that holds its jobs in memory refuses a job when it holds as many as it may (a bound, so that
 * memory does not grow with the requests); the HTTP adapter answers 503 SVC-951 with Retry-After.
 */
export class JobQueueFullError extends Error {
  constructor(readonly limit: number) {
    super(`the job queue holds ${limit} jobs, as many as it may; try again when some have finished`);
    this.name = 'JobQueueFullError';
  }
}

/** What the serving thread answers a worker thread's calls with; a handler may return a promise. */
export type ThreadHandlers = Record<string, (...args: never[]) => unknown>;

/** Worker threads that run a job's heavy work off the serving thread (`jobs/thread-pool.ts`). */
export interface ThreadPool {
  /** Runs `kind` with `input` on a free thread (waiting for one), answering its calls with `handlers`. */
  run(kind: string, input: unknown, handlers: ThreadHandlers): Promise<unknown>;
  /** Thread ids of the threads alive now (a test can tell the work ran off the serving thread). */
  readonly threadIds: number[];
  close(): Promise<void>;
}

/** Codes a job's status and file answer with, in the `SVC-95x` block (also in `httpCodes`). */
export const jobCodes = {
  /** No such job for this company. */
  jobNotFound: 'SVC-952',
  /** The job has no file (not finished, or not an export). */
  jobFileMissing: 'SVC-953',
  /** A secret the job carries was sealed under a key this process does not have (servers and workers need the same GSTKIT_SESSION_KEY). */
  secretUnreadable: 'SVC-958',
  /** The provider a job needs is not configured (a GST portal without OTP connection, IMS or filing). */
  notConfigured: 'SVC-955',
  /** A job was interrupted more times than it may be retried. */
  jobInterrupted: 'SVC-956',
  /** The store's disk is full: nothing was written; reads still work (HTTP 507). */
  storageFull: 'SVC-957',
} as const;

/**
 * Seals a secret a job must carry (the EVC OTP of a GSTR-1 filing) before it is queued, so the store and
 * the queue never hold it in clear, and opens it where the job runs. `open` answers undefined when the
 * text was sealed under a key this process does not have.
 */
export interface JobSecrets {
  seal(jobType: string, text: string): string;
  open(jobType: string, sealed: string): string | undefined;
}

/** Accepts jobs at once and runs them later, here or elsewhere. */
export interface JobRunner {
  /** Starts the runner's work with this executor (called once by the handler). */
  attach(executor: JobExecutor): void;
  /** Rejects with {@link JobQueueFullError} when the runner holds as many jobs as it may. */
  submit(job: JobRequest): Promise<{ jobId: string }>;
  /** undefined when the job does not exist or belongs to another company. */
  status(companyId: string, jobId: string): Promise<JobStatusRecord | undefined>;
  file(companyId: string, jobId: string): Promise<JobFile | JobFileStream | undefined>;
  /** Worker threads this runner's jobs do their heavy work in, when it has them. */
  readonly threads?: ThreadPool;
  /** Asks the runner's queue, if it has one of its own, for a trivial answer; throws when it cannot. */
  ping?(): Promise<void>;
  close?(): Promise<void>;
}
