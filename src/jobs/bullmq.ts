/**
 * Jobs on BullMQ (Redis at REDIS_URL) for hosts with several servers and workers: a server records the
 * job row in the store and puts a message on the queue; a `gstkit worker` takes the message, claims the
 * row and runs it. Status and files are read from the store, so any server answers for any job. BullMQ
 * is an optional peer dependency: install it next to gstkit when you set REDIS_URL.
 *
 * The store decides; a message only wakes a worker. A worker drops a message whose job it cannot claim,
 * and every worker sweeps the store: a dead worker's job whose lease ran out is put back to waiting (or
 * failed after too many tries), and any waiting job with no live message (its message was lost, failed,
 * or never existed because the store re-queued the job) gets one, so a job never waits forever.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { JobQueueUnavailableError, type JobExecutor, type JobRunner } from '../ports/jobs.js';
import type { RecoveryPolicy, Store } from '../ports/store.js';
import { systemClock, type Clock } from '../clock.js';
import { newJobRow } from './new-job.js';
import { defaultRecovery, runClaimedJob } from './run-job.js';
import { defaultFileUrl, jobFileOf, jobStatusOf } from './status.js';
import { connectRedis } from './redis-connection.js';

export const DEFAULT_QUEUE = 'gstkit-jobs';

type Bull = typeof import('bullmq');

async function loadBullmq(): Promise<Bull> {
  try {
    return await import('bullmq');
  } catch {
    throw new Error('REDIS_URL is set but the "bullmq" package is not installed: npm install bullmq');
  }
}

/** How a job's message is kept: once run it is removed; a few failed ones are kept to look at. */
const messageOptions = (messageId: string) => ({
  jobId: messageId,
  attempts: 3,
  backoff: { type: 'fixed' as const, delay: 2000 },
  removeOnComplete: true,
  removeOnFail: 1000,
});

/** The message that wakes a worker for a job re-queued after `attempts` tries (BullMQ ids may not hold ':'). */
const requeuedMessageId = (jobId: string, attempts: number): string => (attempts === 0 ? `${jobId}-again` : `${jobId}-r${attempts}`);

/**
 * Messages that will still wake a worker. An active one does not count: a job back at waiting has no live
 * runner, so its active message belongs to a dead worker (or to one about to claim it, and then the extra
 * message finds the job taken and is dropped).
 */
const liveStates = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

/**
 * One sweep: re-queues (or fails) jobs whose runner's lease ran out, then adds a message for every waiting
 * job that has none alive. A job submitted less than `freshMs` ago is left to its own message.
 */
/** What a sweep needs of a BullMQ queue, so the published declarations name no type of the optional bullmq. */
export interface SweptQueue {
  getJob(id: string): Promise<{ getState(): Promise<string>; remove(): Promise<void> } | undefined>;
  add(name: string, data: { jobId: string; companyId: string }, options: ReturnType<typeof messageOptions>): Promise<unknown>;
}

export async function sweepJobs(store: Store, queue: SweptQueue, recovery: RecoveryPolicy, freshMs: number): Promise<number> {
  await store.recoverJobs(new Date().toISOString(), recovery);
  const cutoff = new Date(Date.now() - freshMs).toISOString();
  let added = 0;
  for (const row of await store.waitingJobs(100)) {
    if (row.attempts === 0 && row.updatedAt > cutoff) continue;
    const ids = [row.jobId, requeuedMessageId(row.jobId, row.attempts)];
    let alive = false;
    for (const id of ids) {
      const message = await queue.getJob(id);
      if (message && liveStates.has(await message.getState())) alive = true;
    }
    if (alive) continue;
    const id = requeuedMessageId(row.jobId, row.attempts);
    // A spent message under that id (failed and kept) would make the add a no-op: clear it first.
    await (await queue.getJob(id))?.remove().catch(() => undefined);
    await queue.add(row.type, { jobId: row.jobId, companyId: row.companyId }, messageOptions(id));
    added++;
  }
  return added;
}

export interface BullJobRunnerOptions {
  store: Store;
  redisUrl: string;
  queueName?: string;
  clock?: Clock;
  fileUrl?: (jobId: string) => string;
  /** Deadline of each Redis command and of connecting, ms (default 2000). */
  timeoutMs?: number;
}

/** A server's side: submits to the queue, reads status and files from the store. Runs no job itself. */
export async function createBullJobRunner(options: BullJobRunnerOptions): Promise<JobRunner> {
  const { Queue } = await loadBullmq();
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const fileUrl = options.fileUrl ?? defaultFileUrl;
  const connection = await connectRedis(options.redisUrl, { use: 'commands', ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const queue = new Queue(options.queueName ?? DEFAULT_QUEUE, { connection });
  await queue.waitUntilReady();
  const unavailable = (e: unknown): JobQueueUnavailableError => new JobQueueUnavailableError((e as Error).message);
  return {
    // Workers (`gstkit worker`) run the jobs; a server only accepts them.
    attach() {},
    async submit(request) {
      const row = newJobRow(request, clock.now().toISOString());
      const { jobId } = row;
      await store.insertJob(row);
      try {
        await queue.add(request.type, { jobId, companyId: request.companyId }, messageOptions(jobId));
      } catch (e) {
        // The client is told the job was not started, so it must not start later: the row is failed (a
        // message that reaches Redis after all finds nothing to claim). Were the store down too, the row
        // would wait for a worker's sweep and run; the client, told 503, may send it again.
        const error = unavailable(e);
        await store
          .finishJob(jobId, undefined, { state: 101, updatedAt: clock.now().toISOString(), error: { code: 'SVC-951', message: error.message } })
          .catch(() => undefined);
        throw error;
      }
      return { jobId };
    },
    async status(companyId, jobId) {
      const row = await store.getJob(companyId, jobId);
      return row ? jobStatusOf(row, fileUrl) : undefined;
    },
    file: (companyId, jobId) => jobFileOf(store, companyId, jobId),
    async ping() {
      await connection.ping().catch((e: unknown) => {
        throw unavailable(e);
      });
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}

export interface BullWorkerOptions {
  store: Store;
  redisUrl: string;
  executor: JobExecutor;
  queueName?: string;
  clock?: Clock;
  /** Jobs at once in this worker. Default 2. */
  concurrency?: number;
  leaseMs?: number;
  recovery?: RecoveryPolicy;
  /** How often this worker sweeps the store for jobs left without a message, ms. Default half the lease. */
  sweepMs?: number;
  /** Deadline of each Redis command of a sweep and of connecting, ms (default 2000). */
  timeoutMs?: number;
}

/** A worker: takes messages off the queue and runs their jobs. Resolves once connected; `close` stops it. */
export async function startBullWorker(options: BullWorkerOptions): Promise<{ close(): Promise<void>; owner: string }> {
  const { Worker, Queue } = await loadBullmq();
  const { store, executor } = options;
  const clock = options.clock ?? systemClock;
  const leaseMs = options.leaseMs ?? 30_000;
  const recovery = options.recovery ?? defaultRecovery;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const queueName = options.queueName ?? DEFAULT_QUEUE;
  const timeout = options.timeoutMs ? { timeoutMs: options.timeoutMs } : {};
  // The worker waits on its own connection for messages, as long as Redis is away; its sweeps use one
  // with deadlines, so a stalled Redis never holds a sweep (nor the worker's shutdown) for long.
  const connection = await connectRedis(options.redisUrl, { use: 'blocking', ...timeout });
  const commands = await connectRedis(options.redisUrl, { use: 'commands', ...timeout }).catch((e: unknown) => {
    connection.disconnect();
    throw e;
  });
  // Lease renewals of the jobs running here, by job id: renewed before each claim and sweep, which would
  // otherwise take back a job of this worker whose timers ran late on a loaded machine.
  const live = new Map<string, () => Promise<void>>();
  const track =
    (jobId: string) =>
    (renew: (() => Promise<void>) | undefined): void => {
      if (renew) live.set(jobId, renew);
      else live.delete(jobId);
    };
  const worker = new Worker(
    queueName,
    async (message) => {
      const { jobId } = message.data as { jobId: string; companyId: string };
      // Not claimable (done, or held by a runner whose lease still runs): nothing to do here. Should that
      // runner be dead, the sweep re-queues the job once its lease runs out and adds a fresh message.
      // A claim also takes back jobs whose lease ran out: this worker's own live ones are renewed first.
      await Promise.all([...live.values()].map((renew) => renew()));
      const row = await store.claimJob(owner, new Date().toISOString(), new Date(Date.now() + leaseMs).toISOString(), recovery, { jobId });
      if (row) await runClaimedJob({ store, clock, executor, owner, leaseMs, live: track(row.jobId) }, row);
    },
    {
      connection,
      concurrency: Math.max(1, options.concurrency ?? 2),
      maxStalledCount: recovery.maxAttempts,
    },
  );
  worker.on('error', () => {});
  await worker.waitUntilReady();
  const queue = new Queue(queueName, { connection: commands });
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = (): void => {
    sweeping = sweeping
      .then(() => Promise.all([...live.values()].map((renew) => renew())))
      .then(() => sweepJobs(store, queue, recovery, Math.max(leaseMs, 5000)))
      .catch(() => undefined);
  };
  const timer = setInterval(sweep, options.sweepMs ?? Math.max(250, leaseMs / 2));
  timer.unref?.();
  sweep();
  return {
    owner,
    async close() {
      clearInterval(timer);
      await sweeping;
      await worker.close();
      await queue.close();
      connection.disconnect();
      commands.disconnect();
    },
  };
}
