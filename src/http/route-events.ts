/**
 * What the e-invoice and e-waybill routes tell the host's event sink (`GstHandlerOptions.events`): the
 * event of a change the portal made, built from its answer. The change stands whatever happens to its
 * event, so a sink that fails is reported to `onError` and the caller still gets its answer.
 * @module
 */
import type { EwbGenerated } from '../ports/ewaybill.js';
import type { GstEvent } from '../ports/events.js';
import type { RegisteredIrn } from '../ports/irp.js';
import type { RouteContext } from './types.js';

/** Tells the sink, if the host gave one. */
export async function tell(ctx: RouteContext, event: Omit<GstEvent, 'companyId'>): Promise<void> {
  const sink = ctx.options.events;
  if (!sink) return;
  try {
    await sink.emit({ ...event, companyId: ctx.company.id });
  } catch (e) {
    ctx.options.onError?.(e, ctx.request);
  }
}

/** `irn.registered` (a registration, or one recovered after the portal's answer was lost), and `ewaybill.generated` when the IRN brought one. */
export async function tellIrnRegistered(ctx: RouteContext, record: RegisteredIrn): Promise<void> {
  const doc = record.invoice.DocDtls;
  const sellerGstin = record.invoice.SellerDtls?.Gstin;
  await tell(ctx, {
    type: 'irn.registered',
    data: {
      Irn: record.Irn,
      AckNo: record.AckNo,
      AckDt: record.AckDt,
      IrnStatus: record.IrnStatus,
      ...(record.Irp ? { Irp: record.Irp } : {}),
      sellerGstin,
      ...(record.invoice.BuyerDtls?.Gstin ? { buyerGstin: record.invoice.BuyerDtls.Gstin } : {}),
      document: { type: doc?.Typ, number: doc?.No, date: doc?.Dt },
      ...(record.invoice.ValDtls?.TotInvVal !== undefined ? { totalInvoiceValue: record.invoice.ValDtls.TotInvVal } : {}),
      SignedQRCode: record.SignedQRCode,
      SignedInvoice: record.SignedInvoice,
      ...(record.EwbNo ? { EwbNo: record.EwbNo, EwbValidTill: record.EwbValidTill ?? null } : {}),
    },
  });
  if (record.EwbNo)
    await tell(ctx, {
      type: 'ewaybill.generated',
      data: { gstin: sellerGstin, EwbNo: record.EwbNo, EwbTime: record.EwbTime, EwbValidTill: record.EwbValidTill ?? null, Irn: record.Irn },
    });
}

/** `ewaybill.generated` from an e-waybill route's answer. */
export async function tellEwbGenerated(ctx: RouteContext, gstin: string, generated: EwbGenerated, extra: Record<string, unknown> = {}): Promise<void> {
  await tell(ctx, { type: 'ewaybill.generated', data: { gstin, ...generated, ...extra } });
}
