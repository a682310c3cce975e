/**
 * `ewaybill/extend`: the e-way bills a host marks as still moving, each extended inside the portal's window
 * (`jobs/ewaybill-extension.ts`). The `ewaybill-extend` schedule submits it.
 * @module
 */
import { jobNow } from './deps.js';
import { defineJob } from './descriptor.js';
import { readParams, text } from './params.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export const ewaybillExtend = defineJob({
  type: 'ewaybill/extend',
  parseParams: (raw) =>
    readParams(raw, (p) => ({
      gstin: text(p['gstin']),
      // A bill that is not an object reaches the work as an empty one, which its own check refuses.
      bills: (Array.isArray(p['bills']) ? p['bills'] : []).map((b) => (isObject(b) ? b : {})),
    })),
  async run(params, deps) {
    const { extendMovingBills } = await import('../ewaybill-extension.js');
    return extendMovingBills(params, { ewb: deps.ewb, companyId: deps.companyId, now: jobNow(deps), progress: deps.progress });
  },
});
