/**
 * `gstkit/gstr3b`: GSTR-3B computed from the books, GSTR-2B, IMS and the reconciliation, with the documents
 * behind every cell, the portal's locks and the ledger checks before filing; its save JSON and its drill-down
 * workbook.
 * @module
 */
export type * from './types.js';
export { computeGstr3b } from './compute.js';
export { toGstr3bSaveJson, type Gstr3bSaveJson, type SaveAmounts, type SavePlaceRow, type SaveTaxRow } from './save-json.js';
export { writeGstr3bWorkbook, amountsText, SUMMARY_SHEET, type Gstr3bWorkbookResult } from './excel.js';
export { readSalesRegisterCsv } from './sales-register.js';
export { readImsActions } from './ims-actions.js';
export { FIXED_CELLS, INTER_STATE_KINDS } from './cells.js';
export { gstr3bCodes } from './codes.js';
export { computeGstr3bStored, type Gstr3bJobRequest, type Gstr3bJobOutput } from './job.js';
