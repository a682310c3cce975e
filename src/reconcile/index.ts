/**
 * `gstkit/reconcile`: the purchase register against GSTR-2B, with ordered explainable passes, a
 * suggested IMS action per document, the purchase CSV reader and the Excel report.
 * @module
 */
export type * from './types.js';
export { HEADS, PASSES } from './types.js';
export { reconcile, documentsOf } from './reconcile.js';
export { normalizeNumber, normaliseNumber, lightNumber, financialYear, panOf } from './normalize.js';
export { readPurchaseCsv, openPurchaseCsv, readPurchaseObjects, parseCsv, PURCHASE_COLUMNS, type PurchaseCsvReading } from './purchase-csv.js';
export { reconcileStored, type ReconcileJobRequest } from './job.js';
export { writeReconcileReport } from './excel.js';
export { toJsonRow, type ReconcileJsonRow } from './json.js';
export { reconcileCodes, ReconcileCode } from './codes.js';
export {
  imsActionsFromReconciliation,
  imsDecisionsFromReconciliation,
  itcReductionFor,
  imsSectionOfDocument,
  type ImsActionDocument,
  type ImsActionOptions,
  type ImsDecision,
  type ImsSkipped,
  type ItcReductionDeclaration,
  type ItcReductionKind,
} from './ims-save.js';
export { imsOfflineJson, type ImsOfflineJson, type ImsOfflineRecord } from './ims-offline.js';
