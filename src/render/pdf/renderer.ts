/**
 * Who renders the PDFs the HTTP routes answer with. In line by default; a server passes one that renders in
 * worker threads (`threadPdfRenderer` in jobs/), since a 1,000-line e-invoice takes over a second of CPU
 * that would otherwise stop every other request on the serving thread.
 * @module
 */
import type { IrnPayload } from '../../types/payloads.js';
import type { EinvoicePdfOptions, PdfOutcome } from './einvoice.js';
import type { EwaybillPdfOptions } from './ewaybill.js';
import type { EinvoicePdfRecord, EwaybillPdfDetail } from './index.js';

/** What a host sets once for the PDFs it serves: its logo (on the e-invoice and the e-waybill) and the e-invoice's terms. */
export type PdfBranding = Pick<EinvoicePdfOptions, 'logo' | 'terms'>;

export interface PdfRenderer {
  einvoice(record: EinvoicePdfRecord, invoice: IrnPayload, options?: EinvoicePdfOptions): Promise<PdfOutcome>;
  ewaybill(detail: EwaybillPdfDetail, options?: EwaybillPdfOptions): Promise<PdfOutcome>;
  tripSheet(sheet: unknown): Promise<PdfOutcome>;
}

/** Renders on the calling thread; the renderer's modules load on the first PDF, not before. */
export const inlinePdfRenderer: PdfRenderer = {
  einvoice: async (record, invoice, options) => (await import('./index.js')).renderEinvoicePdf(record, invoice, options),
  ewaybill: async (detail, options) => (await import('./index.js')).renderEwaybillPdf(detail, options),
  tripSheet: async (sheet) => (await import('./trip-sheet.js')).renderTripSheetPdf(sheet),
};
