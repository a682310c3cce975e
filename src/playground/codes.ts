/**
 * Codes of the page (`SVC-810` to `SVC-812`; the serving and `gstkit playground` have theirs in
 * cli/page-files.ts). Listed in docs/error-codes.md.
 * @module
 */
export const pageCodes = {
  /** The document dropped or pasted on the page is not JSON. */
  documentNotJson: 'SVC-810',
  /** The GSTR-2B file dropped on the page is not JSON. */
  gstr2bNotJson: 'SVC-811',
  /** The JSON is an object of neither an e-invoice's nor an e-waybill's shape. */
  unknownDocument: 'SVC-812',
} as const;
