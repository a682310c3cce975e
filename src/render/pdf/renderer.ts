/**
 * Who renders the PDFs the HTTP routes answer with. In line by default; a server passes one that renders in
 * worker threads (`threadPdfRenderer` in jobs/), since a 1,000-line e-invoice takes over a second of CPU
 * that would otherwise stop every other request on the serving thread.
 * @module
 */
import type { IrnPayload } from '../../types/payloads.js';
import type { PdfOutcome } from './einvoice.js';
import type { EinvoicePdfRecord, EwaybillPdfDetail } from './index.js';

export interface PdfRenderer {
  einvoice(record: EinvoicePdfRecord, invoice: IrnPayload): Promise<PdfOutcome>;
  ewaybill(detail: EwaybillPdfDetail): Promise<PdfOutcome>;
  tripSheet(sheet: unknown): Promise<PdfOutcome>;
}

/** Renders on the calling thread; the renderer's modules load on the first PDF, not before. */
export const inlinePdfRenderer: PdfRenderer = {
  einvoice: async (record, invoice) => (await import('./index.js')).renderEinvoicePdf(record, invoice),
  ewaybill: async (detail) => (await import('./index.js')).renderEwaybillPdf(detail),
  tripSheet: async (sheet) => (await import('./trip-sheet.js')).renderTripSheetPdf(sheet),
};
