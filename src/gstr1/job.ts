/**
 * The work behind `POST /api/svc/gstr1/build`: GSTR-1 for one GSTIN and period from the e-invoices the
 * host registered for it (the sandbox's IRP store), with cancelled IRNs counted in the documents-issued table.
 * @module
 */
import { error, type Issue, type Outcome } from '../issue.js';
import { isValidGstin } from '../masters/gstin.js';
import { gstrCodes } from '../ports/gst-portal.js';
import { isPeriod } from '../gstr/read-common.js';
import { buildGstr1 } from './build.js';
import type { Gstr1Result } from './types.js';

/** E-invoices a host registered: the IRN request payload of each, and whether its IRN is cancelled. */
export type IssuedInvoices = (
  companyId: string,
  sellerGstin: string,
  period: string,
) => Promise<Array<{ invoice: Record<string, unknown>; cancelled: boolean }>>;

const bad = (message: string, path: string): { ok: false; errors: Issue[] } => ({
  ok: false,
  errors: [error(gstrCodes.badRequest, `missing or invalid field values in request: ${message}`, path)],
});

/**
 * Builds GSTR-1 from the registered e-invoices of `gstin` dated in `period` (YYYY-MM). Errors: `1000` bad
 * request, `1001` no e-invoice registered for the GSTIN in the period.
 */
export async function buildGstr1FromIssued(
  issued: IssuedInvoices,
  request: { companyId: string; gstin: string; period: string },
): Promise<Outcome<Gstr1Result & { fileName: string; data: Uint8Array }>> {
  if (typeof request.gstin !== 'string' || !isValidGstin(request.gstin)) return bad('gstin', '/gstin');
  if (!isPeriod(request.period)) return bad('returnPeriod (YYYY-MM)', '/returnPeriod');
  const all = await issued(request.companyId, request.gstin, request.period);
  if (all.length === 0) {
    return { ok: false, errors: [error(gstrCodes.nothingStored, `no e-invoice is registered for ${request.gstin} in ${request.period}`, '')] };
  }
  const active = all.filter((d) => !d.cancelled).map((d) => d.invoice);
  const cancelled = all
    .filter((d) => d.cancelled)
    .map((d) => {
      const doc = (d.invoice['DocDtls'] ?? {}) as Record<string, unknown>;
      return { type: String(doc['Typ'] ?? 'INV').toUpperCase() as 'INV' | 'CRN' | 'DBN', number: String(doc['No'] ?? '') };
    });
  const res = buildGstr1(active, { gstin: request.gstin, period: request.period, cancelled });
  const fp = request.period.slice(5, 7) + request.period.slice(0, 4);
  return { ok: true, value: { ...res, fileName: `GSTR1_${request.gstin}_${fp}.json`, data: new TextEncoder().encode(JSON.stringify(res.json)) } };
}
