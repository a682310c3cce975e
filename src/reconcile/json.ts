/**
 * The JSON form of a reconciliation row (CLI `--json`, HTTP job result): plain values, dates as
 * DD/MM/YYYY, the paired document numbers side by side.
 * @module
 */
import { toDate } from './normalize.js';
import type { Head, ImsAction, ItcFlag, LateIn2b, PassId, PurchaseDocType, ReconcileRow, ReconcileStatus, RunnerUp } from './types.js';

export interface ReconcileJsonRow {
  status: ReconcileStatus;
  pass: PassId;
  supplierGstin: string;
  docType: PurchaseDocType;
  purchaseDocNo: string | null;
  purchaseDocDate: string | null;
  purchaseRow: number | null;
  gstr2bDocNo: string | null;
  gstr2bDocDate: string | null;
  gstr2bSection: string | null;
  gstr2bPeriod: string | null;
  gstr2bOriginalDocNo: string | null;
  imsStatus: string | null;
  differences: Record<Head, number>;
  reasons: string[];
  suggestedImsAction: ImsAction | null;
  imsActionReason: string;
  /** Present when the 2B document came in a later period than the document's own. */
  late?: LateIn2b;
  /** Present when another candidate fitted, or (unpaired and mismatched rows) a near miss was found. */
  runnerUp?: RunnerUp;
  /** ITC rules to look at (section 16(4), Rule 37, reverse charge, section 17(5)); information only. */
  flags?: ItcFlag[];
}

const ddmmyyyy = (d: Date | undefined): string | null =>
  d ? `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}` : null;

export function toJsonRow(r: ReconcileRow): ReconcileJsonRow {
  const row: ReconcileJsonRow = {
    status: r.status,
    pass: r.pass,
    supplierGstin: r.supplierGstin,
    docType: r.docType,
    purchaseDocNo: r.purchase ? String(r.purchase.docNo) : null,
    purchaseDocDate: r.purchase ? (ddmmyyyy(toDate(r.purchase.docDate)) ?? String(r.purchase.docDate)) : null,
    purchaseRow: r.purchaseIndex ?? null,
    gstr2bDocNo: r.gstr2b?.number ?? null,
    gstr2bDocDate: ddmmyyyy(r.gstr2b?.date),
    gstr2bSection: r.gstr2b?.section ?? null,
    gstr2bPeriod: r.gstr2b?.period ?? null,
    gstr2bOriginalDocNo: r.gstr2bOriginal?.number ?? null,
    imsStatus: r.gstr2b?.imsStatus ?? null,
    differences: r.differences,
    reasons: r.reasons,
    suggestedImsAction: r.suggestedImsAction,
    imsActionReason: r.imsActionReason,
  };
  if (r.late) row.late = r.late;
  if (r.runnerUp) row.runnerUp = r.runnerUp;
  if (r.flags) row.flags = r.flags;
  return row;
}
