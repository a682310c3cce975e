/**
 * Bulk e-waybill generation: each document checked as `POST generateewaybill` checks it (the rules engine),
 * then generated through the e-waybill provider for the caller's GSTIN. A document an interrupted run sent
 * without recording the answer is sent again, and the portal's 604 (one e-waybill per document) then gives
 * the e-waybill that run generated.
 * @module
 */
import { istDate } from '../compute/dates.js';
import { str } from '../compute/payload.js';
import { error } from '../issue.js';
import type { Company } from '../ports/company.js';
import type { EwbGenerated, EwbProvider } from '../ports/ewaybill.js';
import type { Refusal } from '../ports/result.js';
import type { EwbPayload } from '../types/payloads.js';
import { validate } from '../validate.js';
import { bulkCodes } from './codes.js';
import type { BulkEntry, BulkResult, EwbIssued } from './outcome.js';
import { runBulk, type BulkPlan, type BulkRunOptions } from './run.js';

/** What {@link bulkGenerateEwaybill} takes. */
export interface BulkEwbOptions extends BulkRunOptions {
  /** The e-waybill portal: the sandbox's, or NIC's connector. */
  provider: EwbProvider;
  company: Company;
  /** The GSTIN generating the e-waybills (one of the company's), as `?gstin=` of the single route. */
  gstin: string;
  /** The date the rules compare with, DD/MM/YYYY. Default: today in India. */
  today?: string;
}

const issued = (e: EwbGenerated, recovered: boolean): BulkEntry<EwbIssued> => ({
  ok: true,
  EwbNo: String(e.EwbNo),
  EwbTime: e.EwbTime,
  EwbValidTill: e.EwbValidTill ?? null,
  ...(recovered ? { recovered: true as const } : {}),
});

/**
 * Generates an e-waybill for each of `documents` (e-waybill requests in any spelling `validate('ewb', ...)`
 * reads), in order, and answers each one's number, time and validity or its coded errors.
 */
export function bulkGenerateEwaybill(documents: readonly unknown[], options: BulkEwbOptions): Promise<BulkResult<EwbIssued>> {
  const { provider, company } = options;
  const gstin = options.gstin.trim().toUpperCase();
  const ctx = { company };
  const validateOptions = { today: options.today ?? istDate(new Date()), ...(company.aato !== undefined ? { aato: company.aato } : {}) };
  const owned = company.gstins.includes(gstin);

  /** 604 on a document this job sent before: the e-waybill generated then, as the refusal or the provider names it. */
  const recover = async (request: EwbPayload, refusal: Refusal): Promise<BulkEntry<EwbIssued> | undefined> => {
    const info = refusal.info ?? {};
    if (info['EwbNo'] && info['EwbTime'])
      return issued(
        { EwbNo: String(info['EwbNo']), EwbTime: String(info['EwbTime']), EwbValidTill: (info['EwbValidTill'] as string | null) ?? null, EwbStatus: 'ACT' },
        true,
      );
    const found = await provider.generatedForDocument?.(ctx, gstin, { docType: str(request.docType), docNo: str(request.docNo) });
    return found?.ok ? issued(found.value, true) : undefined;
  };

  const plan: BulkPlan<EwbPayload, EwbIssued> = {
    check(document) {
      if (!owned) return { ok: false, errors: [error(bulkCodes.forbidden, `the company may not act for GSTIN ${gstin}`)] };
      const checked = validate('ewb', document, validateOptions);
      return checked.ok ? { ok: true, value: checked.value } : { ok: false, errors: checked.errors };
    },
    paceKey: () => `ewb:${gstin}`,
    async register(request, resumed) {
      const out = await provider.generate(ctx, gstin, request);
      if (out.ok) return issued(out.value, false);
      if (resumed && out.errors.some((e) => e.code === '604')) {
        const recovered = await recover(request, out);
        if (recovered) return recovered;
      }
      return { ok: false, errors: out.errors };
    },
  };
  return runBulk(documents, plan, options);
}
