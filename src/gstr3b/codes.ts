/**
 * Codes of the GSTR-3B computation: inputs it refuses or leaves out, and the checks it makes before filing
 * (a ledger that would go negative, books that differ from a value the portal locks). Listed in
 * docs/error-codes.md.
 * @module
 */
export const gstr3bCodes = {
  /** The return's GSTIN or period is invalid. */
  badHeader: 'SVC-670',
  /** A sales document is not an e-invoice payload (or record) with DocDtls, SellerDtls and ItemList; it is left out. */
  unreadableSale: 'SVC-671',
  /** A document is dated outside the return period; it is left out (warning). */
  otherPeriod: 'SVC-672',
  /** A sales document's seller is not the return's GSTIN; it is left out. */
  otherSeller: 'SVC-673',
  /** A sales-register row lacks a readable number, date, nature or amount; it is left out. */
  badRegisterRow: 'SVC-674',
  /** The GSTR-2B (or the portal's GSTR-3B) given is for another GSTIN or period. */
  otherReturn: 'SVC-675',
  /** The books' value of a cell the portal locks differs from the portal's value, which the return keeps (warning). */
  lockedDiffers: 'SVC-676',
  /** The ITC reclaimed in 4(D)(1) is more than the credit-reversal ledger holds: the portal blocks filing (warning). */
  reclaimLedgerNegative: 'SVC-677',
  /** The reverse-charge ITC claimed is more than the reverse-charge liability ledger holds: the portal blocks filing (warning). */
  rcmLedgerNegative: 'SVC-678',
  /** An IMS action names a document the GSTR-2B does not hold (warning). */
  imsUnmatched: 'SVC-679',
  /** The same sales document appears twice; the second is left out (warning). */
  duplicateSale: 'SVC-680',
  /** An amendment in GSTR-2B whose original was not found is counted at its full value (warning). */
  amendmentWithoutOriginal: 'SVC-681',
  /** A purchase-register row of a nature GSTR-3B reads (exempt, non-GST, import of services, ...) lacks what it needs; it is left out (warning). */
  badPurchaseRow: 'SVC-682',
  /** An adjustment (4(B), 4(D)) names no row this computation knows or carries no amount; it is left out. */
  badAdjustment: 'SVC-683',
} as const;
