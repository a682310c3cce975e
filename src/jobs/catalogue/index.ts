/**
 * The job catalogue: every job type the job runners know, each with one descriptor
 * ({@link JobDescriptor}): how its parameters are read from the data it was queued with, its work in the
 * serving process, and the same work on a job worker thread. The executor (`../executor.ts`) and the job
 * thread (`../job-thread.ts`) both dispatch through this table, and {@link jobRequest} gives the routes the
 * typed request to queue.
 *
 * To add a job type, name it in the port's `JobTypes` (`src/ports/jobs.ts`), write one file here, and add one
 * line to {@link jobCatalogue}. The file reads the parameters and wraps the work; a work function
 * `(params, deps) => Promise<JobOutput>` (deps being what it needs of {@link JobDeps}) is wrapped as it is.
 * (The port lists the types itself rather than each file adding its own by module augmentation: the
 * published declarations of this index do not load the descriptor files, so an augmentation there would
 * not reach a host's compiler.)
 *
 * ```ts
 * // src/jobs/catalogue/ims-pull.ts
 * import { pullIms, type ImsPullParams } from '../../gstr/ims-pull.js';
 * import { defineJob } from './descriptor.js';
 * import { readParams, text } from './params.js';
 *
 * export const imsPull = defineJob({
 *   type: 'ims/pull',
 *   parseParams: (raw) => readParams(raw, (p): ImsPullParams => ({ gstin: text(p['gstin']), period: text(p['period']) })),
 *   run: (params, deps) => pullIms(params, deps),
 * });
 * ```
 *
 * with `'ims/pull': true` in `JobTypes`, and here `'ims/pull': imsPull,`. TypeScript then holds the two together: a type named in `JobTypes` with
 * no line here, or a line with no type, does not compile. A job that needs a service no job had yet adds it
 * as an optional field of {@link JobServices} (it reaches `deps` as it is) and the host passes it to
 * `gstrJobExecutor`. A job without `thread` runs in process even when the executor has threads; one with it
 * also gives the thread's side (`work`, under a task name of its own) and the serving thread's (`serve`).
 * @module
 */
import type { JobRequest, JobType } from '../../ports/jobs.js';
import { ewaybillBulk, irnBulk } from './bulk.js';
import type { JobDescriptor, ThreadTask } from './descriptor.js';
import { ewaybillExtend } from './ewaybill-extend.js';
import { gstr1Build } from './gstr1-build.js';
import { gstr2bReconcile } from './gstr2b-reconcile.js';
import { gstr2aExport, gstr2bExport, gstr3bExport } from './gstr-export.js';
import { gstr2aPull, gstr2bPull, gstr3bPull } from './gstr-pull.js';
import { gstr1File, gstr1Upload, imsAction, imsPull } from './live-gst-portal.js';
import { gstr3bCompute } from './gstr3b-compute.js';

export { defineJob, type JobDescriptor, type JobThread, type JobThreadForm, type ThreadTask } from './descriptor.js';
export type { BulkServices, JobDeps, JobServices } from './deps.js';
export { readParams, text } from './params.js';

/** Every job type with its descriptor. */
export const jobCatalogue = {
  'gstr2a/pull': gstr2aPull,
  'gstr2b/pull': gstr2bPull,
  'gstr3b/pull': gstr3bPull,
  'gstr2a/export': gstr2aExport,
  'gstr2b/export': gstr2bExport,
  'gstr3b/export': gstr3bExport,
  'gstr2b/reconcile': gstr2bReconcile,
  'gstr1/build': gstr1Build,
  'ims/pull': imsPull,
  'ims/action': imsAction,
  'gstr1/upload': gstr1Upload,
  'gstr1/file': gstr1File,
  'ewaybill/extend': ewaybillExtend,
  'gstr3b/compute': gstr3bCompute,
  'irn/bulk': irnBulk,
  'ewaybill/bulk': ewaybillBulk,
} as const satisfies { readonly [T in JobType]: JobDescriptor<unknown, T> };

/** The parameters a job of type `T` is queued with. */
export type JobParams<T extends JobType> = (typeof jobCatalogue)[T] extends JobDescriptor<infer P, T> ? P : never;

/** The descriptor of a job type; undefined for a type this version does not know (a queue may hold anything). */
export function jobDescriptorOf(type: string): JobDescriptor<unknown> | undefined {
  return Object.hasOwn(jobCatalogue, type) ? jobCatalogue[type as JobType] : undefined;
}

/** The thread's side of the work a job thread knows as `task`; undefined when no job type runs it. */
export function jobThreadTask(task: string): Promise<ThreadTask> | undefined {
  const catalogue: ReadonlyArray<JobDescriptor<unknown>> = Object.values(jobCatalogue);
  return catalogue.find((descriptor) => descriptor.thread?.task === task)?.thread?.work();
}

/** The request that queues a job of `type` for a company, its parameters typed by the catalogue. */
export function jobRequest<T extends JobType>(type: T, companyId: string, params: JobParams<T>): JobRequest {
  // Every job's parameters are a plain object of JSON values, as a queue carries them.
  return { type, companyId, params: params as Record<string, unknown> };
}
