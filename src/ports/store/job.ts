/**
 * Jobs and their files in the store: a job is claimed under a lease by one runner at a time, and its file
 * (an export's workbook) is kept in chunks beside it, as are the steps of a resumable job. One aggregate,
 * since pruning a job deletes its file and its steps.
 * @module
 */
import type { JobStep } from '../jobs.js';

/** 0 waiting, 1 working, 100 done, 101 failed. */
export type JobRowState = 0 | 1 | 100 | 101;

/** One job as the store keeps it. */
export interface JobRow {
  jobId: string;
  companyId: string;
  type: string;
  params: Record<string, unknown>;
  state: JobRowState;
  /** Units done and total (rows, documents), when known. */
  done: number;
  total: number;
  /** 0..100 */
  progress: number;
  attempts: number;
  error?: { code: string; message: string };
  result?: unknown;
  fileId?: string;
  /** ISO 8601 */
  createdAt: string;
  updatedAt: string;
  /** Until when the runner that claimed the job owns it (ISO 8601); a dead runner's lease runs out. */
  leaseUntil?: string;
  owner?: string;
}

/** A stored file's description; its bytes are kept in chunks. */
export interface FileMeta {
  fileId: string;
  companyId: string;
  fileName: string;
  contentType: string;
  /** Bytes; known once the file is complete. */
  size: number;
  complete: boolean;
}

/** What a runner may do with an interrupted job (its lease ran out while it was working). */
export interface RecoveryPolicy {
  /** Attempts after which an interrupted job fails instead of running again. */
  maxAttempts: number;
  /** The error an interrupted job ends with when it may not run again. */
  error: { code: string; message: string };
}

/** Where jobs and their files are kept. */
export interface JobStore {
  insertJob(row: JobRow): Promise<void>;
  getJob(companyId: string, jobId: string): Promise<JobRow | undefined>;
  /**
   * Claims the oldest waiting job for `owner` until `leaseUntil`. A job whose lease ran out while it was
   * working is claimed again (attempts + 1) or, past `policy.maxAttempts`, failed with `policy.error`.
   */
  claimJob(
    owner: string,
    now: string,
    leaseUntil: string,
    policy: RecoveryPolicy,
    only?: { jobId?: string; types?: readonly string[] },
  ): Promise<JobRow | undefined>;
  /** Extends the lease (never shortens it) and records progress; false when the job is no longer this owner's. */
  touchJob(jobId: string, owner: string, patch: { leaseUntil: string; done?: number; total?: number; progress?: number; updatedAt: string }): Promise<boolean>;
  /** Ends a job (done or failed); only its owner can, unless `owner` is undefined. */
  finishJob(
    jobId: string,
    owner: string | undefined,
    end: { state: 100 | 101; updatedAt: string; result?: unknown; error?: { code: string; message: string }; fileId?: string },
  ): Promise<boolean>;
  /** Waiting jobs (state 0), longest waiting first: what a queue's sweep checks for a lost or missing message. */
  waitingJobs(limit: number): Promise<JobRow[]>;
  /** Fails every working job whose lease ran out and may not run again; answers how many were re-queued or failed. */
  recoverJobs(now: string, policy: RecoveryPolicy): Promise<{ requeued: number; failed: number }>;
  /** Deletes finished jobs (and their files) updated before `before`. */
  pruneJobs(before: string): Promise<number>;

  // files
  createFile(meta: Omit<FileMeta, 'size' | 'complete'>): Promise<void>;
  appendFileChunk(fileId: string, seq: number, bytes: Uint8Array): Promise<void>;
  completeFile(fileId: string, size: number): Promise<void>;
  getFile(companyId: string, fileId: string): Promise<FileMeta | undefined>;
  /** The file's bytes, chunk by chunk, read as they are consumed. */
  readFile(fileId: string): AsyncIterable<Uint8Array>;

  // steps of a resumable job (its checkpoint)
  /** Records steps of a stored job; a step already `done` is kept as it is. */
  putJobSteps(jobId: string, steps: readonly JobStep[]): Promise<void>;
  /** The job's recorded steps, by step number. */
  jobSteps(jobId: string): Promise<JobStep[]>;
}
