/**
 * Bulk IRN generation: each invoice, credit or debit note checked as `POST generateirn` checks it (the
 * rules engine, then the company's seller GSTIN), then registered through the IRP provider. A document an
 * interrupted run sent without recording the answer is sent again, and the IRP's 2150 (duplicate) then
 * gives the IRN that run registered.
 * @module
 */
import { str } from '../compute/payload.js';
import { istDate } from '../compute/dates.js';
import { error } from '../issue.js';
import type { Company } from '../ports/company.js';
import type { IrpProvider, RegisteredIrn } from '../ports/irp.js';
import type { ProviderResult } from '../ports/result.js';
import type { IrnPayload } from '../types/payloads.js';
import { validate } from '../validate.js';
import { bulkCodes } from './codes.js';
import type { BulkEntry, BulkResult, IrnIssued } from './outcome.js';
import { runBulk, type BulkPlan, type BulkRunOptions } from './run.js';

/** What {@link bulkGenerateIrn} takes. */
export interface BulkIrnOptions extends BulkRunOptions {
  /** The IRP: the sandbox's, or NIC's connector. */
  provider: IrpProvider;
  /** Who registers: each document's seller GSTIN must be one of its GSTINs; its turnover drives the rules that need it. */
  company: Company;
  /** The reporting date the rules compare with, DD/MM/YYYY. Default: today in India. */
  today?: string;
  /** The IRP's reporting window in days, as the single route applies it (off by default). */
  reportingWindowDays?: number;
}

/** The acknowledgement of a registered IRN, as the bulk result lists it. */
const issued = (r: Pick<RegisteredIrn, 'Irn' | 'AckNo' | 'AckDt'>, recovered: boolean): BulkEntry<IrnIssued> => ({
  ok: true,
  Irn: r.Irn,
  AckNo: String(r.AckNo),
  AckDt: r.AckDt,
  ...(recovered ? { recovered: true as const } : {}),
});

/**
 * Registers `documents` (e-invoice payloads in any spelling `validate('irn', ...)` reads), in order, and
 * answers each one's IRN, AckNo and AckDt or its coded errors.
 *
 * @example
 * const result = await bulkGenerateIrn(invoices, { provider: sandbox.providers.irp, company });
 * for (const d of result.documents) console.log(d.index, d.ok ? d.Irn : d.errors.map((e) => e.code));
 */
export function bulkGenerateIrn(documents: readonly unknown[], options: BulkIrnOptions): Promise<BulkResult<IrnIssued>> {
  const { provider, company } = options;
  const ctx = { company };
  const validateOptions = {
    today: options.today ?? istDate(new Date()),
    ...(options.reportingWindowDays !== undefined ? { reportingWindowDays: options.reportingWindowDays } : {}),
    ...(company.aato !== undefined ? { aato: company.aato } : {}),
  };
  const seller = (invoice: IrnPayload): string => str(invoice.SellerDtls?.Gstin);

  /** 2150 on a document this job sent before: the IRN registered then, from the refusal or read back. */
  const recover = async (invoice: IrnPayload, refusal: Extract<ProviderResult<RegisteredIrn>, { ok: false }>): Promise<BulkEntry<IrnIssued> | undefined> => {
    const info = refusal.info ?? {};
    if (info['Irn'] && info['AckNo'] && info['AckDt'])
      return issued({ Irn: String(info['Irn']), AckNo: String(info['AckNo']), AckDt: String(info['AckDt']) }, true);
    const doc = invoice.DocDtls;
    const found = info['Irn']
      ? await provider.getIrn(ctx, seller(invoice), String(info['Irn']))
      : await provider.getIrnByDocument(ctx, seller(invoice), { docType: str(doc?.Typ), docNo: str(doc?.No), docDate: str(doc?.Dt) });
    return found.ok ? issued(found.value, true) : undefined;
  };

  const plan: BulkPlan<IrnPayload, IrnIssued> = {
    check(document) {
      const checked = validate('irn', document, validateOptions);
      if (!checked.ok) return { ok: false, errors: checked.errors };
      const gstin = seller(checked.value);
      if (!company.gstins.includes(gstin))
        return { ok: false, errors: [error(bulkCodes.forbidden, `the company may not act for GSTIN ${gstin}`, '/SellerDtls/Gstin')] };
      return { ok: true, value: checked.value };
    },
    paceKey: (invoice) => `irp:${seller(invoice)}`,
    async register(invoice, resumed) {
      const out = await provider.generateIrn(ctx, invoice);
      if (out.ok) return issued(out.value, false);
      const duplicate = out.errors.some((e) => e.code === '2150');
      if (duplicate && resumed) {
        const recovered = await recover(invoice, out);
        if (recovered) return recovered;
      }
      const info = out.info ?? {};
      const existing =
        duplicate && info['Irn'] ? { existing: { Irn: String(info['Irn']), AckNo: String(info['AckNo'] ?? ''), AckDt: String(info['AckDt'] ?? '') } } : {};
      return { ok: false, errors: out.errors, ...existing };
    },
  };
  return runBulk(documents, plan, options);
}
