/**
 * Where gstkit's schema-level verdict on an IRN request deliberately differs from the literal IRP schema 1.1,
 * case by case. docs/portal-schemas.md explains each; the conformance suite fails when an entry is no longer a
 * difference.
 */

export interface Exception {
  path: string;
  /** The boundary cases it covers: a label's beginning, or `*` for every case of the field. */
  cases: string;
  why: string;
}

const CALENDAR =
  'The pattern lets day 00-39 and month 00-19 through; the IRP reads the date as a date and refuses one that is not (its date errors), so gstkit checks the calendar in the schema (SVC-108).';
const STATE_MASTER =
  'The pattern takes any code 1-99; the IRP refuses a code outside its state master (2259, 2260, 2200), and gstkit checks the master in the schema (SVC-150).';
const CHECK_CHARACTER =
  "The pattern checks the shape only; the IRP refuses a GSTIN whose check character is wrong, and gstkit checks it in the schema (SVC-152; a warning with environment 'sandbox', whose test GSTINs break it).";
const BAR =
  "NIC's character classes are written [A-Z|a-z]: the | was meant as 'or' and admits a literal |, which no code of any master holds. gstkit takes the intended class.";
const master = (what: string, code: string): string =>
  `The IRP's schema bounds only the length and letters; the IRP refuses a code outside its master of ${what} (${code}), and gstkit checks the master in the schema, whatever the letter case.`;

export const einvoiceExceptions: readonly Exception[] = [
  { path: '/DocDtls/Dt', cases: 'not a calendar date', why: CALENDAR },
  { path: '/ItemList[]/BchDtls/ExpDt', cases: 'not a calendar date', why: CALENDAR },
  { path: '/ItemList[]/BchDtls/WrDt', cases: 'not a calendar date', why: CALENDAR },
  { path: '/RefDtls/DocPerdDtls/InvStDt', cases: 'not a calendar date', why: CALENDAR },
  { path: '/RefDtls/DocPerdDtls/InvEndDt', cases: 'not a calendar date', why: CALENDAR },
  { path: '/RefDtls/PrecDocDtls[]/InvDt', cases: 'not a calendar date', why: CALENDAR },
  { path: '/RefDtls/ContrDtls[]/RecAdvDt', cases: 'not a calendar date', why: CALENDAR },
  { path: '/RefDtls/ContrDtls[]/PORefDt', cases: 'not a calendar date', why: CALENDAR },
  { path: '/ExpDtls/ShipBDt', cases: 'not a calendar date', why: CALENDAR },
  { path: '/SellerDtls/Stcd', cases: 'not in the state master', why: STATE_MASTER },
  { path: '/BuyerDtls/Stcd', cases: 'not in the state master', why: STATE_MASTER },
  { path: '/BuyerDtls/Pos', cases: 'not in the state master', why: STATE_MASTER },
  { path: '/DispDtls/Stcd', cases: 'not in the state master', why: STATE_MASTER },
  { path: '/ShipDtls/Stcd', cases: 'not in the state master', why: STATE_MASTER },
  { path: '/SellerDtls/Gstin', cases: 'a wrong check character', why: CHECK_CHARACTER },
  { path: '/BuyerDtls/Gstin', cases: 'a wrong check character', why: CHECK_CHARACTER },
  { path: '/ShipDtls/Gstin', cases: 'a wrong check character', why: CHECK_CHARACTER },
  { path: '/TranDtls/EcmGstin', cases: 'a wrong check character', why: CHECK_CHARACTER },
  { path: '/ItemList[]/Unit', cases: 'a | inside the character class', why: BAR },
  { path: '/EwbDtls/VehNo', cases: 'a | inside the character class', why: BAR },
  { path: '/ExpDtls/Port', cases: 'a | inside the character class', why: BAR },
  { path: '/ExpDtls/RefClm', cases: 'a | inside the character class', why: BAR },
  { path: '/ExpDtls/ForCur', cases: 'a | inside the character class', why: BAR },
  { path: '/ItemList[]/OrgCntry', cases: 'a | inside the character class', why: BAR },
  { path: '/ItemList[]/Unit', cases: 'not in the master', why: master('unit quantity codes (UQC)', '2177') },
  { path: '/ItemList[]/Unit', cases: 'at maxLength', why: master('unit quantity codes (UQC)', '2177') },
  { path: '/ExpDtls/ForCur', cases: 'not in the master', why: master('currencies', '2203') },
  { path: '/ExpDtls/ForCur', cases: 'at maxLength', why: master('currencies', '2203') },
  { path: '/ItemList[]/OrgCntry', cases: 'not in the master', why: master('countries', '2202') },
  { path: '/ExpDtls/CntCode', cases: 'not in the master', why: master('countries', '2202') },
];

/** The exception that covers a case of a field, if any. */
export function exceptionFor(path: string, label: string): Exception | undefined {
  return einvoiceExceptions.find((e) => e.path === path && (e.cases === '*' || label.startsWith(e.cases)));
}
