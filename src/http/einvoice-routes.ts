/**
 * The e-invoice routes: generate an IRN, get it by IRN or by document, cancel it, and the dynamic UPI
 * payment QR of a B2C invoice. An IRN record is answered with its QR image and PDFs as the flags ask.
 * @module
 */
import { error, type Issue } from '../issue.js';
import type { RegisteredIrn } from '../ports/index.js';
import { httpCodes } from './codes.js';
import { json, svcFailure } from './responses.js';
import type { GstHandlerOptions, RouteContext } from './types.js';
import { str } from '../compute/payload.js';
import type { EwaybillPdfDetail } from '../render/pdf/index.js';
import { inlinePdfRenderer } from '../render/pdf/renderer.js';
import { einvoicePdfRecord, renderIrnImages, type IrnImages } from '../render/irn-images.js';
import type { QrFormat } from '../render/qr/index.js';
import { pdfFileName, pdfFileResponse } from './pdf-file.js';
import { validatedBody } from './validated-body.js';
import { base64, forbiddenGstin, owns, pctx, refusalResponse, type Obj } from './route-kit.js';
import { tell, tellIrnRegistered } from './route-events.js';

/** The IRN record body (SPEC 2.7), with images and PDFs as the flags ask; with `pdf=file`, the e-invoice PDF itself. */
async function irnRecordBody(ctx: RouteContext, record: RegisteredIrn, gstin: string): Promise<Response> {
  if (ctx.flags.pdf === 'file') return einvoicePdfFile(ctx, record);
  const body: Obj = {
    Success: true,
    AckNo: record.AckNo,
    AckTime: record.AckTime,
    Irn: record.Irn,
    IrnStatus: record.IrnStatus,
    SignedInvoice: record.SignedInvoice,
    SignedQRCode: record.SignedQRCode,
  };
  if (record.EwbNo) {
    body['EwbStatus'] = record.EwbStatus ?? 'ACT';
    body['EwbNo'] = record.EwbNo;
    body['EwbTime'] = record.EwbTime;
    body['EwbValidTill'] = record.EwbValidTill ?? null;
  }
  // The IRN stands when its e-waybill part was refused; the IRP says so in InfoDtls EWBERR.
  if (record.EwbErrors && record.EwbErrors.length > 0) {
    body['InfoDtls'] = [{ InfCd: 'EWBERR', Desc: record.EwbErrors.map((e) => ({ ErrorCode: e.code, ErrorMessage: e.message })) }];
  }
  const headers: Record<string, string> = {};
  const qr = ctx.flags.qrcode === 'yes';
  const pdf = ctx.flags.pdf === 'yes';
  // Without images, nothing to draw: the plain answer does without the renderers' call.
  const images: IrnImages =
    !qr && !pdf
      ? { notes: [] }
      : await renderIrnImages(record, {
          ...(qr
            ? {
                qr: {
                  format: (ctx.flags.qrcodeformat ?? 'PNG').toLowerCase() as QrFormat,
                  quality: (ctx.flags.qrcodequality ?? 'high') as 'standard' | 'high',
                },
              }
            : {}),
          ...(pdf
            ? {
                pdf: {
                  ...(ctx.options.pdfRenderer ? { renderer: ctx.options.pdfRenderer } : {}),
                  ...(ctx.options.pdfBranding ? { branding: ctx.options.pdfBranding } : {}),
                  ewaybill: () => ewaybillDetail(ctx, gstin, record),
                },
              }
            : {}),
        });
  if (images.qr) {
    body['QRCodeImagePng'] = null;
    body['QRCodeImageJpeg'] = null;
    body['QRCodeImageGif'] = null;
    const { format, image } = images.qr;
    if (image) body[format === 'png' ? 'QRCodeImagePng' : format === 'jpeg' ? 'QRCodeImageJpeg' : 'QRCodeImageGif'] = base64(image);
  }
  if (images.einvoicePdf !== undefined) body['EinvoicePdf'] = images.einvoicePdf ? base64(images.einvoicePdf) : null;
  if (images.ewaybillPdf !== undefined) body['EwbPdf'] = images.ewaybillPdf ? base64(images.ewaybillPdf) : null;
  const notes: Issue[] = [...(record.EwbErrors ?? []), ...images.notes];
  if (notes.length > 0)
    headers['svc-warning'] = notes
      .map((n) => `${n.code} ${n.message}`.replace(/[^\x20-\x7e]/g, ' '))
      .join('; ')
      .slice(0, 500);
  return ctx.reply(200, body, headers);
}

/** The e-waybill of an IRN, for its PDF: none on an e-invoice-only host or when it cannot be read. */
async function ewaybillDetail(ctx: RouteContext, gstin: string, record: RegisteredIrn): Promise<EwaybillPdfDetail | undefined> {
  const ewb: GstHandlerOptions['ewb'] = ctx.options.ewb; // absent on an e-invoice-only host
  if (!record.EwbNo || !ewb) return undefined;
  const detail = await ewb.get(pctx(ctx), gstin, record.EwbNo);
  return detail.ok ? detail.value : undefined;
}

/** `pdf=file`: the e-invoice PDF, with the IRN and Ack No. in headers, as the JSON answer would have carried them. */
async function einvoicePdfFile(ctx: RouteContext, record: RegisteredIrn): Promise<Response> {
  const pdf = ctx.options.pdfRenderer ?? inlinePdfRenderer;
  const invoice = record.invoice;
  const outcome = await pdf.einvoice(einvoicePdfRecord(record), invoice, ctx.options.pdfBranding);
  const docNo = str(invoice.DocDtls?.No);
  const ids: Record<string, string> = { 'svc-irn': record.Irn, 'svc-ackno': String(record.AckNo) };
  if (record.EwbNo) ids['svc-ewbno'] = record.EwbNo;
  return pdfFileResponse(outcome, pdfFileName('einvoice', docNo), ids, record.EwbErrors ?? []);
}

export async function generateIrn(ctx: RouteContext): Promise<Response> {
  const seller = str((ctx.body['SellerDtls'] as Obj | undefined)?.['Gstin']);
  if (!owns(ctx, seller)) return forbiddenGstin(seller, '/SellerDtls/Gstin');
  const out = await ctx.options.irp.generateIrn(pctx(ctx), validatedBody(ctx, 'irn'));
  if (!out.ok) {
    const info = out.info ?? {};
    const dup = info['Irn']
      ? {
          AckNo: info['AckNo'],
          AckTime: info['AckTime'],
          Irn: info['Irn'],
          InfoDtls: [{ InfCd: 'DUPIRN', Desc: { AckNo: info['AckNo'], AckDt: info['AckDt'], Irn: info['Irn'] } }],
        }
      : {};
    return refusalResponse(out, dup);
  }
  await tellIrnRegistered(ctx, out.value);
  return irnRecordBody(ctx, out.value, seller);
}

export async function getIrn(ctx: RouteContext): Promise<Response> {
  const gstin = ctx.flags.gstin!;
  const out = await ctx.options.irp.getIrn(pctx(ctx), gstin, ctx.flags.irn!);
  return out.ok ? irnRecordBody(ctx, out.value, gstin) : refusalResponse(out);
}

export async function getIrnByDoc(ctx: RouteContext): Promise<Response> {
  const gstin = ctx.flags.gstin!;
  const out = await ctx.options.irp.getIrnByDocument(pctx(ctx), gstin, {
    docType: ctx.flags.doctype!,
    docNo: ctx.flags.docno!,
    docDate: ctx.flags.docdate!,
  });
  return out.ok ? irnRecordBody(ctx, out.value, gstin) : refusalResponse(out);
}

export async function cancelIrn(ctx: RouteContext): Promise<Response> {
  const b = ctx.body;
  const out = await ctx.options.irp.cancelIrn(pctx(ctx), ctx.flags.gstin!, {
    Irn: str(b['Irn']),
    CnlRsn: str(b['CnlRsn']),
    CnlRem: str(b['CnlRem']),
  });
  if (!out.ok) return refusalResponse(out);
  await tell(ctx, { type: 'irn.cancelled', data: { gstin: ctx.flags.gstin, Irn: out.value.Irn, CancelDate: out.value.CancelDate, reason: str(b['CnlRsn']) } });
  return json(200, { Success: true, Irn: out.value.Irn, CancelDate: out.value.CancelDate });
}

export async function paymentQr(ctx: RouteContext): Promise<Response> {
  const seller = str((ctx.body['SellerDtls'] as Obj | undefined)?.['Gstin']);
  if (!owns(ctx, seller)) return forbiddenGstin(seller, '/SellerDtls/Gstin');
  const payee = await ctx.options.payee?.(ctx.company, seller);
  if (!payee) return svcFailure(422, [error(httpCodes.payeeMissing, `no UPI payee is configured for GSTIN ${seller}`, '/SellerDtls/Gstin')]);
  const { paymentUri } = await import('../render/upi/index.js');
  const paidAmount = (ctx.body['PayDtls'] as Obj | undefined)?.['PaidAmt'];
  const uri = paymentUri(ctx.body, payee, paidAmount !== undefined ? { paidAmount: Number(paidAmount) } : {});
  if (!uri.ok) return svcFailure(422, uri.errors);
  const body: Obj = { Success: true, PaymentQrCode: uri.value };
  if (ctx.flags.qrcode === 'yes') {
    const { tryQrImage } = await import('../render/qr/index.js');
    const format = (ctx.flags.qrcodeformat ?? 'PNG').toLowerCase() as 'png' | 'jpeg' | 'gif';
    const image = tryQrImage(uri.value, { format, quality: (ctx.flags.qrcodequality ?? 'high') as 'standard' | 'high' });
    if (!image.ok) return svcFailure(422, image.errors);
    body['QRCodeImagePng'] = format === 'png' ? base64(image.value) : null;
    body['QRCodeImageJpeg'] = format === 'jpeg' ? base64(image.value) : null;
    body['QRCodeImageGif'] = format === 'gif' ? base64(image.value) : null;
  }
  return json(200, body);
}
