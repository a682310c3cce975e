/**
 * The work behind `POST /api/svc/gstr2b/reconcile`: the purchases from the request against the GSTR-2B
 * returns pulled into the store, giving the reconciliation workbook (or JSON rows) as the job's file.
 * @module
 */
import { error, type Issue, type Outcome } from '../issue.js';
import { isValidGstin } from '../masters/gstin.js';
import type { ReturnStore } from '../ports/returns.js';
import { gstrCodes } from '../ports/gst-portal.js';
import { XLSX_CONTENT_TYPE, MAX_EXPORT_MONTHS, type ExportFile } from '../gstr/jobs.js';
import { isPeriod, monthsInclusive, periodRange } from '../gstr/read-common.js';
import { readGstr2b } from '../gstr/read-2b.js';
import { findStoredReturn } from '../gstr/stored-return.js';
import type { InwardReturn } from '../gstr/types.js';
import { memorySink, type ByteSink } from '../render/excel/zip.js';
import { toDate } from './normalize.js';
import { readPurchaseCsv, readPurchaseObjects } from './purchase-csv.js';
import { reconcile } from './reconcile.js';
import { writeReconcileReport } from './excel.js';
import { toJsonRow } from './json.js';
import type { ReconcileOptions, ReconcileStatus } from './types.js';

export interface ReconcileJobRequest {
  gstin: string;
  startPeriod: string;
  endPeriod: string;
  /** Purchase rows as objects, or `purchasesCsv` as the CSV text. */
  purchases?: unknown;
  purchasesCsv?: string;
  options?: ReconcileOptions;
  /** `xlsx` (default) or `json` for the job's file. */
  format?: 'xlsx' | 'json';
}

const bad = (message: string, path: string): { ok: false; errors: Issue[] } => ({
  ok: false,
  errors: [error(gstrCodes.badRequest, `missing or invalid field values in request: ${message}`, path)],
});

function checkOptions(o: unknown): string | undefined {
  if (o === undefined) return undefined;
  if (typeof o !== 'object' || o === null) return 'options';
  const opt = o as ReconcileOptions;
  const nonNegative = (v: unknown): boolean => v === undefined || (typeof v === 'number' && Number.isFinite(v) && v >= 0);
  if (!nonNegative(opt.dateWindowDays)) return 'options.dateWindowDays';
  if (opt.tolerance !== undefined && (!nonNegative(opt.tolerance.absolute) || !nonNegative(opt.tolerance.percent))) return 'options.tolerance';
  if (opt.panLevel !== undefined && typeof opt.panLevel !== 'boolean') return 'options.panLevel';
  if (opt.pairing !== undefined && opt.pairing !== 'global' && opt.pairing !== 'greedy') return 'options.pairing';
  if (opt.asOf !== undefined && (typeof opt.asOf !== 'string' || !toDate(opt.asOf))) return 'options.asOf';
  return undefined;
}

/**
 * Reconciles the purchases of the request with the stored GSTR-2B of a GSTIN over a range of periods.
 * Errors: `1000` bad request (with the purchase reader's issues when rows are unreadable), `100` range
 * longer than 24 months, `1001` no GSTR-2B stored in the range.
 */
export async function reconcileStored(
  services: { store: ReturnStore; now?: () => Date },
  request: ReconcileJobRequest,
  progress?: ReconcileProgress,
): Promise<Outcome<ExportFile & ReconcileSummary>> {
  let sink: ReturnType<typeof memorySink> | undefined;
  const out = await reconcileStoredTo(
    services,
    request,
    () => {
      sink = memorySink();
      return sink;
    },
    progress,
  );
  if (!out.ok) return out;
  return { ok: true, value: { ...out.value, data: sink!.bytes() } };
}

/** What a reconciliation tells besides its file. */
export interface ReconcileSummary {
  summary: Record<ReconcileStatus, number>;
  periods: string[];
}

/**
 * Progress of a reconciliation: reading the stored returns and matching take the first half; writing
 * the file the second, counted in detail rows written of all rows.
 */
export type ReconcileProgress = (fraction: number, counts?: { done: number; total: number }) => void;

/**
 * Like {@link reconcileStored}, but the file is written as it is made into the sink `openFile` gives
 * (a job thread sends it back piece by piece; a runner with a file store keeps it there).
 */
export async function reconcileStoredTo(
  services: { store: ReturnStore; now?: () => Date },
  request: ReconcileJobRequest,
  openFile: (fileName: string, contentType: string) => ByteSink | Promise<ByteSink>,
  progress?: ReconcileProgress,
): Promise<Outcome<Omit<ExportFile, 'data'> & ReconcileSummary>> {
  if (!request || typeof request !== 'object') return bad('request body', '');
  if (typeof request.gstin !== 'string' || !isValidGstin(request.gstin)) return bad('gstin', '/gstin');
  if (!isPeriod(request.startPeriod)) return bad('startReturnPeriod (YYYY-MM)', '/startReturnPeriod');
  if (!isPeriod(request.endPeriod)) return bad('endReturnPeriod (YYYY-MM)', '/endReturnPeriod');
  const months = monthsInclusive(request.startPeriod, request.endPeriod);
  if (months < 1) return bad('endReturnPeriod is before startReturnPeriod', '/endReturnPeriod');
  if (months > MAX_EXPORT_MONTHS)
    return { ok: false, errors: [error(gstrCodes.periodRange, 'at most 24 months of GSTR-2B can be reconciled at once', '/endReturnPeriod')] };
  const badOption = checkOptions(request.options);
  if (badOption) return bad(badOption, '/' + badOption.replace('.', '/'));
  if (request.format !== undefined && request.format !== 'xlsx' && request.format !== 'json') return bad('format (xlsx or json)', '/format');
  const read =
    typeof request.purchasesCsv === 'string'
      ? readPurchaseCsv(request.purchasesCsv)
      : request.purchases !== undefined
        ? readPurchaseObjects(request.purchases)
        : undefined;
  if (read === undefined) return bad('purchases or purchasesCsv', '/purchases');
  if (!read.ok) return { ok: false, errors: read.errors.map((e) => ({ ...e, code: gstrCodes.badRequest, message: `${e.code} ${e.message}` })) };

  const returns: InwardReturn[] = [];
  const periods: string[] = [];
  const range = periodRange(request.startPeriod, request.endPeriod);
  for (const [i, period] of range.entries()) {
    progress?.((0.3 * i) / range.length);
    // Read piece by piece where the store keeps pieces: no single read moves a whole return.
    const found = await findStoredReturn(services.store, request.gstin, 'gstr2b', period);
    if (!found) continue;
    const r = readGstr2b((await found.read()).data, { gstin: request.gstin, period });
    if (!r.ok) return r;
    returns.push(r.value);
    periods.push(period);
  }
  if (returns.length === 0) {
    return { ok: false, errors: [error(gstrCodes.nothingStored, 'no GSTR-2B is stored for this GSTIN in the range; pull it first', '')] };
  }
  progress?.(0.3);
  const result = reconcile(read.value.rows, returns, request.options ?? {});
  const total = result.rows.length;
  progress?.(0.5, { done: 0, total });
  const base = `RECONCILE_${request.gstin}_${request.startPeriod}_${request.endPeriod}`;
  const file =
    request.format === 'json' ? { fileName: `${base}.json`, contentType: 'application/json' } : { fileName: `${base}.xlsx`, contentType: XLSX_CONTENT_TYPE };
  const sink = await openFile(file.fileName, file.contentType);
  if (request.format === 'json') {
    await sink.write(new TextEncoder().encode(JSON.stringify({ rows: result.rows.map(toJsonRow) })));
    await sink.close?.();
  } else {
    const onDetailRows = (done: number): void => progress?.(0.5 + (total > 0 ? (0.5 * done) / total : 0.5), { done, total });
    await writeReconcileReport(sink, result, { generatedAt: services.now?.() ?? new Date(), onDetailRows });
  }
  progress?.(1, { done: total, total });
  return { ok: true, value: { ...file, rows: total, summary: result.summary, periods } };
}
