/**
 * GSTR-2B reconciliation and GSTR-1 building as they run inside a job worker thread: the purchases are
 * read, matched against the stored GSTR-2B and the file written here; the serving thread is asked only
 * for what it keeps (the stored returns as JSON text, the registered e-invoices, the job's file).
 * @module
 */
import type { IssuedInvoices } from '../gstr1/job.js';
import type { ReconcileJobRequest } from '../reconcile/job.js';
import type { Outcome } from '../issue.js';
import { progressOf, remoteReturns, remoteSink } from './gstr-thread-tasks.js';
import type { ThreadCaller } from './job-thread.js';

/** What a reconciliation sends back besides its file (which goes piece by piece through `openFile`/`write`). */
export interface ReconcileThreadResult {
  fileName: string;
  contentType: string;
  rows: number;
  summary: Record<string, number>;
  periods: string[];
}

/** A reconciliation: purchases, stored GSTR-2B and the workbook are all handled on this thread. */
export async function reconcileInThread(input: { request: ReconcileJobRequest; now: string; pieces?: boolean }, remote: ThreadCaller): Promise<Outcome<ReconcileThreadResult>> {
  const { reconcileStoredTo } = await import('../reconcile/job.js');
  return reconcileStoredTo(
    { store: remoteReturns(remote, input.pieces === true), now: () => new Date(input.now) },
    input.request,
    async (fileName, contentType) => {
      await remote.call('openFile', [fileName, contentType]);
      return remoteSink(remote);
    },
    progressOf(remote),
  );
}

/** What a GSTR-1 build sends back besides its file. */
export interface Gstr1ThreadResult {
  fileName: string;
  documents: number;
  sections: Record<string, number>;
  errors: unknown[];
  warnings: unknown[];
}

/** A GSTR-1 build: the registered e-invoices come over from the serving thread; the return is built here. */
export async function gstr1InThread(input: { companyId: string; gstin: string; period: string }, remote: ThreadCaller): Promise<Outcome<Gstr1ThreadResult>> {
  const { buildGstr1FromIssued } = await import('../gstr1/job.js');
  const issued: IssuedInvoices = (companyId, gstin, period) => remote.call('issuedInvoices', [companyId, gstin, period]);
  const progress = progressOf(remote);
  progress(0);
  const out = await buildGstr1FromIssued(issued, input);
  if (!out.ok) return out;
  const v = out.value;
  progress(0.5, { done: 0, total: v.placements.length });
  await remote.call('openFile', [v.fileName, 'application/json']);
  const sink = remoteSink(remote);
  await sink.write(v.data);
  await sink.close?.();
  progress(1, { done: v.placements.length, total: v.placements.length });
  return { ok: true, value: { fileName: v.fileName, documents: v.placements.length, sections: sectionsOf(v.placements), errors: v.errors, warnings: v.warnings } };
}

/** Documents placed in each GSTR-1 section. */
export function sectionsOf(placements: ReadonlyArray<{ section: string }>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const p of placements) counts.set(p.section, (counts.get(p.section) ?? 0) + 1);
  return Object.fromEntries(counts);
}
