/**
 * `gstr3b/compute`: GSTR-3B for one GSTIN and month computed from the e-invoices the host registered, the
 * GSTR-2B pulled into the store and what the request brings (sales register, IMS actions, purchase register,
 * adjustments); the drill-down workbook (or the save JSON) the job's file, the save JSON and the checks its
 * result.
 * @module
 */
import type { Gstr3bJobRequest } from '../../gstr3b/job.js';
import { jobFailed } from '../job-failure.js';
import { jobNow } from './deps.js';
import { defineJob } from './descriptor.js';
import { readParams, text } from './params.js';

/** Issues quoted in a failed computation's message at most (an unreadable register can have thousands). */
const MOST_ISSUES = 20;

/** The parameters as the route queues them (the company comes from the job). */
export type Gstr3bComputeParams = Omit<Gstr3bJobRequest, 'companyId'>;

export const gstr3bCompute = defineJob({
  type: 'gstr3b/compute',
  parseParams: (raw) =>
    readParams(raw, (p): Gstr3bComputeParams => {
      const optional = ['salesRegister', 'purchases', 'ims', 'adjustments', 'ledgers', 'compositionBuyers'] as const;
      const out: Gstr3bComputeParams = { gstin: text(p['gstin']), period: text(p['period']) };
      for (const k of optional) if (p[k] !== undefined) out[k] = p[k];
      if (typeof p['salesRegisterCsv'] === 'string') out.salesRegisterCsv = p['salesRegisterCsv'];
      if (typeof p['purchasesCsv'] === 'string') out.purchasesCsv = p['purchasesCsv'];
      // The work refuses a format it cannot write.
      if (p['format'] !== undefined) out.format = p['format'] as 'xlsx' | 'json';
      return out;
    }),
  async run(params, deps) {
    const { computeGstr3bStored } = await import('../../gstr3b/job.js');
    const out = await computeGstr3bStored(
      { store: deps.store, now: () => jobNow(deps), ...(deps.issuedInvoices ? { issuedInvoices: deps.issuedInvoices } : {}) },
      { companyId: deps.companyId, ...params },
    );
    if (!out.ok) return jobFailed(out.errors, MOST_ISSUES);
    const v = out.value;
    return {
      ok: true,
      result: { fileName: v.fileName, saveJson: v.saveJson, heldBack: v.heldBack, errors: v.errors, warnings: v.warnings },
      file: { fileName: v.fileName, contentType: v.contentType, data: v.data },
    };
  },
});
