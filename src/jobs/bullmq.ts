/**
 * Jobs on BullMQ (Redis at REDIS_URL) for hosts with several servers and workers: a server records the
 * job row in the store and puts a message on the queue; a `gstkit worker` takes the message, claims the
 * row and runs it. Status and files are read from the store, so any server answers for any job. BullMQ
 * is an optional peer dependency: install it next to gstkit when you set REDIS_URL.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobExecutor, JobRunner } from '../ports/jobs.js';
import type { RecoveryPolicy, Store } from '../ports/store.js';
import { systemClock, type Clock } from '../sandbox/time.js';
import { defaultRecovery, runClaimedJob } from './run-job.js';
import { defaultFileUrl, jobFileOf, jobStatusOf } from './status.js';

export const DEFAULT_QUEUE = 'gstkit-jobs';

type Bull = typeof import('bullmq');

async function loadBullmq(): Promise<Bull> {
  try {
    return await import('bullmq');
  } catch {
    throw new Error('REDIS_URL is set but the "bullmq" package is not installed: npm install bullmq');
  }
}

type RedisClient = import('ioredis').Redis;

/** A Redis connection for BullMQ (ioredis, BullMQ's optional peer); workers need unlimited retries. */
async function connect(url: string): Promise<RedisClient> {
  let IORedis: typeof import('ioredis').Redis;
  try {
    IORedis = (await import('ioredis')).Redis;
  } catch {
    throw new Error('REDIS_URL is set but the "ioredis" package is not installed: npm install bullmq ioredis');
  }
  const client = new IORedis(url, { maxRetriesPerRequest: null, lazyConnect: true });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (e) {
    client.disconnect();
    throw new Error(`cannot reach Redis at REDIS_URL: ${(e as Error).message}`);
  }
  return client;
}

export interface BullJobRunnerOptions {
  store: Store;
  redisUrl: string;
  queueName?: string;
  clock?: Clock;
  fileUrl?: (jobId: string) => string;
}

/** A server's side: submits to the queue, reads status and files from the store. Runs no job itself. */
export async function createBullJobRunner(options: BullJobRunnerOptions): Promise<JobRunner> {
  const { Queue } = await loadBullmq();
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const fileUrl = options.fileUrl ?? defaultFileUrl;
  const connection = await connect(options.redisUrl);
  const queue = new Queue(options.queueName ?? DEFAULT_QUEUE, { connection });
  await queue.waitUntilReady();
  return {
    // Workers (`gstkit worker`) run the jobs; a server only accepts them.
    attach() {},
    async submit(request) {
      const jobId = randomUUID();
      const at = clock.now().toISOString();
      await store.insertJob({ jobId, companyId: request.companyId, type: request.type, params: request.params, state: 0, done: 0, total: 0, progress: 0, attempts: 0, createdAt: at, updatedAt: at });
      await queue.add(request.type, { jobId, companyId: request.companyId }, {
        jobId,
        // A message whose row another runner still holds is tried again later (see the worker).
        attempts: 20,
        backoff: { type: 'fixed', delay: 5000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      });
      return { jobId };
    },
    async status(companyId, jobId) {
      const row = await store.getJob(companyId, jobId);
      return row ? jobStatusOf(row, fileUrl) : undefined;
    },
    file: (companyId, jobId) => jobFileOf(store, companyId, jobId),
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
}

/** A worker: takes messages off the queue and runs their jobs. Resolves once connected; `close` stops it. */
export async function startBullWorker(options: BullWorkerOptions): Promise<{ close(): Promise<void>; owner: string }> {
  const { Worker } = await loadBullmq();
  const { store, executor } = options;
  const clock = options.clock ?? systemClock;
  const leaseMs = options.leaseMs ?? 30_000;
  const recovery = options.recovery ?? defaultRecovery;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const connection = await connect(options.redisUrl);
  const worker = new Worker(
    options.queueName ?? DEFAULT_QUEUE,
    async (message) => {
      const { jobId, companyId } = message.data as { jobId: string; companyId: string };
      const row = await store.claimJob(owner, new Date().toISOString(), new Date(Date.now() + leaseMs).toISOString(), recovery, { jobId });
      if (!row) {
        const current = await store.getJob(companyId, jobId);
        // Held by a runner whose lease has not run out yet (it may have died): try again after a pause.
        if (current?.state === 1) throw new Error(`job ${jobId} is held by ${current.owner ?? 'another runner'}`);
        return;
      }
      await runClaimedJob({ store, clock, executor, owner, leaseMs }, row);
    },
    {
      connection,
      concurrency: Math.max(1, options.concurrency ?? 2),
      maxStalledCount: recovery.maxAttempts,
    },
  );
  worker.on('error', () => {});
  await worker.waitUntilReady();
  return {
    owner,
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
