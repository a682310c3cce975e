/** Codes of the purchase register reader and of reconcile's options (listed in docs/error-codes.md). */
export const reconcileCodes = {
  /** The purchase CSV lacks a required column, or has no header. */
  missingColumn: 'SVC-610',
  /** `doc_type` is not INV, CRN or DBN. */
  badDocType: 'SVC-611',
  /** `doc_date` is not a DD/MM/YYYY date. */
  badDate: 'SVC-612',
  /** An amount is not a number. */
  badAmount: 'SVC-613',
  /** The supplier GSTIN is not 15 characters of the GSTIN form (warning; the row is still reconciled). */
  badGstin: 'SVC-614',
  /** `doc_no` or `supplier_gstin` is empty. */
  missingValue: 'SVC-615',
} as const;

/** @deprecated The name before the code tables were named alike; use {@link reconcileCodes}. */
export const ReconcileCode = reconcileCodes;
