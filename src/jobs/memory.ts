/**
 * The in-process job runner: accepts jobs at once, runs them with bounded concurrency, keeps
 * their status and files in memory. A host with several processes replaces it with a queue
 * (docs/providers.md shows BullMQ) behind the same {@link JobRunner} port.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { JobExecutor, JobFile, JobRequest, JobRunner, JobState, JobStatusRecord } from '../ports/jobs.js';
import { JobQueueFullError } from '../ports/jobs.js';
import { systemClock, type Clock } from '../clock.js';
import { istDateTime } from '../compute/dates.js';

const stateText = { 0: 'waiting', 1: 'working', 100: 'done', 101: 'failed' } as const;

interface Held {
  companyId: string;
  record: JobStatusRecord;
  request: JobRequest & { jobId: string };
  file?: JobFile;
}

export interface MemoryJobRunnerOptions {
  /** Jobs running at the same time. Default 2. */
  concurrency?: number;
  clock?: Clock;
  /** How long finished jobs are kept, in milliseconds. Default 24 hours. */
  retainMs?: number;
  /**
   * Most jobs held at once, waiting, running or finished. Default 1,000. A new job first makes room by
   * dropping the oldest finished ones; when every held job is unfinished it is refused (JobQueueFullError).
   */
  maxJobs?: number;
  /** Builds the `url` of a job's file. Default `/api/svc/robot/jobfile/{jobId}`. */
  fileUrl?: (jobId: string) => string;
}

/** A runner that can also be awaited until idle (tests, clean shutdown). */
export interface MemoryJobRunner extends JobRunner {
  idle(): Promise<void>;
}

/** Builds the in-process runner. */
export function createMemoryJobRunner(options: MemoryJobRunnerOptions = {}): MemoryJobRunner {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const clock = options.clock ?? systemClock;
  const retainMs = options.retainMs ?? 86_400_000;
  const maxJobs = Math.max(1, options.maxJobs ?? 1000);
  const fileUrl = options.fileUrl ?? ((id: string) => `/api/svc/robot/jobfile/${id}`);
  const jobs = new Map<string, Held>();
  const queue: Held[] = [];
  let executor: JobExecutor | undefined;
  let running = 0;
  let closed = false;
  const waiters: Array<() => void> = [];

  const set = (held: Held, state: JobState, extra: Partial<JobStatusRecord> = {}): void => {
    held.record = { ...held.record, ...extra, jobStatus: state, jobStatusText: stateText[state], updatedAt: istDateTime(clock.now()) };
  };

  const prune = (): void => {
    const cutoff = Date.now() - retainMs;
    for (const [id, h] of jobs) {
      if (h.record.jobStatus >= 100 && (h as Held & { doneAt?: number }).doneAt! < cutoff) jobs.delete(id);
    }
  };

  /** Drops the oldest finished jobs (a Map iterates in insertion order) until there is room for one more. */
  const makeRoom = (): void => {
    for (const [id, h] of jobs) {
      if (jobs.size < maxJobs) return;
      if (h.record.jobStatus >= 100) jobs.delete(id);
    }
    if (jobs.size >= maxJobs) throw new JobQueueFullError(maxJobs);
  };

  const settleIdle = (): void => {
    if (running === 0 && queue.length === 0) for (const w of waiters.splice(0)) w();
  };

  const pump = (): void => {
    while (executor && !closed && running < concurrency && queue.length > 0) {
      const held = queue.shift()!;
      running++;
      set(held, 1, { progress: 0 });
      const run = executor;
      void (async () => {
        try {
          const out = await run(held.request, (p) => {
            if (held.record.jobStatus === 1) set(held, 1, { progress: Math.max(0, Math.min(100, Math.round(p))) });
          });
          if (out.ok) {
            if (out.file) held.file = out.file;
            set(held, 100, {
              progress: 100,
              ...(out.result !== undefined ? { result: out.result } : {}),
              ...(out.file ? { url: fileUrl(held.record.jobId) } : {}),
            });
          } else {
            set(held, 101, { error: out.error });
          }
        } catch (e) {
          set(held, 101, { error: { code: 'SVC-950', message: e instanceof Error ? e.message : 'the job failed' } });
        } finally {
          (held as Held & { doneAt?: number }).doneAt = Date.now();
          running--;
          pump();
          settleIdle();
        }
      })();
    }
  };

  return {
    attach(next) {
      executor = next;
      pump();
    },
    async submit(request) {
      prune();
      makeRoom();
      const jobId = randomUUID();
      const now = istDateTime(clock.now());
      const held: Held = {
        companyId: request.companyId,
        request: { ...request, jobId },
        record: { jobId, jobType: request.type, jobStatus: 0, jobStatusText: 'waiting', createdAt: now, updatedAt: now },
      };
      jobs.set(jobId, held);
      queue.push(held);
      queueMicrotask(pump);
      return { jobId };
    },
    async status(companyId, jobId) {
      const h = jobs.get(jobId);
      return h && h.companyId === companyId ? { ...h.record } : undefined;
    },
    async file(companyId, jobId) {
      const h = jobs.get(jobId);
      return h && h.companyId === companyId ? h.file : undefined;
    },
    idle() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      closed = true;
      await new Promise<void>((resolve) => {
        if (running === 0) resolve();
        else waiters.push(resolve);
      });
    },
  };
}
