/**
 * The embedded job runner: job rows live in the store, so a job's status and file can be read through
 * any server sharing the store and survive a restart. Runners claim rows with a lease they renew while
 * working; a runner that dies stops renewing, and its job is claimed again (or, after too many tries,
 * fails with SVC-956): a job is never left "working".
 * @module
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobExecutor, JobRunner } from '../ports/jobs.js';
import type { RecoveryPolicy, Store } from '../ports/store.js';
import { systemClock, type Clock } from '../clock.js';
import { newJobRow } from './new-job.js';
import { defaultRecovery, runClaimedJob } from './run-job.js';
import { defaultFileUrl, jobFileOf, jobStatusOf } from './status.js';
import { createThreadPool, type ThreadPool } from './thread-pool.js';

export interface EmbeddedJobRunnerOptions {
  store: Store;
  clock?: Clock;
  /** Jobs running at once in this process. Default 2. */
  concurrency?: number;
  /** How long a claim lasts without renewal, ms. Default 30 s. */
  leaseMs?: number;
  /** How often to look for jobs submitted elsewhere or left by a dead runner, ms. Default 1 s. */
  pollMs?: number;
  /**
   * The store belongs to this process alone (PGlite, memory): every job found working at start was
   * interrupted by the previous run, whatever its lease says.
   */
  exclusive?: boolean;
  recovery?: RecoveryPolicy;
  /** Finished jobs and their files are deleted after this long, ms. Default 24 hours. */
  retainMs?: number;
  fileUrl?: (jobId: string) => string;
  /** False: accept and report jobs but run none here (workers elsewhere claim them). Default true. */
  work?: boolean;
  /**
   * Worker threads for the heavy work of pulls and exports (a number makes a pool this runner owns and
   * closes; 0 or none runs them on this thread, as tests and small demos may).
   */
  threads?: number | ThreadPool;
}

export interface EmbeddedJobRunner extends JobRunner {
  /** Resolves when no job is running or waiting here. */
  idle(): Promise<void>;
  readonly owner: string;
}

/** Builds the embedded runner. */
export function createEmbeddedJobRunner(options: EmbeddedJobRunnerOptions): EmbeddedJobRunner {
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1000;
  const recovery = options.recovery ?? defaultRecovery;
  const retainMs = options.retainMs ?? 86_400_000;
  const fileUrl = options.fileUrl ?? defaultFileUrl;
  const work = options.work ?? true;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const ownPool = typeof options.threads === 'number' && options.threads > 0 ? createThreadPool({ size: options.threads }) : undefined;
  const threads = typeof options.threads === 'object' ? options.threads : ownPool;
  let executor: JobExecutor | undefined;
  let running = 0;
  let claiming = false;
  let closed = false;
  let ready: Promise<void> = Promise.resolve();
  let poll: NodeJS.Timeout | undefined;
  const idleWaiters: Array<() => void> = [];
  /** Lease renewals of the jobs running here, by job id. */
  const live = new Map<string, () => Promise<void>>();
  const now = (): string => clock.now().toISOString();

  const settle = (): void => {
    if (running === 0 && !claiming) for (const w of idleWaiters.splice(0)) w();
  };

  const pump = async (): Promise<void> => {
    if (!executor || closed || claiming || !work) return;
    claiming = true;
    try {
      await ready;
      // Jobs running here are alive, however late their timers ran on a loaded machine: their leases are
      // renewed before claiming, so this runner never takes back (and runs twice) a job it is running.
      if (running < concurrency) await Promise.all([...live.values()].map((renew) => renew()));
      while (!closed && running < concurrency) {
        // Leases run on the machine's clock: an injected clock (tests, demos) may stand still or jump.
        const row = await store.claimJob(owner, new Date().toISOString(), new Date(Date.now() + leaseMs).toISOString(), recovery);
        if (!row) break;
        running++;
        const track = (renew: (() => Promise<void>) | undefined): void => {
          if (renew) live.set(row.jobId, renew);
          else live.delete(row.jobId);
        };
        void runClaimedJob({ store, clock, executor, owner, leaseMs, live: track }, row).finally(() => {
          running--;
          void pump();
          settle();
        });
      }
    } catch {
      // The store is unreachable for now; the next poll tries again.
    } finally {
      claiming = false;
      settle();
    }
  };

  return {
    owner,
    ...(threads ? { threads } : {}),
    attach(next) {
      executor = next;
      if (options.exclusive) {
        // Far in the future: every lease counts as run out, since no other process can hold one.
        ready = store.recoverJobs('9999-12-31T00:00:00.000Z', recovery).then(() => undefined);
      }
      void store.pruneJobs(new Date(clock.now().getTime() - retainMs).toISOString()).catch(() => {});
      poll = setInterval(() => void pump(), pollMs);
      poll.unref?.();
      void pump();
    },
    async submit(request) {
      const row = newJobRow(request, now());
      const { jobId } = row;
      await store.insertJob(row);
      queueMicrotask(() => void pump());
      return { jobId };
    },
    async status(companyId, jobId) {
      const row = await store.getJob(companyId, jobId);
      return row ? jobStatusOf(row, fileUrl) : undefined;
    },
    file: (companyId, jobId) => jobFileOf(store, companyId, jobId),
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        void pump().then(settle);
      });
    },
    async close() {
      closed = true;
      if (poll) clearInterval(poll);
      await new Promise<void>((resolve) => {
        if (running === 0) return resolve();
        const check = setInterval(() => {
          if (running === 0) {
            clearInterval(check);
            resolve();
          }
        }, 20);
      });
      await ownPool?.close();
    },
  };
}
