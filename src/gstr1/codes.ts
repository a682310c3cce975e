/**
 * Codes of the GSTR-1 pre-upload checks: what the GSTN offline tool or the portal would refuse (errors)
 * and what it would likely question (warnings). Listed in docs/error-codes.md.
 */
export const gstr1Codes = {
  /** The return's GSTIN or period (MMYYYY) is invalid. */
  badHeader: 'SVC-640',
  /** A document is not an object with DocDtls, SellerDtls and ItemList; it is left out. */
  unreadable: 'SVC-641',
  /** The seller GSTIN of a document is not the return's GSTIN; it is left out. */
  otherSeller: 'SVC-642',
  /** The document date is after the return period or not a date; it is left out. */
  badDate: 'SVC-643',
  /** The same document type and number appears twice; the second is left out. */
  duplicate: 'SVC-644',
  /** A GST rate outside the rates the portal accepts. */
  badRate: 'SVC-645',
  /** The place of supply is not a state or UT code (01-38, 96 or 97). */
  badPos: 'SVC-646',
  /** A registered buyer's GSTIN fails its structure or check character. */
  badBuyerGstin: 'SVC-647',
  /** The document number is longer than 16 characters or holds characters other than letters, digits, / and -. */
  badNumber: 'SVC-648',
  /** Tax heads do not fit the supply: IGST on an intra-state supply, or CGST/SGST on an inter-state one (warning). */
  headsMismatch: 'SVC-649',
  /** A B2CS or nil-rated total turned negative after credit notes (warning). */
  negativeTotal: 'SVC-650',
  /** An HSN/SAC code is missing or shorter than 4 digits (warning; the portal needs 4 or 6 digits by turnover). */
  shortHsn: 'SVC-651',
  /** An amendment's original number or date is missing or unreadable; the amendment is left out. */
  badAmendment: 'SVC-652',
  /** The document sections and the HSN summary do not add up to the same total (warning; the residue per head). */
  hsnResidue: 'SVC-653',
} as const;

/** @deprecated The name before the code tables were named alike; use {@link gstr1Codes}. */
export const Gstr1Code = gstr1Codes;
