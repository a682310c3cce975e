/**
 * The route table: every endpoint of SPEC part 4, plus cancel IRN, Robot-JobStatus, the job file,
 * the sandbox certificate and the OpenAPI document.
 * @module
 */
import { error, type Issue } from '../issue.js';
import type { RegisteredIrn, ProviderContext, Refusal } from '../ports/index.js';
import { httpCodes, gstrCodes } from './codes.js';
import { flag, type FlagSpec } from './query.js';
import { headerFailure, json, svcFailure } from './responses.js';
import type { GstHandlerOptions, Route, RouteContext } from './types.js';
import type { JobType } from '../ports/index.js';
import { str } from '../compute/payload.js';
import { gstr1Route, reconcileRoute } from './gstr-jobs-routes.js';
import { gstPortalRoutes } from './gst-routes.js';
import { ewbMovementRoutes } from './ewaybill-movement-routes.js';
import { ewbActionRoutes } from './ewaybill-action-routes.js';
import { auditLogRoute } from './audit-route.js';
import { dayListAnswer } from './day-list-answer.js';
import type { EwaybillPdfDetail } from '../render/pdf/index.js';
import { inlinePdfRenderer } from '../render/pdf/renderer.js';
import { pdfFileName, pdfFileResponse } from './pdf-file.js';
import { validatedBody } from './validated-body.js';

type Obj = Record<string, unknown>;

const imageFlags = (): FlagSpec[] => [flag('qrcode'), flag('qrcodeformat'), flag('qrcodequality'), flag('pdf')];
const pctx = (ctx: RouteContext): ProviderContext => ({ company: ctx.company });

/** A provider refusal in the Success style. */
export function refusalResponse(refusal: Refusal, extra: Obj = {}): Response {
  return svcFailure(refusal.status ?? 422, refusal.errors, extra);
}

function forbiddenGstin(gstin: string, path: string): Response {
  return svcFailure(403, [error(httpCodes.forbidden, `the company may not act for GSTIN ${gstin}`, path)]);
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

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
  const notes: Issue[] = [...(record.EwbErrors ?? [])];
  if (ctx.flags.qrcode === 'yes') {
    const { tryQrImage } = await import('../render/qr/index.js');
    const format = (ctx.flags.qrcodeformat ?? 'PNG').toLowerCase() as 'png' | 'jpeg' | 'gif';
    const image = tryQrImage(record.SignedQRCode, { format, quality: (ctx.flags.qrcodequality ?? 'high') as 'standard' | 'high' });
    body['QRCodeImagePng'] = null;
    body['QRCodeImageJpeg'] = null;
    body['QRCodeImageGif'] = null;
    if (image.ok) body[format === 'png' ? 'QRCodeImagePng' : format === 'jpeg' ? 'QRCodeImageJpeg' : 'QRCodeImageGif'] = base64(image.value);
    else notes.push(...image.errors);
  }
  if (ctx.flags.pdf === 'yes') {
    const pdf = ctx.options.pdfRenderer ?? inlinePdfRenderer;
    // The stored request passed validation before it was registered, so it has the IRN request's shape.
    const einvoice = await pdf.einvoice({ ...body, AckDt: record.AckDt }, record.invoice);
    body['EinvoicePdf'] = einvoice.ok ? base64(einvoice.value) : null;
    notes.push(...(einvoice.ok ? einvoice.warnings : einvoice.errors));
    const ewb: GstHandlerOptions['ewb'] = ctx.options.ewb; // absent on an e-invoice-only host
    if (record.EwbNo && ewb) {
      const detail = await ewb.get(pctx(ctx), gstin, record.EwbNo);
      if (detail.ok) {
        const ewbPdf = await pdf.ewaybill(detail.value as EwaybillPdfDetail);
        body['EwbPdf'] = ewbPdf.ok ? base64(ewbPdf.value) : null;
        notes.push(...(ewbPdf.ok ? ewbPdf.warnings : ewbPdf.errors));
      }
    }
  }
  if (notes.length > 0) headers['svc-warning'] = notes.map((n) => `${n.code} ${n.message}`.replace(/[^\x20-\x7e]/g, ' ')).join('; ').slice(0, 500);
  return ctx.reply(200, body, headers);
}

/** `pdf=file`: the e-invoice PDF, with the IRN and Ack No. in headers, as the JSON answer would have carried them. */
async function einvoicePdfFile(ctx: RouteContext, record: RegisteredIrn): Promise<Response> {
  const pdf = ctx.options.pdfRenderer ?? inlinePdfRenderer;
  const rec = {
    Irn: record.Irn,
    AckNo: record.AckNo,
    AckDt: record.AckDt,
    IrnStatus: record.IrnStatus,
    SignedQRCode: record.SignedQRCode,
    EwbNo: record.EwbNo ?? undefined,
    EwbDt: record.EwbTime ?? undefined,
    EwbValidTill: record.EwbValidTill ?? undefined,
  };
  const invoice = record.invoice;
  const outcome = await pdf.einvoice(rec, invoice);
  const docNo = str(invoice.DocDtls?.No);
  const ids: Record<string, string> = { 'svc-irn': record.Irn, 'svc-ackno': String(record.AckNo) };
  if (record.EwbNo) ids['svc-ewbno'] = record.EwbNo;
  return pdfFileResponse(outcome, pdfFileName('einvoice', docNo), ids, record.EwbErrors ?? []);
}

/** `pdf=file`: the e-waybill PDF of `ewbNo`. */
async function ewaybillPdfFile(ctx: RouteContext, gstin: string, ewbNo: string): Promise<Response> {
  const detail = await ctx.options.ewb.get(pctx(ctx), gstin, ewbNo);
  if (!detail.ok) return refusalResponse(detail);
  const outcome = await (ctx.options.pdfRenderer ?? inlinePdfRenderer).ewaybill(detail.value as EwaybillPdfDetail);
  return pdfFileResponse(outcome, pdfFileName('ewaybill', ewbNo), { 'svc-ewbno': ewbNo });
}

function owns(ctx: RouteContext, gstin: string): boolean {
  return ctx.company.gstins.includes(gstin);
}

async function generateIrn(ctx: RouteContext): Promise<Response> {
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
  return irnRecordBody(ctx, out.value, seller);
}

async function getIrn(ctx: RouteContext): Promise<Response> {
  const gstin = ctx.flags.gstin!;
  const out = await ctx.options.irp.getIrn(pctx(ctx), gstin, ctx.flags.irn!);
  return out.ok ? irnRecordBody(ctx, out.value, gstin) : refusalResponse(out);
}

async function getIrnByDoc(ctx: RouteContext): Promise<Response> {
  const gstin = ctx.flags.gstin!;
  const out = await ctx.options.irp.getIrnByDocument(pctx(ctx), gstin, {
    docType: ctx.flags.doctype!,
    docNo: ctx.flags.docno!,
    docDate: ctx.flags.docdate!,
  });
  return out.ok ? irnRecordBody(ctx, out.value, gstin) : refusalResponse(out);
}

async function cancelIrn(ctx: RouteContext): Promise<Response> {
  const b = ctx.body;
  const out = await ctx.options.irp.cancelIrn(pctx(ctx), ctx.flags.gstin!, {
    Irn: str(b['Irn']),
    CnlRsn: str(b['CnlRsn']),
    CnlRem: str(b['CnlRem']),
  });
  return out.ok ? json(200, { Success: true, Irn: out.value.Irn, CancelDate: out.value.CancelDate }) : refusalResponse(out);
}

async function generateEwb(ctx: RouteContext): Promise<Response> {
  const out = await ctx.options.ewb.generate(pctx(ctx), ctx.flags.gstin!, ctx.body);
  return out.ok ? json(200, { Success: true, ...out.value }) : refusalResponse(out);
}

async function generateEwbByIrn(ctx: RouteContext): Promise<Response> {
  const gstin = ctx.flags.gstin!;
  const out = await ctx.options.irp.generateEwbByIrn(pctx(ctx), gstin, validatedBody(ctx, 'ewb-by-irn'));
  if (!out.ok) return refusalResponse(out);
  if (ctx.flags.pdf === 'file') return ewaybillPdfFile(ctx, gstin, out.value.EwbNo);
  const body: Obj = { Success: true, ...out.value };
  if (ctx.flags.pdf === 'yes') {
    const detail = await ctx.options.ewb.get(pctx(ctx), gstin, out.value.EwbNo);
    if (detail.ok) {
      const pdf = await (ctx.options.pdfRenderer ?? inlinePdfRenderer).ewaybill(detail.value as EwaybillPdfDetail);
      body['EwbPdf'] = pdf.ok ? base64(pdf.value) : null;
    }
  }
  return json(200, body);
}

async function getEwb(ctx: RouteContext): Promise<Response> {
  if (ctx.flags.pdf === 'file') return ewaybillPdfFile(ctx, ctx.flags.gstin!, ctx.flags.ewbNo!);
  const out = await ctx.options.ewb.get(pctx(ctx), ctx.flags.gstin!, ctx.flags.ewbNo!);
  return out.ok ? json(200, { Success: true, Response: out.value }) : refusalResponse(out);
}

async function listOtherParty(ctx: RouteContext): Promise<Response> {
  return dayListAnswer(ctx, await ctx.options.ewb.listOfOtherParty(pctx(ctx), ctx.flags.gstin!, ctx.flags.date!));
}

async function listByDate(ctx: RouteContext): Promise<Response> {
  return dayListAnswer(ctx, await ctx.options.ewb.listByDate(pctx(ctx), ctx.flags.gstin!, ctx.flags.date!));
}

async function cancelEwb(ctx: RouteContext): Promise<Response> {
  const b = ctx.body;
  const out = await ctx.options.ewb.cancel(pctx(ctx), ctx.flags.gstin!, {
    ewbNo: str(b['ewbNo']),
    cancelRsnCode: str(b['cancelRsnCode']),
    cancelRmrk: str(b['cancelRmrk']),
  });
  return out.ok ? json(200, { Success: true, CancelTime: out.value.CancelTime }) : refusalResponse(out);
}

async function closeEwb(ctx: RouteContext): Promise<Response> {
  const b = ctx.body;
  const out = await ctx.options.ewb.close(pctx(ctx), ctx.flags.gstin!, {
    ewbNo: str(b['ewbNo']),
    closureDate: str(b['closureDate']),
    remarks: str(b['remarks']),
  });
  return out.ok ? json(200, { Success: true, ClosureAckTime: out.value.ClosureAckTime }) : refusalResponse(out);
}

async function partyGstin(ctx: RouteContext): Promise<Response> {
  const out = await ctx.options.registry.party(ctx.flags.partygstin!);
  return out.ok ? json(200, { Success: true, ...out.value }) : refusalResponse(out);
}

async function lookupGstin(ctx: RouteContext): Promise<Response> {
  const out = await ctx.options.registry.lookup(ctx.flags.gstin!);
  if (out.ok) return json(200, { Success: true, Result: out.value });
  return refusalResponse(out, { Suggestions: out.info?.['Suggestions'] ?? [] });
}

async function paymentQr(ctx: RouteContext): Promise<Response> {
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

// ---- GSTR ------------------------------------------------------------------------------------

function gstrForbidden(gstin: string): Response {
  return headerFailure(403, httpCodes.forbidden, `the company may not act for GSTIN ${gstin}`);
}

function gstrPull(returnType: 'gstr2a' | 'gstr2b' | 'gstr3b') {
  return async (ctx: RouteContext): Promise<Response> => {
    const gstin = str(ctx.body['gstin']).toUpperCase();
    if (!owns(ctx, gstin)) return gstrForbidden(gstin);
    const portal = ctx.options.gstPortal;
    if (!portal || !ctx.options.returnStore) return headerFailure(503, httpCodes.notConfigured, 'GSTR pulls are not configured on this server');
    if (!(await portal.isConnected(gstin))) return headerFailure(400, gstrCodes.notConnected, 'not connected to GST System');
    const job = await ctx.options.jobs.submit({
      type: `${returnType}/pull` as JobType,
      companyId: ctx.company.id,
      params: { gstin, returnType, period: str(ctx.body['returnPeriod']) },
    });
    return json(200, job);
  };
}

function monthsBetween(a: string, b: string): number {
  const [ya, ma] = a.split('-').map(Number) as [number, number];
  const [yb, mb] = b.split('-').map(Number) as [number, number];
  return (yb - ya) * 12 + (mb - ma) + 1;
}

function gstrExport(returnType: 'gstr2a' | 'gstr2b' | 'gstr3b') {
  return async (ctx: RouteContext): Promise<Response> => {
    const b = ctx.body;
    const gstins = returnType === 'gstr3b' ? [str(b['gstin']).toUpperCase()] : (Array.isArray(b['gstins']) ? b['gstins'] : []).map((g) => str(g).toUpperCase());
    for (const g of gstins) if (!owns(ctx, g)) return gstrForbidden(g);
    if (!ctx.options.returnStore) return headerFailure(503, httpCodes.notConfigured, 'GSTR exports are not configured on this server');
    const startPeriod = returnType === 'gstr3b' ? str(b['returnPeriod']) : str(b['startReturnPeriod']);
    const endPeriod = returnType === 'gstr3b' ? str(b['returnPeriod']) : str(b['endReturnPeriod']);
    const span = monthsBetween(startPeriod, endPeriod);
    if (span > 24) return headerFailure(400, gstrCodes.periodRange, 'maximum 24 months of data can be exported');
    if (span < 1) return headerFailure(400, gstrCodes.badRequest, 'endReturnPeriod is before startReturnPeriod');
    const job = await ctx.options.jobs.submit({
      type: `${returnType}/export` as JobType,
      companyId: ctx.company.id,
      params: {
        returnType,
        gstins,
        startPeriod,
        endPeriod,
        ...(returnType !== 'gstr3b' ? { reportType: b['reportType'] === undefined ? 100 : Number(b['reportType']) } : {}),
      },
    });
    return json(200, job);
  };
}

/** No job id holds a NUL (`%00`), and a store cannot even be asked about one. */
const noSuchJob = (id: string): boolean => id.includes('\u0000');

async function jobStatus(ctx: RouteContext): Promise<Response> {
  if (noSuchJob(ctx.params['jobId'] ?? '')) return headerFailure(404, httpCodes.jobNotFound, 'no such job');
  const status = await ctx.options.jobs.status(ctx.company.id, ctx.params['jobId'] ?? '');
  if (!status) return headerFailure(404, httpCodes.jobNotFound, 'no such job');
  return json(200, status);
}

async function jobFile(ctx: RouteContext): Promise<Response> {
  const id = ctx.params['jobId'] ?? '';
  if (noSuchJob(id)) return headerFailure(404, httpCodes.jobNotFound, 'no such job');
  const status = await ctx.options.jobs.status(ctx.company.id, id);
  if (!status) return headerFailure(404, httpCodes.jobNotFound, 'no such job');
  const file = await ctx.options.jobs.file(ctx.company.id, id);
  if (!file) return headerFailure(404, httpCodes.jobFileMissing, status.jobStatus === 100 ? 'this job produced no file' : 'the job has not finished');
  const body = 'data' in file ? (file.data as Uint8Array<ArrayBuffer>) : streamOf(file.chunks());
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'content-length': String('data' in file ? file.data.byteLength : file.size),
      'content-disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
    },
  });
}

/** A byte stream pulled chunk by chunk from where a job's file is kept. */
function streamOf(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}

async function certificate(ctx: RouteContext): Promise<Response> {
  const pem = ctx.options.signingCertificatePem;
  if (!pem) return headerFailure(404, httpCodes.notFound, 'this server has no sandbox certificate');
  return new Response(pem, { status: 200, headers: { 'content-type': 'application/x-pem-file' } });
}

// ---- the table ---------------------------------------------------------------------------------

const E = '/api/svc/einvoice/';
const gstin = (): FlagSpec => flag('gstin', true);

/** Every route; `/openapi.json` and `/api/deal` are added by the handler. */
export const routes: Route[] = [
  { operationId: 'generateEwaybill', method: 'POST', path: E + 'generateewaybill', style: 'svc', auth: true, tag: 'e-waybill', summary: 'Generate an e-waybill (no IRN needed)', flags: [gstin()], ownGstinFlag: 'gstin', requestKind: 'ewb', responseKind: 'ewb-response', run: generateEwb },
  { operationId: 'generateEwbByIrn', method: 'POST', path: E + 'generateewbbyirn', style: 'svc', auth: true, tag: 'e-waybill', summary: 'Generate an e-waybill from an IRN', flags: [gstin(), flag('pdf')], ownGstinFlag: 'gstin', requestKind: 'ewb-by-irn', responseKind: 'ewb-response', run: generateEwbByIrn },
  { operationId: 'generateIrn', method: 'POST', path: E + 'generateirn', style: 'svc', auth: true, tag: 'e-invoice', summary: 'Register an invoice, credit note or debit note and obtain its IRN', flags: imageFlags(), requestKind: 'irn', responseKind: 'irn-record', run: generateIrn },
  { operationId: 'getEwaybill', method: 'GET', path: E + 'getewaybill', style: 'svc', auth: true, tag: 'e-waybill', summary: 'Get an e-waybill', flags: [gstin(), flag('ewbNo', true), flag('pdf')], ownGstinFlag: 'gstin', responseKind: 'ewb-detail', run: getEwb },
  { operationId: 'getEwaybillsOfOtherParty', method: 'GET', path: E + 'getewaybillsofotherparty', style: 'svc', auth: true, tag: 'e-waybill', summary: 'E-waybills generated by other parties on your GSTIN', flags: [gstin(), flag('date', true)], ownGstinFlag: 'gstin', responseKind: 'ewb-list-other-party', run: listOtherParty },
  { operationId: 'getEwaybillsByDate', method: 'GET', path: E + 'getewaybillsbydate', style: 'svc', auth: true, tag: 'e-waybill', summary: 'Your active e-waybills generated on a date', flags: [gstin(), flag('date', true)], ownGstinFlag: 'gstin', responseKind: 'ewb-list-by-date', run: listByDate },
  { operationId: 'getIrnByDoc', method: 'GET', path: E + 'getirnbydoc', style: 'svc', auth: true, tag: 'e-invoice', summary: 'Get an IRN record by document type, number and date', flags: [gstin(), flag('doctype', true), flag('docno', true), flag('docdate', true), ...imageFlags()], ownGstinFlag: 'gstin', responseKind: 'irn-record', run: getIrnByDoc },
  { operationId: 'getIrn', method: 'GET', path: E + 'getirn', style: 'svc', auth: true, tag: 'e-invoice', summary: 'Get an IRN record', flags: [gstin(), flag('irn', true), ...imageFlags()], ownGstinFlag: 'gstin', responseKind: 'irn-record', run: getIrn },
  { operationId: 'getDocIrnInfo', method: 'GET', path: E + 'getdocirninfo', style: 'svc', auth: true, tag: 'e-invoice', summary: 'Get the IRN information of a document', flags: [gstin(), flag('doctype', true), flag('docno', true), flag('docdate', true), flag('qrcode'), flag('pdf')], ownGstinFlag: 'gstin', responseKind: 'irn-record', run: getIrnByDoc },
  { operationId: 'getPartyGstin', method: 'GET', path: E + 'getgstin', style: 'svc', auth: true, tag: 'GSTIN', summary: 'Get the e-invoice record of a party GSTIN', flags: [gstin(), flag('partygstin', true)], ownGstinFlag: 'gstin', responseKind: 'party-gstin', run: partyGstin },
  { operationId: 'generatePaymentQrCode', method: 'POST', path: E + 'generatepaymentqrcode', style: 'svc', auth: true, tag: 'payment QR', summary: 'Dynamic UPI payment QR for a B2C invoice', flags: imageFlags(), requestKind: 'payment-qr', responseKind: 'payment-qr-response', run: paymentQr },
  { operationId: 'cancelEwb', method: 'POST', path: E + 'cancelewb', style: 'svc', auth: true, tag: 'e-waybill', summary: 'Cancel an e-waybill within 24 hours', flags: [gstin()], ownGstinFlag: 'gstin', requestKind: 'cancel-ewb', responseKind: 'cancel-ewb-response', run: cancelEwb },
  { operationId: 'closeEwb', method: 'POST', path: E + 'closeewb', style: 'svc', auth: true, tag: 'e-waybill', summary: 'Record that the goods of an e-waybill arrived', flags: [gstin()], ownGstinFlag: 'gstin', requestKind: 'close-ewb', responseKind: 'close-ewb-response', run: closeEwb },
  ...ewbMovementRoutes,
  ...ewbActionRoutes,
  { operationId: 'cancelIrn', method: 'POST', path: E + 'cancelirn', style: 'svc', auth: true, tag: 'e-invoice', summary: 'Cancel an IRN within 24 hours', flags: [gstin()], ownGstinFlag: 'gstin', requestKind: 'cancel-irn', responseKind: 'cancel-irn-response', run: cancelIrn },
  { operationId: 'getGstin', method: 'GET', path: '/api/svc/gst/getgstin', style: 'svc', auth: true, tag: 'GSTIN', summary: 'Look up a taxpayer by GSTIN', flags: [{ ...flag('gstin', true), lenient: true }], responseKind: 'gstin-info', run: lookupGstin },
  { operationId: 'pullGstr2a', method: 'POST', path: '/api/svc/gstr2a/pull', style: 'gstr', auth: true, tag: 'GSTR', summary: 'Pull GSTR-2A for one GSTIN and period', flags: [], requestKind: 'gstr-pull', responseKind: 'job', run: gstrPull('gstr2a') },
  { operationId: 'pullGstr2b', method: 'POST', path: '/api/svc/gstr2b/pull', style: 'gstr', auth: true, tag: 'GSTR', summary: 'Pull GSTR-2B for one GSTIN and period', flags: [], requestKind: 'gstr-pull', responseKind: 'job', run: gstrPull('gstr2b') },
  { operationId: 'pullGstr3b', method: 'POST', path: '/api/svc/gstr3b/pull', style: 'gstr', auth: true, tag: 'GSTR', summary: 'Pull the filed GSTR-3B for one GSTIN and period', flags: [], requestKind: 'gstr-pull', responseKind: 'job', run: gstrPull('gstr3b') },
  { operationId: 'exportGstr2a', method: 'POST', path: '/api/svc/gstr2a/export', style: 'gstr', auth: true, tag: 'GSTR', summary: 'Export stored GSTR-2A to Excel', flags: [], requestKind: 'gstr-export', responseKind: 'job', run: gstrExport('gstr2a') },
  { operationId: 'exportGstr2b', method: 'POST', path: '/api/svc/gstr2b/export', style: 'gstr', auth: true, tag: 'GSTR', summary: 'Export stored GSTR-2B to Excel', flags: [], requestKind: 'gstr-export', responseKind: 'job', run: gstrExport('gstr2b') },
  { operationId: 'exportGstr3b', method: 'POST', path: '/api/svc/gstr3b/export', style: 'gstr', auth: true, tag: 'GSTR', summary: 'Export stored GSTR-3B to Excel', flags: [], requestKind: 'gstr3b-export', responseKind: 'job', run: gstrExport('gstr3b') },
  { operationId: 'reconcileGstr2b', method: 'POST', path: '/api/svc/gstr2b/reconcile', style: 'gstr', auth: true, tag: 'GSTR', summary: 'Reconcile purchases against the stored GSTR-2B (a job; its file is the workbook)', flags: [], responseKind: 'job', run: reconcileRoute },
  { operationId: 'buildGstr1', method: 'POST', path: '/api/svc/gstr1/build', style: 'gstr', auth: true, tag: 'GSTR', summary: 'Build GSTR-1 from the e-invoices registered for a GSTIN and period (a job; its file is the offline-tool JSON)', flags: [], responseKind: 'job', run: gstr1Route },
  ...gstPortalRoutes,
  { operationId: 'jobStatus', method: 'GET', path: '/api/svc/robot/jobstatus/{jobId}', style: 'gstr', auth: true, tag: 'jobs', summary: 'Robot-JobStatus: state, progress and result of a job', flags: [], responseKind: 'job-status', run: jobStatus },
  { operationId: 'jobFile', method: 'GET', path: '/api/svc/robot/jobfile/{jobId}', style: 'gstr', auth: true, tag: 'jobs', summary: 'Download the file an export job produced', flags: [], produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', run: jobFile },
  { operationId: 'auditLog', method: 'GET', path: '/api/svc/audit', style: 'gstr', auth: true, tag: 'audit', summary: "The company's audit log of state-changing calls, newest first (query: limit 1..1000, before=seq, since, until)", flags: [], run: auditLogRoute },
  { operationId: 'sandboxCertificate', method: 'GET', path: '/api/sandbox/certificate', style: 'plain', auth: false, tag: 'sandbox', summary: 'The certificate that signs SignedInvoice and SignedQRCode (PEM)', flags: [], produces: 'application/x-pem-file', run: certificate },
];
