/**
 * Job runners behind the {@link JobRunner} port: the embedded runner (job rows in the store) and BullMQ
 * on Redis with workers in other processes; the job catalogue (one descriptor per job type) and the
 * executor that runs it.
 *
 * @example
 * const jobs = createEmbeddedJobRunner({ store });
 * @module
 */
export { createMemoryJobRunner, type MemoryJobRunner, type MemoryJobRunnerOptions } from './memory.js';
export { gstrJobExecutor } from './executor.js';
export { createJobSecrets } from './job-secrets.js';
export {
  jobCatalogue,
  jobRequest,
  defineJob,
  readParams,
  type JobParams,
  type JobDescriptor,
  type JobThreadForm,
  type JobThread,
  type ThreadTask,
  type JobDeps,
  type JobServices,
} from './catalogue/index.js';
export { jobCodes } from '../ports/jobs.js';
export { createEmbeddedJobRunner, type EmbeddedJobRunner, type EmbeddedJobRunnerOptions } from './embedded.js';
export { createBullJobRunner, startBullWorker, DEFAULT_QUEUE, type BullJobRunnerOptions, type BullWorkerOptions } from './bullmq.js';
export { runClaimedJob, defaultRecovery, FILE_CHUNK_BYTES, type RunJobDeps } from './run-job.js';
export { jobStatusOf, jobFileOf, defaultFileUrl } from './status.js';
export { createThreadPool, type ThreadPool, type ThreadPoolOptions, type ThreadHandlers } from './thread-pool.js';
export { threadPdfRenderer } from './pdf-threads.js';
export { createInquiryOutbox, defaultInquiryBackoff, type InquiryOutbox, type InquiryOutboxOptions } from './outbox.js';
export {
  createScheduler,
  newScheduleRow,
  nextOccurrence,
  readCron,
  readScheduleRequest,
  scheduleCodes,
  scheduleKinds,
  scheduleTypes,
  scheduleView,
  type ScheduleKind,
  type ScheduleRequest,
  type ScheduleRunReport,
  type ScheduleType,
  type Scheduler,
  type SchedulerOptions,
} from './schedule/index.js';
