/**
 * `gstkit/gstr`: readers of GSTN JSON for GSTR-2A, GSTR-2B and GSTR-3B, the pull and export jobs and
 * the workbooks they write. The portal and return store ports are in `gstkit/ports`, their in-memory
 * and sandbox forms in `gstkit/store` and `gstkit/sandbox`.
 * @module
 */
export type * from './types.js';
export { readGstr2a, type Gstr2aResult } from './read-2a.js';
export { readGstr2b, type Gstr2bResult, IMS_FROM } from './read-2b.js';
export { readGstr3b, type Gstr3bResult } from './read-3b.js';
export { readCodes, ReadCode, parseGstnDate, parseGstnPeriod, toPortalPeriod, periodRange, monthsInclusive, isPeriod } from './read-common.js';
export type { ReturnStore, StoredReturn } from '../ports/returns.js';
export { gstrCodes, GstrCode, type GstPortal } from '../ports/gst-portal.js';
export { sectionDocuments } from './section-counts.js';
export {
  pullReturn,
  pullReturnCounted,
  exportReturns,
  exportReturnsTo,
  readReturn,
  MAX_EXPORT_MONTHS,
  XLSX_CONTENT_TYPE,
  type GstrServices,
  type ExportRequest,
  type ExportFile,
} from './jobs.js';
export {
  writeInwardReport,
  writeGstr3bReport,
  reportColumns,
  type InwardSource,
  type InwardReportOptions,
  type ReportResult,
  type ReportType,
} from './report.js';
export { IMS_PENDING_LIMIT_FROM, imsPendingLimit, nextPeriod } from './ims.js';
export {
  gstr3bRowSource,
  gstr3bDueDate,
  isGstr3bTimeBarred,
  GSTR3B_LIABILITY_LOCKED_FROM,
  GSTR3B_TABLE_3_2_LOCKED_FROM,
  GSTR3B_TIME_BAR_ENFORCED_FROM,
  type Gstr3bRowSource,
} from './gstr3b-periods.js';
