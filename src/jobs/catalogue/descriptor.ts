/**
 * The shape of one entry of the job catalogue: a job type, how its parameters are read from the plain data
 * a queue carries, and its work, in the serving process and (optionally) on a job worker thread.
 * @module
 */
import type { Outcome } from '../../issue.js';
import type { JobFile, JobOutput, JobType, ThreadHandlers } from '../../ports/jobs.js';
import type { ThreadCaller } from '../thread-caller.js';
import type { JobDeps } from './deps.js';

/**
 * One job type. `run` and `serve` are declared as methods so that a descriptor of any parameters can sit in
 * the catalogue's table (TypeScript checks method parameters bivariantly); `parseParams` is what makes that
 * safe: the executor only ever passes a descriptor the parameters its own `parseParams` gave.
 */
export interface JobDescriptor<P, T extends JobType = JobType> {
  readonly type: T;
  /** The job's parameters from the data it was queued with (a queue carries plain JSON, so nothing is trusted). */
  parseParams(raw: Record<string, unknown>): Outcome<P>;
  /** The work, in the serving process. */
  run(params: P, deps: JobDeps): Promise<JobOutput>;
  /** The same work on a job worker thread, used when the executor has threads; without it the job runs in process. */
  readonly thread?: JobThreadForm<P>;
}

/** A job's work as it runs on a job worker thread: the thread's side and the serving thread's side. */
export interface JobThreadForm<P> {
  /** The name the job thread knows the work by (job types doing the same work may share it). */
  readonly task: string;
  /** The thread's side, loaded in the job thread only. */
  work(): Promise<ThreadTask>;
  /** The serving thread's side: what goes to the thread, the calls it answers besides the common ones, and the job's output. */
  serve(params: P, deps: JobDeps, thread: JobThread): Promise<JobOutput>;
}

/** The work on a job thread: its input as it crossed over, and the caller back to the serving thread. */
export type ThreadTask = (input: never, remote: ThreadCaller) => Promise<unknown>;

/** A job's task on a thread of the pool, as its serving side sees it. */
export interface JobThread {
  /**
   * Runs the task with `input`; the thread's calls are answered by `handlers` and by those every threaded
   * job has (its thread id, progress, the stored returns, the job's file: `thread-calls.ts`).
   */
  run(input: unknown, handlers?: ThreadHandlers): Promise<unknown>;
  /** The job's file as the thread wrote it, when the runner has no file store to write it into. */
  gathered(): JobFile | undefined;
}

/**
 * A descriptor as written, with its parameters' type taken from `parseParams`. A job whose work is already
 * a function `(params, deps) => Promise<JobOutput>` is `defineJob({ type, parseParams, run: work })`, or
 * `run: (params, deps) => work(params, { ...what it needs of deps })`.
 */
export function defineJob<P, T extends JobType>(descriptor: JobDescriptor<P, T>): JobDescriptor<P, T> {
  return descriptor;
}
