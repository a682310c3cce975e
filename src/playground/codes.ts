/**
 * Codes of the page and of `gstkit playground` (`SVC-81x`). Listed in docs/error-codes.md.
 * @module
 */
export const pageCodes = {
  /** The document dropped or pasted on the page is not JSON. */
  documentNotJson: 'SVC-810',
  /** The GSTR-2B file dropped on the page is not JSON. */
  gstr2bNotJson: 'SVC-811',
  /** The JSON is an object of neither an e-invoice's nor an e-waybill's shape. */
  unknownDocument: 'SVC-812',
  /** The page's files are not built (dist/playground is missing): `npm run build` builds them. */
  pageNotBuilt: 'SVC-813',
  /** `gstkit playground --out DIR`: no DIR given, or DIR is a file or a directory holding other files. */
  badOutDir: 'SVC-814',
} as const;
