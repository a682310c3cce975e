/**
 * The routes of the jobs built on the GSTR data: reconciliation of purchases against the stored GSTR-2B.
 * They read their own body (purchase registers are plain JSON rows, not a schema kind) and submit a job.
 * @module
 */
import { gstrCodes, httpCodes } from './codes.js';
import { readObjectBody } from './object-body.js';
import { headerFailure, json } from './responses.js';
import type { RouteContext } from './types.js';
import type { JobType } from '../ports/jobs.js';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * `POST /api/svc/gstr2b/reconcile`: `{gstin, startReturnPeriod, endReturnPeriod?, purchases | purchasesCsv,
 * options?, format?}`. The job reconciles against the GSTR-2B pulled into the store; its file is the
 * workbook (or `{rows}` JSON) and its result the counts by status.
 */
export async function reconcileRoute(ctx: RouteContext): Promise<Response> {
  const b = await readObjectBody(ctx);
  if (b instanceof Response) return b;
  const gstin = text(b['gstin']).toUpperCase();
  if (!ctx.company.gstins.includes(gstin)) return headerFailure(403, httpCodes.forbidden, `the company may not act for GSTIN ${gstin}`);
  if (!ctx.options.returnStore) return headerFailure(503, httpCodes.notConfigured, 'GSTR data is not configured on this server');
  const start = text(b['startReturnPeriod'] ?? b['returnPeriod']);
  const end = text(b['endReturnPeriod'] ?? start);
  if (b['purchases'] === undefined && typeof b['purchasesCsv'] !== 'string')
    return headerFailure(400, gstrCodes.badRequest, 'missing or invalid field values in request: purchases or purchasesCsv');
  const job = await ctx.options.jobs.submit({
    type: 'gstr2b/reconcile' as JobType,
    companyId: ctx.company.id,
    params: {
      gstin,
      startPeriod: start,
      endPeriod: end,
      ...(b['purchases'] !== undefined ? { purchases: b['purchases'] } : {}),
      ...(typeof b['purchasesCsv'] === 'string' ? { purchasesCsv: b['purchasesCsv'] } : {}),
      ...(b['options'] !== undefined ? { options: b['options'] } : {}),
      ...(b['format'] !== undefined ? { format: b['format'] } : {}),
    },
  });
  return json(200, job);
}

/**
 * `POST /api/svc/gstr1/build`: `{gstin, returnPeriod}` (YYYY-MM). The job builds GSTR-1 from the e-invoices
 * this server registered for the GSTIN in the period; its file is the offline tool's JSON, its result the
 * pre-upload checks and the count of documents per section.
 */
export async function gstr1Route(ctx: RouteContext): Promise<Response> {
  const b = await readObjectBody(ctx);
  if (b instanceof Response) return b;
  const gstin = text(b['gstin']).toUpperCase();
  if (!ctx.company.gstins.includes(gstin)) return headerFailure(403, httpCodes.forbidden, `the company may not act for GSTIN ${gstin}`);
  if (!ctx.options.issuedInvoices) return headerFailure(503, httpCodes.notConfigured, 'this server keeps no e-invoices to build GSTR-1 from');
  const period = text(b['returnPeriod']);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period))
    return headerFailure(400, gstrCodes.badRequest, 'missing or invalid field values in request: returnPeriod (YYYY-MM)');
  const job = await ctx.options.jobs.submit({ type: 'gstr1/build' as JobType, companyId: ctx.company.id, params: { gstin, period } });
  return json(200, job);
}

/**
 * `POST /api/svc/gstr3b/compute`: `{gstin, returnPeriod, salesRegister? | salesRegisterCsv?, purchases? |
 * purchasesCsv?, ims?, adjustments?, ledgers?, compositionBuyers?, format?}`. The job computes GSTR-3B from the
 * e-invoices this server registered and the GSTR-2B pulled into the store; its file is the drill-down workbook
 * (or the save JSON with `format: 'json'`), its result the save JSON and the checks before filing.
 */
export async function gstr3bComputeRoute(ctx: RouteContext): Promise<Response> {
  const b = await readObjectBody(ctx);
  if (b instanceof Response) return b;
  const gstin = text(b['gstin']).toUpperCase();
  if (!ctx.company.gstins.includes(gstin)) return headerFailure(403, httpCodes.forbidden, `the company may not act for GSTIN ${gstin}`);
  if (!ctx.options.returnStore) return headerFailure(503, httpCodes.notConfigured, 'GSTR data is not configured on this server');
  const period = text(b['returnPeriod']);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period))
    return headerFailure(400, gstrCodes.badRequest, 'missing or invalid field values in request: returnPeriod (YYYY-MM)');
  const passed = ['salesRegister', 'salesRegisterCsv', 'purchases', 'purchasesCsv', 'ims', 'adjustments', 'ledgers', 'compositionBuyers', 'format'];
  const params: Record<string, unknown> = { gstin, period };
  for (const k of passed) if (b[k] !== undefined) params[k] = b[k];
  const job = await ctx.options.jobs.submit({ type: 'gstr3b/compute' as JobType, companyId: ctx.company.id, params });
  return json(200, job);
}
