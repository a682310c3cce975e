/**
 * `gstr1/build`: GSTR-1 for one GSTIN and period built from the e-invoices the host registered, the offline
 * tool's JSON the job's file, the pre-upload checks and the documents per section its result. On a job
 * thread the registered e-invoices come over from the serving thread and the return is built there.
 * @module
 */
import type { IssuedInvoices } from '../../gstr1/job.js';
import type { Outcome } from '../../issue.js';
import type { JobOutput } from '../../ports/jobs.js';
import { jobFailed } from '../job-failure.js';
import type { ThreadCaller } from '../thread-caller.js';
import { progressOf, remoteSink } from '../thread-remote.js';
import { defineJob } from './descriptor.js';
import { readParams, text } from './params.js';

/** A build's parameters, as the route queues them. */
export interface Gstr1BuildParams {
  gstin: string;
  period: string;
}

/** What a GSTR-1 build sends back from the thread besides its file. */
interface Gstr1ThreadResult {
  fileName: string;
  documents: number;
  sections: Record<string, number>;
  errors: unknown[];
  warnings: unknown[];
}

/** What crosses to the thread: whose e-invoices, for which GSTIN and period. */
interface Gstr1ThreadInput extends Gstr1BuildParams {
  companyId: string;
}

/** A server that keeps no e-invoices cannot build GSTR-1. */
const noInvoices: JobOutput = { ok: false, error: { code: 'SVC-955', message: 'this server keeps no e-invoices to build GSTR-1 from' } };

export const gstr1Build = defineJob({
  type: 'gstr1/build',
  parseParams: (raw) => readParams(raw, (p): Gstr1BuildParams => ({ gstin: text(p['gstin']), period: text(p['period']) })),
  async run(params, deps) {
    if (!deps.issuedInvoices) return noInvoices;
    const { buildGstr1FromIssued } = await import('../../gstr1/job.js');
    const out = await buildGstr1FromIssued(deps.issuedInvoices, { companyId: deps.companyId, ...params });
    if (!out.ok) return jobFailed(out.errors);
    const v = out.value;
    return {
      ok: true,
      result: { fileName: v.fileName, documents: v.placements.length, sections: sectionsOf(v.placements), errors: v.errors, warnings: v.warnings },
      file: { fileName: v.fileName, contentType: 'application/json', data: v.data },
    };
  },
  thread: {
    task: 'gstr1/build',
    work: async () => gstr1InThread,
    async serve(params, deps, thread) {
      const issued = deps.issuedInvoices;
      if (!issued) return noInvoices;
      const input: Gstr1ThreadInput = { companyId: deps.companyId, ...params };
      const out = (await thread.run(input, { issuedInvoices: issued })) as Outcome<Gstr1ThreadResult>;
      if (!out.ok) return jobFailed(out.errors);
      const file = thread.gathered();
      return { ok: true, result: out.value, ...(file ? { file } : {}) };
    },
  },
});

/** The thread's side: the registered e-invoices come over from the serving thread; the return is built here. */
async function gstr1InThread(input: Gstr1ThreadInput, remote: ThreadCaller): Promise<Outcome<Gstr1ThreadResult>> {
  const { buildGstr1FromIssued } = await import('../../gstr1/job.js');
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
  return {
    ok: true,
    value: { fileName: v.fileName, documents: v.placements.length, sections: sectionsOf(v.placements), errors: v.errors, warnings: v.warnings },
  };
}

/** Documents placed in each GSTR-1 section. */
function sectionsOf(placements: ReadonlyArray<{ section: string }>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const p of placements) counts.set(p.section, (counts.get(p.section) ?? 0) + 1);
  return Object.fromEntries(counts);
}
