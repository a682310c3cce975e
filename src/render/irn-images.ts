/**
 * The pictures of one registered IRN, in one call: the QR image of its SignedQRCode and its e-invoice and
 * e-waybill PDFs, each only when asked, with what each render found. The QR code and PDF modules load on the
 * first picture asked for, not before.
 * @module
 */
import type { Issue } from '../issue.js';
import type { RegisteredIrn } from '../ports/irp.js';
import type { EinvoicePdfRecord, EwaybillPdfDetail } from './pdf/index.js';
import { inlinePdfRenderer, type PdfBranding, type PdfRenderer } from './pdf/renderer.js';
import type { QrFormat } from './qr/index.js';

/** Which pictures to draw. */
export interface IrnImagesAsked {
  /** The QR image of the SignedQRCode. */
  qr?: { format: QrFormat; quality: 'standard' | 'high' };
  /** The e-invoice PDF, and the e-waybill's when `ewaybill` finds the e-waybill's detail. */
  pdf?: { renderer?: PdfRenderer; ewaybill?: () => Promise<EwaybillPdfDetail | undefined>; branding?: PdfBranding };
}

/** The pictures drawn: a field is absent when not asked for, null when its render failed (see `notes`). */
export interface IrnImages {
  qr?: { format: QrFormat; image: Uint8Array | null };
  einvoicePdf?: Uint8Array | null;
  ewaybillPdf?: Uint8Array | null;
  /** The findings of the renders, in the order drawn: errors of a failed one, warnings of one that drew. */
  notes: Issue[];
}

/** The fields of a registered IRN that its e-invoice PDF prints. */
export function einvoicePdfRecord(record: RegisteredIrn): EinvoicePdfRecord {
  return {
    Irn: record.Irn,
    AckNo: record.AckNo,
    AckTime: record.AckTime,
    AckDt: record.AckDt,
    IrnStatus: record.IrnStatus,
    SignedQRCode: record.SignedQRCode,
    ...(record.EwbNo ? { EwbNo: record.EwbNo, EwbTime: record.EwbTime, EwbValidTill: record.EwbValidTill ?? null } : {}),
  } as EinvoicePdfRecord;
}

/** Draws the pictures asked for. */
export async function renderIrnImages(record: RegisteredIrn, asked: IrnImagesAsked): Promise<IrnImages> {
  const drawn: IrnImages = { notes: [] };
  if (asked.qr) {
    const { tryQrImage } = await import('./qr/index.js');
    const image = tryQrImage(record.SignedQRCode, asked.qr);
    drawn.qr = { format: asked.qr.format, image: image.ok ? image.value : null };
    if (!image.ok) drawn.notes.push(...image.errors);
  }
  if (asked.pdf) {
    const renderer = asked.pdf.renderer ?? inlinePdfRenderer;
    // The stored request passed validation before it was registered, so it has the IRN request's shape.
    const einvoice = await renderer.einvoice(einvoicePdfRecord(record), record.invoice, asked.pdf.branding);
    drawn.einvoicePdf = einvoice.ok ? einvoice.value : null;
    drawn.notes.push(...(einvoice.ok ? einvoice.warnings : einvoice.errors));
    const detail = record.EwbNo ? await asked.pdf.ewaybill?.() : undefined;
    if (detail) {
      const ewaybill = await renderer.ewaybill(detail, asked.pdf.branding);
      drawn.ewaybillPdf = ewaybill.ok ? ewaybill.value : null;
      drawn.notes.push(...(ewaybill.ok ? ewaybill.warnings : ewaybill.errors));
    }
  }
  return drawn;
}
