/**
 * `gstkit/gstr1`: GSTR-1 in the GSTN offline tool's JSON from e-invoice payloads, with pre-upload checks.
 * @module
 */
export type * from './types.js';
export { buildGstr1, b2clLimit, GSTR1_RATES, B2CL_LIMIT, B2CL_LIMIT_BEFORE, B2CL_LOWER_FROM, GSTR1_DEFAULT_VERSION } from './build.js';
export { gstr1Codes, Gstr1Code } from './codes.js';
export { gstr1Residue, gstr1Totals, type SectionTotals } from './totals.js';
export {
  compareGstr1,
  type Gstr1Comparison,
  type Gstr1CompareOptions,
  type Gstr1Difference,
  type Gstr1MatchStatus,
  type Gstr1RowComparison,
} from './compare.js';
export { buildGstr1FromIssued, type IssuedInvoices } from './job.js';
