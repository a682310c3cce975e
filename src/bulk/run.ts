/**
 * The one loop of every bulk registration: documents in windows; each window's valid documents are marked
 * started in the checkpoint, sent to the portal a few at a time at the limiter's pace, and recorded done
 * with their outcome. A run over a checkpoint an earlier run left skips what is done and tells the
 * registration which documents may already be at the portal (started, never recorded), so none is
 * registered twice.
 * @module
 */
import { error, type Issue } from '../issue.js';
import type { JobStep, JobSteps } from '../ports/jobs.js';
import type { RateLimiter } from '../ports/ratelimit.js';
import { bulkCodes } from './codes.js';
import { memorySteps } from './memory-steps.js';
import type { BulkDocumentOutcome, BulkEntry, BulkResult } from './outcome.js';
import { paced } from './pace.js';

/** What every bulk call takes besides its provider. */
export interface BulkRunOptions {
  /**
   * Where each document's start and outcome are recorded as the run goes; a run given the checkpoint of an
   * interrupted one resumes it. Default: in memory (the run cannot be resumed after its process ends).
   */
  checkpoint?: JobSteps;
  /** Paces the portal calls (one `take` per document, keyed per portal and GSTIN). Default: no pacing. */
  limiter?: RateLimiter;
  /** Documents sent to the portal at once. Default 4. */
  concurrency?: number;
  /** Told, after each window, how many documents have an outcome. */
  progress?: (done: number, total: number) => void;
}

/** How one kind of document is checked and registered. */
export interface BulkPlan<D, V> {
  /** The document ready to send, or why it cannot be. */
  check(document: unknown): { ok: true; value: D } | { ok: false; errors: Issue[] };
  /** The limiter's key for the document (a portal and a GSTIN). */
  paceKey(document: D): string;
  /** Registers it; `resumed` when an earlier run sent it and recorded no answer. */
  register(document: D, resumed: boolean): Promise<BulkEntry<V>>;
}

/** Documents read and recorded together: two checkpoint writes for each window. */
const WINDOW = 25;

/** Store failures end the run (a runner runs the job again, or fails it, as for any job); any other is the document's. */
const endsTheRun = (e: unknown): boolean => {
  const name = (e as Error | null)?.name;
  return name === 'StoreUnavailableError' || name === 'StoreFullError';
};

/** Runs `plan` over `documents`. */
export async function runBulk<D, V>(documents: readonly unknown[], plan: BulkPlan<D, V>, options: BulkRunOptions): Promise<BulkResult<V>> {
  const total = documents.length;
  const checkpoint = options.checkpoint ?? memorySteps();
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const outcomes: Array<BulkEntry<V> | undefined> = new Array(total);
  const started = new Set<number>();
  let done = 0;
  for (const step of await checkpoint.list()) {
    if (step.step < 0 || step.step >= total) continue;
    if (step.state === 'done' && step.data !== undefined && outcomes[step.step] === undefined) {
      outcomes[step.step] = step.data as BulkEntry<V>;
      done++;
    } else if (step.state === 'started') started.add(step.step);
  }
  options.progress?.(done, total);

  for (let from = 0; from < total; from += WINDOW) {
    const open: number[] = [];
    for (let i = from; i < Math.min(total, from + WINDOW); i++) if (outcomes[i] === undefined) open.push(i);
    if (open.length === 0) continue;
    const entries = new Map<number, BulkEntry<V>>();
    const ready: Array<{ index: number; document: D }> = [];
    for (const index of open) {
      const checked = plan.check(documents[index]);
      if (checked.ok) ready.push({ index, document: checked.value });
      else entries.set(index, { ok: false, errors: checked.errors });
    }
    // Marked before they are sent: a run killed now resends these knowing the portal may hold them.
    const fresh = ready.filter((r) => !started.has(r.index));
    if (fresh.length > 0) await checkpoint.put(fresh.map((r): JobStep => ({ step: r.index, state: 'started' })));
    let fatal: unknown;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < ready.length && fatal === undefined) {
        const { index, document } = ready[next++]!;
        try {
          await paced(options.limiter, plan.paceKey(document));
          entries.set(index, await plan.register(document, started.has(index)));
        } catch (e) {
          if (endsTheRun(e)) fatal ??= e;
          else entries.set(index, { ok: false, errors: [error(bulkCodes.providerFailed, `the provider failed: ${(e as Error)?.message ?? String(e)}`)] });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, ready.length) }, worker));
    // What was answered is recorded even when the run must end: those documents are not sent again.
    const answered = open.filter((i) => entries.has(i));
    if (answered.length > 0) await checkpoint.put(answered.map((i): JobStep => ({ step: i, state: 'done', data: entries.get(i) })));
    if (fatal !== undefined) throw fatal;
    for (const i of answered) outcomes[i] = entries.get(i);
    done += answered.length;
    options.progress?.(done, total);
  }

  // Every place has its outcome by now: recorded by an earlier run, or answered in its window.
  const listed: Array<BulkDocumentOutcome<V>> = Array.from({ length: total }, (_, index) => ({ index, ...(outcomes[index] as BulkEntry<V>) }));
  const registered = listed.filter((o) => o.ok).length;
  return { total, registered, failed: total - registered, documents: listed };
}
