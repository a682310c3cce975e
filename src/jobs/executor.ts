/**
 * What a job runner (in process, or a queue worker elsewhere) executes: the job's descriptor from the job
 * catalogue (`catalogue/`), its parameters read once, and its work run in process or, when the host gave
 * worker threads and the job has a threaded form, on a job thread.
 * @module
 */
import { gstrCodes } from '../ports/gst-portal.js';
import type { JobContext, JobCounts, JobExecutor, JobOutput, JobRequest, ThreadPool } from '../ports/jobs.js';
import type { JobDeps, JobServices } from './catalogue/deps.js';
import type { JobThreadForm } from './catalogue/descriptor.js';
import { jobDescriptorOf } from './catalogue/index.js';
import { jobFailed } from './job-failure.js';
import { storeAndFileCalls } from './thread-calls.js';

/**
 * The executor of every job in the catalogue (GSTR pulls and exports, reconciliations, GSTR-1 builds) over
 * a host's services. A queue worker in another process builds the same executor and calls it with the
 * job's data.
 */
export function gstrJobExecutor(services: JobServices): JobExecutor {
  return async (job, progress, context): Promise<JobOutput> => {
    const descriptor = jobDescriptorOf(job.type);
    if (!descriptor) return jobFailed([{ code: gstrCodes.badRequest, message: `no job of type ${job.type}` }]);
    const params = descriptor.parseParams(job.params);
    if (!params.ok) return jobFailed(params.errors);
    const deps = jobDeps(services, job, progress, context);
    if (services.threads && descriptor.thread) return onThread(services.threads, descriptor.thread, params.value, deps);
    return descriptor.run(params.value, deps);
  };
}

/** The services resolved for the job's company, with the runner's progress and file. */
function jobDeps(services: JobServices, job: JobRequest, progress: (percent: number, counts?: JobCounts) => void, context: JobContext | undefined): JobDeps {
  const { store, clock, ...rest } = services;
  return {
    ...rest,
    companyId: job.companyId,
    store: typeof store === 'function' ? store(job.companyId) : store,
    ...(clock ? { now: () => clock.now() } : {}),
    progress,
    ...(context ? { context } : {}),
  };
}

/** Runs a job's threaded form on a thread of `pool`, answering the calls every threaded job makes. */
function onThread<P>(pool: ThreadPool, form: JobThreadForm<P>, params: P, deps: JobDeps): Promise<JobOutput> {
  const calls = storeAndFileCalls(deps.store, deps.progress, deps.context, deps.onThread);
  return form.serve(params, deps, {
    run: (input, handlers = {}) => pool.run(form.task, input, { ...calls.handlers, ...handlers }),
    gathered: calls.gathered,
  });
}
