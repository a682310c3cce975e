/**
 * The sandbox invoice registration portal: IRN by SHA-256 (research/nic.md section 1), 15-digit
 * acknowledgement numbers, SignedInvoice and SignedQRCode as RS256 JWS with the sandbox's own
 * certificate, duplicate detection (2150 with the existing AckNo, AckDt and Irn), cancellation
 * within 24 hours, and e-waybills by IRN.
 * @module
 */
import { canCancelIrn } from '../compute/irn-cancel-window.js';
import { irnOf } from '../compute/irn.js';
import { error } from '../issue.js';
import { signJws, type SigningIdentity } from './certificate.js';
import { obj, str, num, refuse, type Obj } from './values.js';
import type { SandboxEwbPortal } from './ewaybill.js';
import type { DocumentKey, EwbGenerated, IrnRecord, IrpProvider, ProviderContext, ProviderResult, Refusal } from './ports.js';
import { istDateTime, istIsoDateTime, type Clock } from './time.js';

/** The `iss` claim of the sandbox's tokens: never NIC. */
export const SANDBOX_ISSUER = 'gstkit sandbox IRP';

interface IrnEntry {
  companyId: string;
  sellerGstin: string;
  record: IrnRecord;
  ackAt: Date;
  doc: DocumentKey;
}



/** The sandbox IRP plus a way for the GST portal to read invoices by buyer. */
export interface SandboxIrp extends IrpProvider {
  /** Active invoices whose buyer is `buyerGstin`, with a document date in `period` (YYYY-MM). */
  invoicesForBuyer(buyerGstin: string, period: string): Iterable<Obj & { Irn: string; AckDt: string }>;
}

/** The HSN of the line with the highest value. */
function mainHsn(items: Obj[]): string {
  let best = '';
  let bestValue = -Infinity;
  for (const it of items) {
    const v = num(it['TotItemVal'] ?? it['AssAmt'] ?? it['TotAmt']);
    if (v > bestValue) {
      bestValue = v;
      best = str(it['HsnCd']);
    }
  }
  return best;
}

/** Builds the e-waybill Part-A for an invoice and the transport details of EwbDtls or the by-IRN request. */
function partAFromInvoice(invoice: Obj, transport: Obj, gstin: string): Obj {
  const seller = obj(invoice['SellerDtls']);
  const buyer = obj(invoice['BuyerDtls']);
  const disp = invoice['DispDtls'] ? obj(invoice['DispDtls']) : undefined;
  const ship = invoice['ExpShipDtls'] ?? transport['ExpShipDtls'] ?? invoice['ShipDtls'];
  const to = ship ? obj(ship) : undefined;
  const doc = obj(invoice['DocDtls']);
  const val = obj(invoice['ValDtls']);
  const tran = obj(invoice['TranDtls']);
  const items = (Array.isArray(invoice['ItemList']) ? (invoice['ItemList'] as Obj[]) : []).filter((i) => str(i['IsServc']) !== 'Y');
  const exporting = str(tran['SupTyp']).startsWith('EXP');
  const transactionType = (disp ? 2 : 0) + (to ? 1 : 0);
  return {
    supplyType: 'O',
    subSupplyType: exporting ? '3' : '1',
    docType: 'INV',
    docNo: str(doc['No']),
    docDate: str(doc['Dt']),
    fromGstin: gstin,
    fromTrdName: str(seller['TrdNm'] ?? seller['LglNm']) || str(seller['LglNm']),
    fromAddr1: str((disp ?? seller)['Addr1']),
    fromAddr2: str((disp ?? seller)['Addr2']),
    fromPlace: str((disp ?? seller)['Loc']),
    fromPincode: num((disp ?? seller)['Pin']),
    fromStateCode: num(seller['Stcd']),
    actFromStateCode: num((disp ?? seller)['Stcd']),
    toGstin: str(buyer['Gstin']) || 'URP',
    toTrdName: str(buyer['TrdNm'] ?? buyer['LglNm']) || str(buyer['LglNm']),
    toAddr1: str((to ?? buyer)['Addr1']),
    toAddr2: str((to ?? buyer)['Addr2']),
    toPlace: str((to ?? buyer)['Loc']),
    toPincode: num((to ?? buyer)['Pin']),
    toStateCode: num(buyer['Stcd'] ?? buyer['Pos']),
    actToStateCode: num((to ?? buyer)['Stcd'] ?? buyer['Pos']),
    transactionType: transactionType === 0 ? 1 : transactionType === 2 ? 3 : transactionType === 1 ? 2 : 4,
    totalValue: num(val['AssVal']),
    totInvValue: num(val['TotInvVal']),
    cgstValue: num(val['CgstVal']),
    sgstValue: num(val['SgstVal']),
    igstValue: num(val['IgstVal']),
    cessValue: num(val['CesVal']),
    otherValue: num(val['OthChrg']),
    ...(transport['TransId'] !== undefined ? { transporterId: str(transport['TransId']) } : {}),
    ...(transport['TransName'] !== undefined ? { transporterName: str(transport['TransName']) } : {}),
    transMode: str(transport['TransMode']) || '1',
    transDistance: num(transport['Distance']),
    ...(transport['TransDocNo'] !== undefined ? { transDocNo: str(transport['TransDocNo']) } : {}),
    ...(transport['TransDocDt'] !== undefined ? { transDocDate: str(transport['TransDocDt']) } : {}),
    ...(transport['VehNo'] !== undefined ? { vehicleNo: str(transport['VehNo']) } : {}),
    ...(transport['VehType'] !== undefined ? { vehicleType: str(transport['VehType']) } : {}),
    itemList: items.map((it) => {
      const rate = num(it['GstRt']);
      const igst = num(it['IgstAmt']) > 0;
      return {
        productName: str(it['PrdDesc']).slice(0, 100),
        productDesc: str(it['PrdDesc']).slice(0, 100),
        hsnCode: str(it['HsnCd']),
        quantity: num(it['Qty']),
        qtyUnit: str(it['Unit']),
        taxableAmount: num(it['AssAmt']),
        igstRate: igst ? rate : 0,
        cgstRate: igst ? 0 : rate / 2,
        sgstRate: igst ? 0 : rate / 2,
        cessRate: num(it['CesRt']),
        cessNonadvol: num(it['CesNonAdvlAmt']),
      };
    }),
  };
}

/** Builds the sandbox IRP. */
export function createSandboxIrp(deps: {
  clock: Clock;
  identity: SigningIdentity;
  ewb: SandboxEwbPortal;
  seed?: number;
}): SandboxIrp {
  const { clock, identity, ewb } = deps;
  // Keyed by company and IRN: no company ever sees another's documents.
  const entries = new Map<string, IrnEntry>();
  const key = (companyId: string, irn: string): string => `${companyId}\u0000${irn}`;
  let sequence = (deps.seed ?? Date.now()) % 90_000_000_000;

  const nextAckNo = (at: Date): string => {
    sequence = (sequence + 1) % 100_000_000_000;
    const yy = istIsoDateTime(at).slice(2, 4);
    return `11${yy}${String(sequence).padStart(11, '0')}`;
  };

  const withEwb = (entry: IrnEntry): IrnRecord => {
    const r = entry.record;
    if (!r.EwbNo) return r;
    const e = ewb.entry(r.EwbNo);
    return e ? { ...r, EwbStatus: e.status } : r;
  };

  const find = (ctx: ProviderContext, gstin: string, irn: string): ProviderResult<IrnEntry> => {
    const e = entries.get(key(ctx.company.id, irn.trim().toLowerCase()));
    if (!e) return refuse('2154', `IRN ${irn} was not found`, 404, '/Irn');
    if (e.sellerGstin !== gstin) return refuse('2143', `IRN ${irn} does not belong to GSTIN ${gstin}`, 403, '/Irn');
    return { ok: true, value: e };
  };

  const attachEwb = (ctx: ProviderContext, entry: IrnEntry, transport: Obj): ProviderResult<EwbGenerated> => {
    const partA = partAFromInvoice(entry.record.invoice, transport, entry.sellerGstin);
    if ((partA['itemList'] as unknown[]).length === 0) {
      return refuse('4009', 'an e-waybill needs at least one line of goods', 422, '/ItemList');
    }
    const issued = ewb.issue(ctx, entry.sellerGstin, partA, entry.record.Irn);
    if (!issued.ok) return issued;
    const e = issued.value;
    entry.record = { ...entry.record, EwbNo: e.ewbNo, EwbTime: istDateTime(e.generatedAt), EwbValidTill: e.validUpto, EwbStatus: 'ACT' };
    return { ok: true, value: { EwbNo: e.ewbNo, EwbTime: istDateTime(e.generatedAt), EwbValidTill: e.validUpto, EwbStatus: 'ACT' } };
  };

  const irp: SandboxIrp = {
    async generateIrn(ctx, invoice) {
      const seller = obj(invoice['SellerDtls']);
      const doc = obj(invoice['DocDtls']);
      const gstin = str(seller['Gstin']);
      if (!ctx.company.gstins.includes(gstin)) {
        return refuse('2143', `seller GSTIN ${gstin} is not one of the company's GSTINs`, 403, '/SellerDtls/Gstin');
      }
      const docKey: DocumentKey = { docType: str(doc['Typ']), docNo: str(doc['No']), docDate: str(doc['Dt']) };
      let irn: string;
      try {
        irn = irnOf(gstin, docKey.docType, docKey.docNo, docKey.docDate);
      } catch {
        return refuse('2163', 'document date is not a DD/MM/YYYY date', 400, '/DocDtls/Dt');
      }
      // From here to the store there is no await: concurrent identical requests cannot both pass.
      const existing = entries.get(key(ctx.company.id, irn));
      if (existing) {
        return {
          ok: false,
          status: 409,
          errors: [error('2150', 'Duplicate IRN')],
          info: { AckNo: existing.record.AckNo, AckDt: existing.record.AckDt, AckTime: existing.record.AckTime, Irn: irn },
        };
      }
      const at = clock.now();
      const ackNo = nextAckNo(at);
      const ackDt = istIsoDateTime(at);
      const buyer = obj(invoice['BuyerDtls']);
      const items = Array.isArray(invoice['ItemList']) ? (invoice['ItemList'] as Obj[]) : [];
      const signedInvoice = signJws(identity, {
        data: JSON.stringify({ AckNo: Number(ackNo), AckDt: ackDt, Irn: irn, ...invoice }),
        iss: SANDBOX_ISSUER,
      });
      const signedQr = signJws(identity, {
        data: JSON.stringify({
          SellerGstin: gstin,
          BuyerGstin: str(buyer['Gstin']) || 'URP',
          DocNo: docKey.docNo,
          DocTyp: docKey.docType,
          DocDt: docKey.docDate,
          TotInvVal: num(obj(invoice['ValDtls'])['TotInvVal']),
          ItemCnt: items.length,
          MainHsnCode: mainHsn(items),
          Irn: irn,
          IrnDt: ackDt,
        }),
        iss: SANDBOX_ISSUER,
      });
      const entry: IrnEntry = {
        companyId: ctx.company.id,
        sellerGstin: gstin,
        ackAt: at,
        doc: docKey,
        record: {
          Irn: irn,
          AckNo: ackNo,
          AckDt: ackDt,
          AckTime: istDateTime(at),
          IrnStatus: 'ACT',
          SignedInvoice: signedInvoice,
          SignedQRCode: signedQr,
          invoice,
        },
      };
      entries.set(key(ctx.company.id, irn), entry);
      if (invoice['EwbDtls']) {
        const attached = attachEwb(ctx, entry, obj(invoice['EwbDtls']));
        // The IRN stands even when its e-waybill is refused (IRP behaviour, InfoDtls EWBERR).
        if (!attached.ok) return { ok: true, value: { ...entry.record, EwbErrors: attached.errors } };
      }
      return { ok: true, value: withEwb(entry) };
    },

    async getIrn(ctx, gstin, irn) {
      const found = find(ctx, gstin, irn);
      return found.ok ? { ok: true, value: withEwb(found.value) } : found;
    },

    async getIrnByDocument(ctx, gstin, doc) {
      let irn: string;
      try {
        irn = irnOf(gstin, doc.docType, doc.docNo, doc.docDate);
      } catch {
        return refuse('2163', 'docdate is not a DD/MM/YYYY date', 400, '/docdate');
      }
      const found = find(ctx, gstin, irn);
      return found.ok ? { ok: true, value: withEwb(found.value) } : found;
    },

    async cancelIrn(ctx, gstin, request) {
      const found = find(ctx, gstin, str(request.Irn));
      if (!found.ok) return found;
      const entry = found.value;
      if (entry.record.IrnStatus === 'CNL') return refuse('9999', `IRN ${entry.record.Irn} is already cancelled`, 409, '/Irn');
      const now = clock.now();
      if (!canCancelIrn(entry.record.AckDt, now)) {
        return refuse('2270', 'an IRN can be cancelled only within 24 hours of its acknowledgement', 422, '/Irn');
      }
      if (entry.record.EwbNo && ewb.entry(entry.record.EwbNo)?.status === 'ACT') {
        return refuse('2230', `IRN has an active e-waybill ${entry.record.EwbNo}; cancel the e-waybill first`, 409, '/Irn');
      }
      const cancelDate = istDateTime(now);
      entry.record = { ...entry.record, IrnStatus: 'CNL', CancelDate: cancelDate };
      return { ok: true, value: { Irn: entry.record.Irn, CancelDate: cancelDate } };
    },

    async generateEwbByIrn(ctx, gstin, request) {
      const found = find(ctx, gstin, str(request['Irn']));
      if (!found.ok) return found;
      const entry = found.value;
      if (entry.record.IrnStatus !== 'ACT') return refuse('2302', 'the IRN is cancelled; no e-waybill can be generated from it', 422, '/Irn');
      if (entry.record.EwbNo && ewb.entry(entry.record.EwbNo)?.status === 'ACT') {
        return refuse('4002', `an e-waybill (${entry.record.EwbNo}) already exists for this IRN`, 409, '/Irn');
      }
      if (entry.doc.docType !== 'INV') return refuse('4010', 'e-waybills are generated for invoices only', 422, '/Irn');
      return attachEwb(ctx, entry, request);
    },

    *invoicesForBuyer(buyerGstin, period) {
      const [y, m] = period.split('-');
      const suffix = `/${m}/${y}`;
      for (const e of entries.values()) {
        const buyer = obj(e.record.invoice['BuyerDtls']);
        if (e.record.IrnStatus === 'ACT' && str(buyer['Gstin']) === buyerGstin && e.doc.docDate.endsWith(suffix)) {
          yield { ...e.record.invoice, Irn: e.record.Irn, AckDt: e.record.AckDt };
        }
      }
    },
  };
  return irp;
}
