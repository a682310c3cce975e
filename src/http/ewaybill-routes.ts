/**
 * The e-waybill routes: generate one (on its own or from an IRN), get it, the day lists, cancel and close.
 * With `pdf=yes` or `pdf=file` an e-waybill comes with its PDF.
 * @module
 */
import type { RouteContext } from './types.js';
import { json } from './responses.js';
import { str } from '../compute/payload.js';
import { dayListAnswer } from './day-list-answer.js';
import { inlinePdfRenderer } from '../render/pdf/renderer.js';
import { pdfFileName, pdfFileResponse } from './pdf-file.js';
import { validatedBody } from './validated-body.js';
import { base64, pctx, refusalResponse, type Obj } from './route-kit.js';
import { tellEwbGenerated } from './route-events.js';

/** `pdf=file`: the e-waybill PDF of `ewbNo`. */
async function ewaybillPdfFile(ctx: RouteContext, gstin: string, ewbNo: string): Promise<Response> {
  const detail = await ctx.options.ewb.get(pctx(ctx), gstin, ewbNo);
  if (!detail.ok) return refusalResponse(detail);
  const outcome = await (ctx.options.pdfRenderer ?? inlinePdfRenderer).ewaybill(detail.value, ctx.options.pdfBranding);
  return pdfFileResponse(outcome, pdfFileName('ewaybill', ewbNo), { 'svc-ewbno': ewbNo });
}

export async function generateEwb(ctx: RouteContext): Promise<Response> {
  const out = await ctx.options.ewb.generate(pctx(ctx), ctx.flags.gstin!, validatedBody(ctx, 'ewb'));
  if (!out.ok) return refusalResponse(out);
  const b = ctx.body;
  await tellEwbGenerated(ctx, ctx.flags.gstin!, out.value, { document: { type: b['docType'], number: b['docNo'], date: b['docDate'] } });
  return json(200, { Success: true, ...out.value });
}

export async function generateEwbByIrn(ctx: RouteContext): Promise<Response> {
  const gstin = ctx.flags.gstin!;
  const out = await ctx.options.irp.generateEwbByIrn(pctx(ctx), gstin, validatedBody(ctx, 'ewb-by-irn'));
  if (!out.ok) return refusalResponse(out);
  await tellEwbGenerated(ctx, gstin, out.value, { Irn: ctx.body['Irn'] });
  if (ctx.flags.pdf === 'file') return ewaybillPdfFile(ctx, gstin, out.value.EwbNo);
  const body: Obj = { Success: true, ...out.value };
  if (ctx.flags.pdf === 'yes') {
    const detail = await ctx.options.ewb.get(pctx(ctx), gstin, out.value.EwbNo);
    if (detail.ok) {
      const pdf = await (ctx.options.pdfRenderer ?? inlinePdfRenderer).ewaybill(detail.value, ctx.options.pdfBranding);
      body['EwbPdf'] = pdf.ok ? base64(pdf.value) : null;
    }
  }
  return json(200, body);
}

export async function getEwb(ctx: RouteContext): Promise<Response> {
  if (ctx.flags.pdf === 'file') return ewaybillPdfFile(ctx, ctx.flags.gstin!, ctx.flags.ewbNo!);
  const out = await ctx.options.ewb.get(pctx(ctx), ctx.flags.gstin!, ctx.flags.ewbNo!);
  return out.ok ? json(200, { Success: true, Response: out.value }) : refusalResponse(out);
}

export async function listOtherParty(ctx: RouteContext): Promise<Response> {
  return dayListAnswer(ctx, await ctx.options.ewb.listOfOtherParty(pctx(ctx), ctx.flags.gstin!, ctx.flags.date!));
}

export async function listByDate(ctx: RouteContext): Promise<Response> {
  return dayListAnswer(ctx, await ctx.options.ewb.listByDate(pctx(ctx), ctx.flags.gstin!, ctx.flags.date!));
}

export async function cancelEwb(ctx: RouteContext): Promise<Response> {
  const b = ctx.body;
  const out = await ctx.options.ewb.cancel(pctx(ctx), ctx.flags.gstin!, {
    ewbNo: str(b['ewbNo']),
    cancelRsnCode: str(b['cancelRsnCode']),
    cancelRmrk: str(b['cancelRmrk']),
  });
  return out.ok ? json(200, { Success: true, CancelTime: out.value.CancelTime }) : refusalResponse(out);
}

export async function closeEwb(ctx: RouteContext): Promise<Response> {
  const b = ctx.body;
  const out = await ctx.options.ewb.close(pctx(ctx), ctx.flags.gstin!, {
    ewbNo: str(b['ewbNo']),
    closureDate: str(b['closureDate']),
    remarks: str(b['remarks']),
  });
  return out.ok ? json(200, { Success: true, ClosureAckTime: out.value.ClosureAckTime }) : refusalResponse(out);
}
