/**
 * The work behind `POST /api/svc/gstr3b/compute`: GSTR-3B for one GSTIN and month from the e-invoices the
 * host registered, the GSTR-2B pulled into the store (with the month before, for amendments), the portal's
 * GSTR-3B when one was pulled (its locked cells), and what the request brings: the sales register, IMS actions,
 * the purchase register (reconciled against the 2B) and adjustments. The job's file is the drill-down workbook
 * or the save JSON.
 * @module
 */
import { error, type Issue, type Outcome } from '../issue.js';
import { isValidGstin } from '../masters/gstin.js';
import { gstrCodes } from '../ports/gst-portal.js';
import type { ReturnStore } from '../ports/returns.js';
import { isPeriod } from '../gstr/read-common.js';
import { readGstr2b } from '../gstr/read-2b.js';
import { readGstr3b } from '../gstr/read-3b.js';
import { findStoredReturn } from '../gstr/stored-return.js';
import type { InwardReturn } from '../gstr/types.js';
import { XLSX_CONTENT_TYPE } from '../gstr/jobs.js';
import type { IssuedInvoices } from '../gstr1/job.js';
import { reconcile, readPurchaseCsv, readPurchaseObjects, type PurchaseRow } from '../reconcile/index.js';
import { memorySink } from '../render/excel/zip.js';
import { computeGstr3b } from './compute.js';
import { writeGstr3bWorkbook } from './excel.js';
import { readImsActions } from './ims-actions.js';
import { toGstr3bSaveJson, type Gstr3bSaveJson } from './save-json.js';
import { readSalesRegisterCsv } from './sales-register.js';
import type { Gstr3bAdjustment, Gstr3bHeads, Gstr3bResult, SalesRegisterRow } from './types.js';

export interface Gstr3bJobRequest {
  companyId: string;
  gstin: string;
  /** YYYY-MM */
  period: string;
  salesRegister?: unknown;
  salesRegisterCsv?: string;
  purchases?: unknown;
  purchasesCsv?: string;
  ims?: unknown;
  adjustments?: unknown;
  ledgers?: unknown;
  compositionBuyers?: unknown;
  /** `xlsx` (default): the drill-down workbook; `json`: the save JSON. */
  format?: 'xlsx' | 'json';
}

export interface Gstr3bJobOutput {
  fileName: string;
  contentType: string;
  data: Uint8Array;
  saveJson: Gstr3bSaveJson;
  heldBack: number;
  errors: Issue[];
  warnings: Issue[];
}

const bad = (message: string, path: string): { ok: false; errors: Issue[] } => ({
  ok: false,
  errors: [error(gstrCodes.badRequest, `missing or invalid field values in request: ${message}`, path)],
});

/** The previous month, YYYY-MM. */
function previousMonth(period: string): string {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

async function storedInward(store: ReturnStore, gstin: string, period: string): Promise<Outcome<InwardReturn> | undefined> {
  const found = await findStoredReturn(store, gstin, 'gstr2b', period);
  if (!found) return undefined;
  return readGstr2b((await found.read()).data, { gstin, period });
}

/**
 * Computes GSTR-3B for a stored month. Errors: `1000` bad request (with the readers' issues when the
 * registers cannot be read), `1001` no GSTR-2B stored for the month (pull it first).
 */
export async function computeGstr3bStored(
  services: { issuedInvoices?: IssuedInvoices; store: ReturnStore; now?: () => Date },
  request: Gstr3bJobRequest,
): Promise<Outcome<Gstr3bJobOutput>> {
  if (!request || typeof request !== 'object') return bad('request body', '');
  if (typeof request.gstin !== 'string' || !isValidGstin(request.gstin)) return bad('gstin', '/gstin');
  if (!isPeriod(request.period)) return bad('returnPeriod (YYYY-MM)', '/returnPeriod');
  if (request.format !== undefined && request.format !== 'xlsx' && request.format !== 'json') return bad('format (xlsx or json)', '/format');
  const { gstin, period } = request;

  let salesRegister: SalesRegisterRow[] | undefined;
  if (typeof request.salesRegisterCsv === 'string') {
    const read = readSalesRegisterCsv(request.salesRegisterCsv);
    if (!read.ok || read.value.errors.length > 0) {
      const issues = read.ok ? read.value.errors : read.errors;
      return { ok: false, errors: issues.map((e) => ({ ...e, code: gstrCodes.badRequest, message: `${e.code} ${e.message}` })) };
    }
    salesRegister = read.value.rows;
  } else if (request.salesRegister !== undefined) {
    if (!Array.isArray(request.salesRegister)) return bad('salesRegister (an array of rows)', '/salesRegister');
    salesRegister = request.salesRegister as SalesRegisterRow[];
  }
  let purchases: PurchaseRow[] | undefined;
  if (typeof request.purchasesCsv === 'string' || request.purchases !== undefined) {
    const read = typeof request.purchasesCsv === 'string' ? readPurchaseCsv(request.purchasesCsv) : readPurchaseObjects(request.purchases);
    if (!read.ok) return { ok: false, errors: read.errors.map((e) => ({ ...e, code: gstrCodes.badRequest, message: `${e.code} ${e.message}` })) };
    purchases = read.value.rows;
  }
  if (request.adjustments !== undefined && !Array.isArray(request.adjustments)) return bad('adjustments (an array)', '/adjustments');

  const current = await storedInward(services.store, gstin, period);
  if (!current) return { ok: false, errors: [error(gstrCodes.nothingStored, `no GSTR-2B is stored for ${gstin} in ${period}; pull it first`, '')] };
  if (!current.ok) return current;
  const earlier = await storedInward(services.store, gstin, previousMonth(period));
  const portalFound = await findStoredReturn(services.store, gstin, 'gstr3b', period);
  const portal = portalFound ? readGstr3b((await portalFound.read()).data, { gstin, period }) : undefined;
  const sales = services.issuedInvoices ? await services.issuedInvoices(request.companyId, gstin, period) : [];

  const result: Gstr3bResult = computeGstr3b({
    gstin,
    period,
    sales,
    gstr2b: current.value,
    ...(earlier?.ok ? { earlierGstr2b: [earlier.value] } : {}),
    ...(salesRegister ? { salesRegister } : {}),
    ...(request.ims !== undefined ? { ims: readImsActions(request.ims).actions } : {}),
    ...(purchases ? { purchases, reconciliation: reconcile(purchases, [current.value]) } : {}),
    ...(Array.isArray(request.adjustments) ? { adjustments: request.adjustments as Gstr3bAdjustment[] } : {}),
    ...(request.ledgers && typeof request.ledgers === 'object' ? { ledgers: request.ledgers as { reclaim?: Gstr3bHeads; reverseCharge?: Gstr3bHeads } } : {}),
    ...(Array.isArray(request.compositionBuyers) ? { compositionBuyers: request.compositionBuyers.map(String) } : {}),
    ...(portal?.ok ? { portal: portal.value } : {}),
  });
  const saveJson = toGstr3bSaveJson(result);
  const base = `GSTR3B_${gstin}_${period.slice(5, 7)}${period.slice(0, 4)}`;
  let file: { fileName: string; contentType: string; data: Uint8Array };
  if (request.format === 'json') {
    file = { fileName: `${base}.json`, contentType: 'application/json', data: new TextEncoder().encode(JSON.stringify(saveJson)) };
  } else {
    const sink = memorySink();
    await writeGstr3bWorkbook(sink, result, { generatedAt: services.now?.() ?? new Date() });
    file = { fileName: `${base}.xlsx`, contentType: XLSX_CONTENT_TYPE, data: sink.bytes() };
  }
  return { ok: true, value: { ...file, saveJson, heldBack: result.heldBack.length, errors: result.errors, warnings: result.warnings } };
}
