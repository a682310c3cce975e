/**
 * Runs one claimed job row: the executor's progress goes to the store (throttled), its lease is kept
 * alive while it works, its file goes into the store chunk by chunk, its checkpoint (steps) beside it, and
 * the row ends done or failed.
 * Shared by the embedded runner and the BullMQ worker.
 * @module
 */
import type { JobCounts, JobExecutor, JobFileSink, JobType } from '../ports/jobs.js';
import type { JobRow, RecoveryPolicy, Store } from '../ports/store.js';
import { jobCodes } from '../ports/jobs.js';
import type { Clock } from '../clock.js';
import type { EventSink } from '../ports/events.js';
import { storeEventSink } from '../webhooks/store-events.js';

/** Chunk size of stored files. */
export const FILE_CHUNK_BYTES = 1 << 20;

/** An interrupted job runs again this many times in all, then fails with SVC-956. */
export const defaultRecovery: RecoveryPolicy = {
  maxAttempts: 3,
  error: { code: jobCodes.jobInterrupted, message: 'the job was interrupted (its server or worker stopped) and was not retried again; submit it again' },
};

export interface RunJobDeps {
  store: Store;
  clock: Clock;
  executor: JobExecutor;
  /** Who runs it (unique per runner). */
  owner: string;
  /** How long a claim lasts without a heartbeat. */
  leaseMs: number;
  /**
   * Told, while the job runs, how to renew its lease at once (and told undefined when it ends): a runner
   * renews the leases of its own live jobs before it claims, so it never takes back a job it is running.
   */
  live?: (renew: (() => Promise<void>) | undefined) => void;
  /** Told `job.done` or `job.failed` as the job ends, in the transaction that ends it. Default: the store's webhook outbox. */
  events?: EventSink;
}

type JobEnd = { state: 100 | 101; updatedAt: string; result?: unknown; error?: { code: string; message: string }; fileId?: string };

/** A result larger than this (as JSON) is left out of the job's event; the job's status still has it. */
const EVENT_RESULT_LIMIT = 64 * 1024;

/** The event of a job's end: what a receiver needs to act, without the job's parameters (they may hold secrets). */
function jobEvent(row: JobRow, end: JobEnd): Parameters<EventSink['emit']>[0] {
  const result = end.result === undefined ? undefined : JSON.stringify(end.result);
  return {
    type: end.state === 100 ? 'job.done' : 'job.failed',
    companyId: row.companyId,
    data: {
      jobId: row.jobId,
      jobType: row.type,
      jobStatus: end.state,
      jobStatusText: end.state === 100 ? 'done' : 'failed',
      updatedAt: end.updatedAt,
      ...(end.error ? { error: end.error } : {}),
      ...(result !== undefined && result.length <= EVENT_RESULT_LIMIT ? { result: end.result } : {}),
      ...(result !== undefined && result.length > EVENT_RESULT_LIMIT ? { resultOmitted: true } : {}),
      hasFile: end.fileId !== undefined,
    },
  };
}

/**
 * What a job's end means besides itself: a GSTR-2B pull done is the period's 2B available, which a host
 * waits for to reconcile (it appears on the 14th, or later when suppliers file late).
 */
function followingEvents(row: JobRow, end: JobEnd): Array<Parameters<EventSink['emit']>[0]> {
  if (row.type !== 'gstr2b/pull' || end.state !== 100) return [];
  const result = end.result !== null && typeof end.result === 'object' ? (end.result as Record<string, unknown>) : {};
  return [
    {
      type: 'gstr2b.available',
      companyId: row.companyId,
      data: {
        gstin: row.params['gstin'],
        returnPeriod: row.params['period'],
        pulledAt: end.updatedAt,
        jobId: row.jobId,
        ...(result['total'] !== undefined ? { documents: result['total'] } : {}),
        ...(result['documents'] !== undefined ? { bySection: result['documents'] } : {}),
      },
    },
  ];
}

/** Writes a file into the store in fixed-size chunks. */
function storeFileSink(store: Store, fileId: string): JobFileSink & { finish(): Promise<number> } {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  const flush = async (): Promise<void> => {
    if (pendingBytes === 0) return;
    const chunk = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await store.appendFileChunk(fileId, seq++, chunk);
  };
  return {
    async write(chunk) {
      // Copy: the writer may reuse its buffer once this resolves.
      pending.push(Uint8Array.from(chunk));
      pendingBytes += chunk.byteLength;
      size += chunk.byteLength;
      if (pendingBytes >= FILE_CHUNK_BYTES) await flush();
    },
    async finish() {
      await flush();
      await store.completeFile(fileId, size);
      return size;
    },
  };
}

/** Runs a claimed row to its end; never throws. */
export async function runClaimedJob(deps: RunJobDeps, row: JobRow): Promise<void> {
  const { store, clock, owner, leaseMs } = deps;
  const events = deps.events ?? storeEventSink(store, clock);
  // The job's end and its event are one transaction: a receiver is told of every end, and of no end that was not written.
  const finish = (end: JobEnd): Promise<void> =>
    store.atomically(async (tx) => {
      if (!(await tx.finishJob(row.jobId, owner, end))) return;
      await events.emit(jobEvent(row, end), tx);
      for (const event of followingEvents(row, end)) await events.emit(event, tx);
    });
  const now = (): string => clock.now().toISOString();
  // Leases run on the machine's clock: an injected clock (tests, demos) may stand still or jump.
  const lease = (): string => new Date(Date.now() + leaseMs).toISOString();
  let latest: { progress: number; counts?: JobCounts } | undefined;
  let lost = false;
  // Progress writes: a few times a second at most, and only when there is something new to write.
  let writing: Promise<void> = Promise.resolve();
  const writeProgress = (): void => {
    const snapshot = latest;
    if (!snapshot) return;
    latest = undefined;
    writing = writing
      .then(async () => {
        const kept = await store.touchJob(row.jobId, owner, {
          leaseUntil: lease(),
          updatedAt: now(),
          progress: snapshot.progress,
          ...(snapshot.counts ? { done: snapshot.counts.done, total: snapshot.counts.total } : {}),
        });
        if (!kept) lost = true;
      })
      .catch(() => {});
  };
  const progressTimer = setInterval(writeProgress, Math.max(100, Math.min(500, leaseMs / 4)));
  progressTimer.unref?.();
  // The lease is renewed on its own timer, never queued behind progress writes, three times per lease:
  // a job that is silent for long, or whose progress writes are slow, keeps its claim while it lives.
  let renewing: Promise<void> | undefined;
  const renew = (): Promise<void> => {
    renewing ??= store
      .touchJob(row.jobId, owner, { leaseUntil: lease(), updatedAt: now() })
      .then((kept) => {
        if (!kept) lost = true;
      })
      .catch(() => {})
      .finally(() => {
        renewing = undefined;
      });
    return renewing;
  };
  const leaseTimer = setInterval(() => void renew(), Math.max(50, leaseMs / 3));
  leaseTimer.unref?.();
  deps.live?.(renew);
  const stopBeats = async (): Promise<void> => {
    clearInterval(progressTimer);
    clearInterval(leaseTimer);
    deps.live?.(undefined);
    await renewing;
    await writing;
  };

  let sink: (JobFileSink & { finish(): Promise<number> }) | undefined;
  let fileId: string | undefined;
  const openFile = async (fileName: string, contentType: string): Promise<JobFileSink> => {
    fileId = `${row.jobId}.${row.attempts}`;
    await store.createFile({ fileId, companyId: row.companyId, fileName, contentType });
    sink = storeFileSink(store, fileId);
    return sink;
  };

  try {
    const out = await deps.executor(
      { jobId: row.jobId, type: row.type as JobType, companyId: row.companyId, params: row.params },
      (percent, counts) => {
        latest = { progress: Math.max(0, Math.min(100, Math.round(percent * 100) / 100)), ...(counts ? { counts } : {}) };
      },
      // The job's checkpoint lives beside its row: a run after a crash reads what the last one recorded.
      { openFile, steps: { list: () => store.jobSteps(row.jobId), put: (steps) => store.putJobSteps(row.jobId, steps) } },
    );
    // The last progress (the final counts) reaches the row before it is finished.
    writeProgress();
    await stopBeats();
    if (lost) return;
    if (out.ok) {
      if (out.file && !sink) {
        const s = await openFile(out.file.fileName, out.file.contentType);
        for (let i = 0; i < out.file.data.byteLength; i += FILE_CHUNK_BYTES) await s.write(out.file.data.subarray(i, i + FILE_CHUNK_BYTES));
      }
      if (sink) await sink.finish();
      await finish({
        state: 100,
        updatedAt: now(),
        ...(out.result !== undefined ? { result: out.result } : {}),
        ...(fileId ? { fileId } : {}),
      });
    } else {
      await finish({ state: 101, updatedAt: now(), error: out.error });
    }
  } catch (e) {
    await stopBeats();
    const name = (e as Error | null)?.name;
    // The database went away mid-job (a restart, a failover): the job is not failed for it. Its lease runs
    // out and it runs again, as when its runner dies.
    if (name === 'StoreUnavailableError') return;
    const error =
      name === 'StoreFullError'
        ? { code: jobCodes.storageFull, message: (e as Error).message }
        : { code: 'SVC-950', message: e instanceof Error ? e.message : 'the job failed' };
    await finish({ state: 101, updatedAt: now(), error }).catch(() => {});
  }
}
