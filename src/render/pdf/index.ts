/**
 * PDF rendering of an IRP-registered e-invoice and of an e-waybill, written directly (no PDF
 * library) with embedded open fonts (Noto Sans, with the rupee sign, and Noto Sans for nine Indian
 * scripts), each cut down to the glyphs the document uses. The output is deterministic: fixed dates (the acknowledgement or
 * generation date), producer `gstkit` and a document id hashed from the page content, so equal
 * input gives equal bytes.
 * @module
 */
import { einvoicePdf, pdfCodes, type EinvoicePdfOptions, type PdfOutcome } from './einvoice.js';
import { ewaybillPdf, type EwaybillPdfOptions } from './ewaybill.js';
import type { EwbDetail, IrnPayload, IrnRecord } from '../../types/payloads.js';

export { renderTripSheetPdf } from './trip-sheet.js';
export { inlinePdfRenderer, type PdfBranding, type PdfRenderer } from './renderer.js';
export { checkPdfLogo } from './logo.js';
export { FONT_UNAVAILABLE, type FontLoader, FontUnavailableError, packageFontLoader, useFontLoader } from './engine/font-loader.js';

export { pdfCodes };
export { PDF_CODES } from './einvoice.js';
export type { EinvoicePdfOptions, EwaybillPdfOptions, PdfOutcome };

/**
 * The IRN record the e-invoice PDF reads: the service's `irn-record` body, or the IRP's own answer
 * (which names the acknowledgement and e-waybill times `AckDt` and `EwbDt`). Fields are read defensively at run time too.
 */
export type EinvoicePdfRecord = Partial<IrnRecord> & { AckDt?: string; EwbDt?: string };

/** The e-waybill the PDF reads: the `ewb-detail` body, or its `Response` object alone. */
export type EwaybillPdfDetail = EwbDetail | NonNullable<EwbDetail['Response']>;

/**
 * An A4 portrait e-invoice: title by document type, IRN, Ack No. and date, the signed QR, the
 * parties with state names, the item table over as many pages as needed ("Page 2 of 7"), the
 * totals with the amount in words, the e-waybill when present and a CANCELLED stamp for IrnStatus
 * CNL. `record` is the IRN record, `invoice` the canonical IRN request (NIC v1.1 names).
 * Names and addresses print in Latin, Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu,
 * Kannada and Malayalam script, shaped by HarfBuzz.
 * Errors: `SVC-520` not an object, `SVC-521` no IRN, `SVC-522` no items, `SVC-524` QR too long.
 * Warning: `SVC-525` for characters no embedded font draws (printed as `?`).
 */
export function renderEinvoicePdf(record: EinvoicePdfRecord, invoice: IrnPayload, options?: EinvoicePdfOptions): Promise<PdfOutcome> {
  return einvoicePdf(record, invoice, options);
}

/**
 * An A4 portrait e-waybill from the detail record (the `Response` object, or the whole body with
 * `Response` inside): number, dates, Part A, items, Part B with the vehicle history, a QR of
 * `ewbNo/userGstin/ewayBillDate` and a CANCELLED stamp for status CNL.
 * Errors: `SVC-520` not an object, `SVC-523` no e-waybill number. Warning: `SVC-525` as for the e-invoice.
 */
export function renderEwaybillPdf(detail: EwaybillPdfDetail, options?: EwaybillPdfOptions): Promise<PdfOutcome> {
  return ewaybillPdf(detail, options);
}
