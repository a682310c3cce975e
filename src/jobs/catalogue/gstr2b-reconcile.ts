/**
 * `gstr2b/reconcile`: a purchase register (rows or CSV, in the parameters) matched against the GSTR-2B
 * returns pulled into the store, the reconciliation workbook (or JSON rows) the job's file. On a job thread
 * the purchases are read, matched and the file written there, so matching 100,000 purchases never holds up
 * the serving thread's event loop.
 * @module
 */
import type { Outcome } from '../../issue.js';
import type { ReconcileJobRequest } from '../../reconcile/job.js';
import type { ReconcileOptions } from '../../reconcile/types.js';
import { jobFailed } from '../job-failure.js';
import type { ThreadCaller } from '../thread-caller.js';
import { progressOf, remoteFile, remoteReturns } from '../thread-remote.js';
import { jobNow } from './deps.js';
import { defineJob } from './descriptor.js';
import { readParams, text } from './params.js';

/** Issues quoted in a failed reconciliation's message at most (an unreadable register can have thousands). */
const MOST_ISSUES = 20;

/** What a reconciliation sends back from the thread besides its file (which goes piece by piece). */
interface ReconcileThreadResult {
  fileName: string;
  contentType: string;
  rows: number;
  summary: Record<string, number>;
  periods: string[];
}

/** What crosses to the thread: the request, "now", and whether the store keeps returns in pieces. */
interface ReconcileThreadInput {
  request: ReconcileJobRequest;
  now: string;
  pieces?: boolean;
}

export const gstr2bReconcile = defineJob({
  type: 'gstr2b/reconcile',
  parseParams: (raw) =>
    readParams(
      raw,
      (p): ReconcileJobRequest => ({
        gstin: text(p['gstin']),
        startPeriod: text(p['startPeriod']),
        endPeriod: text(p['endPeriod']),
        ...(p['purchases'] !== undefined ? { purchases: p['purchases'] } : {}),
        ...(typeof p['purchasesCsv'] === 'string' ? { purchasesCsv: p['purchasesCsv'] } : {}),
        // The work refuses options and a format it cannot use.
        ...(p['options'] !== undefined ? { options: p['options'] as ReconcileOptions } : {}),
        ...(p['format'] !== undefined ? { format: p['format'] as 'xlsx' | 'json' } : {}),
      }),
    ),
  async run(params, deps) {
    const { reconcileStored } = await import('../../reconcile/job.js');
    const out = await reconcileStored(deps, params, (fraction, counts) => deps.progress(fraction * 100, counts));
    if (!out.ok) return jobFailed(out.errors, MOST_ISSUES);
    const v = out.value;
    return {
      ok: true,
      result: { fileName: v.fileName, rows: v.rows, summary: v.summary, periods: v.periods },
      file: { fileName: v.fileName, contentType: v.contentType, data: v.data },
    };
  },
  thread: {
    task: 'reconcile/2b',
    work: async () => reconcileInThread,
    async serve(params, deps, thread) {
      const { store } = deps;
      // Where the store keeps a return in pieces, the thread reads it one piece at a time.
      const input: ReconcileThreadInput = { request: params, now: jobNow(deps).toISOString(), pieces: store.info !== undefined && store.piece !== undefined };
      const out = (await thread.run(input)) as Outcome<ReconcileThreadResult>;
      if (!out.ok) return jobFailed(out.errors, MOST_ISSUES);
      const v = out.value;
      const file = thread.gathered();
      return { ok: true, result: { fileName: v.fileName, rows: v.rows, summary: v.summary, periods: v.periods }, ...(file ? { file } : {}) };
    },
  },
});

/** The thread's side: purchases, stored GSTR-2B and the file are all handled on this thread. */
async function reconcileInThread(input: ReconcileThreadInput, remote: ThreadCaller): Promise<Outcome<ReconcileThreadResult>> {
  const { reconcileStoredTo } = await import('../../reconcile/job.js');
  return reconcileStoredTo(
    { store: remoteReturns(remote, input.pieces === true), now: () => new Date(input.now) },
    input.request,
    (fileName, contentType) => remoteFile(remote, fileName, contentType),
    progressOf(remote),
  );
}
