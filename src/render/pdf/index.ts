/**
 * PDF rendering of an IRP-registered e-invoice and of an e-waybill, with pdf-lib and an embedded
 * open font (Noto Sans) that has the rupee sign. The output is deterministic: fixed dates (the
 * acknowledgement or generation date), producer `gstkit` and a document id derived from the input,
 * so equal input gives equal bytes.
 * @module
 */
import type { Outcome } from '../../issue.js';
import { einvoicePdf, PDF_CODES, type EinvoicePdfOptions } from './einvoice.js';
import { ewaybillPdf, type EwaybillPdfOptions } from './ewaybill.js';

export { PDF_CODES };
export type { EinvoicePdfOptions, EwaybillPdfOptions };

/**
 * An A4 portrait e-invoice: title by document type, IRN, Ack No. and date, the signed QR, the
 * parties with state names, the item table over as many pages as needed ("Page 2 of 7"), the
 * totals with the amount in words, the e-waybill when present and a CANCELLED stamp for IrnStatus
 * CNL. `record` is the IRN record, `invoice` the canonical IRN request (NIC v1.1 names).
 * Errors: `SVC-520` not an object, `SVC-521` no IRN, `SVC-522` no items, `SVC-524` QR too long.
 */
export function renderEinvoicePdf(record: unknown, invoice: unknown, options?: EinvoicePdfOptions): Promise<Outcome<Uint8Array>> {
  return einvoicePdf(record, invoice, options);
}

/**
 * An A4 portrait e-waybill from the detail record (the `Response` object, or the whole body with
 * `Response` inside): number, dates, Part A, items, Part B with the vehicle history, a QR of
 * `ewbNo/userGstin/ewayBillDate` and a CANCELLED stamp for status CNL.
 * Errors: `SVC-520` not an object, `SVC-523` no e-waybill number.
 */
export function renderEwaybillPdf(detail: unknown, options?: EwaybillPdfOptions): Promise<Outcome<Uint8Array>> {
  return ewaybillPdf(detail, options);
}
