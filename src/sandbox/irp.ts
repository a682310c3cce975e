/**
 * The sandbox invoice registration portal: IRN by SHA-256 (research/nic.md section 1), 15-digit
 * acknowledgement numbers, SignedInvoice and SignedQRCode as RS256 JWS with the sandbox's own
 * certificate, duplicate detection (2150 with the existing AckNo, AckDt and Irn), cancellation
 * within 24 hours, and e-waybills by IRN.
 * @module
 */
import { financialYear } from '../compute/financial-year.js';
import { canCancelIrn } from '../compute/irn-cancel-window.js';
import { irnDocumentNumber, irnOf } from '../compute/irn.js';
import { istDate } from '../compute/dates.js';
import { invoiceInSignedInvoice } from '../compute/signed-invoice.js';
import { ewbDetailsRules } from '../rules/einvoice/ewaybill-details.js';
import type { IrnRow, Store } from '../ports/store.js';
import { error } from '../issue.js';
import { signJws, type SigningIdentity } from './certificate.js';
import { obj, str, num, type Obj } from '../compute/payload.js';
import { refuse } from '../ports/result.js';
import type { SandboxEwbPortal } from './ewaybill/portal.js';
import type { IrnPayload } from '../types/payloads.js';
import type { DocumentKey, EwbGenerated, RegisteredIrn, IrpProvider, ProviderContext, ProviderResult, Refusal } from '../ports/index.js';
import type { Clock } from '../clock.js';
import { istDateTime, formatIstDateTime as istIsoDateTime } from '../compute/dates.js';

/** The `iss` claim of the sandbox's tokens: never NIC. */
export const SANDBOX_ISSUER = 'gstkit sandbox IRP';

interface IrnEntry {
  companyId: string;
  sellerGstin: string;
  record: RegisteredIrn;
  doc: DocumentKey;
}

/** One IRN the central duplicate check rejected (NIC's Get-Rejected-IRNs list). */
export interface RejectedIrn {
  Irn: string;
  AckNo: string;
  AckDt: string;
  DocTyp: string;
  DocNo: string;
  DocDt: string;
  /** The IRP that registered the document first. */
  RegisteredOn: string;
  /** DD/MM/YYYY, the day of the rejection. */
  RejectedOn: string;
}

/** The sandbox IRP plus a way for the GST portal to read invoices by buyer. */
export interface SandboxIrp extends IrpProvider {
  /** Which IRP this sandbox plays (IRP1 by default). */
  readonly name: string;
  /**
   * The IRNs of a seller rejected on a day (DD/MM/YYYY), as NIC's `GET rejectedirns?date=` lists them: documents
   * this IRP registered after another IRP had. Kept in the store: the list survives a restart, per company.
   */
  rejectedIrns(ctx: ProviderContext, gstin: string, date: string): Promise<RejectedIrn[]>;
  /** Active invoices whose buyer is `buyerGstin`, with a document date in `period` (YYYY-MM). */
  invoicesForBuyer(buyerGstin: string, period: string): Promise<Array<Obj & { Irn: string; AckDt: string }>>;
  /** A company's invoices of one seller GSTIN dated in `period`, cancelled ones flagged (for GSTR-1). */
  invoicesOfSeller(companyId: string, sellerGstin: string, period: string): Promise<Array<{ invoice: Obj; cancelled: boolean }>>;
}

/**
 * The document number as the duplicate check compares it: without regard to case when reported on or
 * after 01/06/2025 (GSTN advisory 04/04/2025), as sent before. `reportedOn` is DD/MM/YYYY.
 */
export function duplicateDocKey(docNo: string, reportedOn: string): string {
  return irnDocumentNumber(docNo, reportedOn);
}

/**
 * The record as the store keeps it: without the invoice when its SignedInvoice carries it, so a row holds
 * the invoice once (a third of its size), and a memory store keeps a few strings where it kept the
 * invoice's objects. {@link recordOf} reads it back.
 */
function storedRecord(record: RegisteredIrn): Record<string, unknown> {
  if (record.SignedInvoice === '') return record as unknown as Record<string, unknown>;
  const { invoice: _inSignedInvoice, ...kept } = record;
  return kept;
}

/** The IRN record of a row, its invoice read from SignedInvoice when the row does not keep it (rows stored before do). */
function recordOf(row: IrnRow): RegisteredIrn {
  const record = row.record as unknown as RegisteredIrn;
  if (record.invoice !== undefined) return record;
  return { ...record, invoice: registeredInvoice(invoiceInSignedInvoice(record.SignedInvoice) ?? {}) };
}

/** An invoice read back from the store or a SignedInvoice: the payload registered, which was an `IrnPayload`. */
function registeredInvoice(kept: Obj): IrnPayload {
  return kept as unknown as IrnPayload;
}

function entryOf(row: IrnRow): IrnEntry {
  const record = recordOf(row);
  const doc = obj(obj(record.invoice)['DocDtls']);
  return {
    companyId: row.companyId,
    sellerGstin: row.sellerGstin,
    record,
    doc: { docType: str(doc['Typ']), docNo: str(doc['No']), docDate: str(doc['Dt']) },
  };
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
  store: Store;
  seed?: number;
  /** Which of the six IRPs this sandbox plays: IRNs it issues carry the name, and IRNs of others answer 2148. */
  irp?: string;
}): SandboxIrp {
  const { clock, identity, ewb, store } = deps;
  const name = deps.irp ?? 'IRP1';
  const firstAck = (deps.seed ?? Date.now()) % 90_000_000_000;

  /** The next acknowledgement number of the year of `ackDt` (`YYYY-MM-DD hh:mm:ss`, IST). */
  const nextAckNo = async (ackDt: string): Promise<string> => {
    const n = (await store.nextNumber('ack-no', firstAck)) % 100_000_000_000;
    const yy = ackDt.slice(2, 4);
    return `11${yy}${String(n).padStart(11, '0')}`;
  };

  const withEwb = async (entry: IrnEntry): Promise<RegisteredIrn> => {
    const r = entry.record;
    if (!r.EwbNo) return r;
    const e = await ewb.entry(r.EwbNo);
    return e ? { ...r, EwbStatus: e.status } : r;
  };

  // Rows are keyed by company and IRN: no company ever sees another's documents.
  const find = async (ctx: ProviderContext, gstin: string, irn: string): Promise<ProviderResult<IrnEntry>> => {
    const row = await store.getIrn(ctx.company.id, irn.trim().toLowerCase());
    const e = row ? entryOf(row) : undefined;
    if (!e) return refuse('2154', `IRN ${irn} was not found`, 404, '/Irn');
    if (e.sellerGstin !== gstin) return refuse('2143', `IRN ${irn} does not belong to GSTIN ${gstin}`, 403, '/Irn');
    // An IRN is known only to the IRP that issued it (research/domain-2026.md 1.12).
    if ((e.record.Irp ?? 'IRP1') !== name) {
      return refuse('2148', `IRN ${irn} was issued by ${e.record.Irp ?? 'IRP1'}; only that IRP has its details`, 404, '/Irn');
    }
    return { ok: true, value: e };
  };

  const save = (ctx: ProviderContext, entry: IrnEntry, via: Store = store): Promise<void> =>
    via.updateIrn(ctx.company.id, entry.record.Irn, entry.record.IrnStatus, storedRecord(entry.record));

  /** Issues the e-waybill of an IRN (number `ewbNo`) and records it on the IRN, both through `via` (one transaction). */
  const attachEwb = async (ctx: ProviderContext, entry: IrnEntry, transport: Obj, via: Store, ewbNo: string): Promise<ProviderResult<EwbGenerated>> => {
    const partA = partAFromInvoice(obj(entry.record.invoice), transport, entry.sellerGstin);
    if ((partA['itemList'] as unknown[]).length === 0) {
      return refuse('4009', 'an e-waybill needs at least one line of goods', 422, '/ItemList');
    }
    const issued = await ewb.issue(ctx, entry.sellerGstin, partA, entry.record.Irn, { tx: via, ewbNo });
    if (!issued.ok) return issued;
    const e = issued.value;
    entry.record = { ...entry.record, EwbNo: e.ewbNo, EwbTime: istDateTime(e.generatedAt), EwbValidTill: e.validUpto, EwbStatus: 'ACT' };
    await save(ctx, entry, via);
    return { ok: true, value: { EwbNo: e.ewbNo, EwbTime: istDateTime(e.generatedAt), EwbValidTill: e.validUpto, EwbStatus: 'ACT' } };
  };

  /** 2150 for a document registered before; the acknowledgement only to the company that registered it. */
  const duplicate = (ctx: ProviderContext, existing: IrnRow): Refusal => {
    const r = existing.record as unknown as RegisteredIrn;
    return {
      ok: false,
      status: 409,
      errors: [error('2150', 'Duplicate IRN')],
      // Another company's acknowledgement is not this caller's to see.
      ...(existing.companyId === ctx.company.id ? { info: { AckNo: r.AckNo, AckDt: r.AckDt, AckTime: r.AckTime, Irn: r.Irn } } : {}),
    };
  };
  // A document registered first on another IRP: this IRP issues the IRN, and the central duplicate check
  // rejects it (status REJ, on the rejected-IRN list). The sandbox does both at once.
  const rejectAgainst = async (
    ctx: ProviderContext,
    invoice: IrnPayload,
    irn: string,
    gstin: string,
    docKey: DocumentKey,
    existing: IrnRow,
  ): Promise<ProviderResult<RegisteredIrn>> => {
    const first = existing.record as unknown as RegisteredIrn;
    const at = clock.now();
    const ackDt = istIsoDateTime(at);
    const record: RegisteredIrn = {
      Irn: irn,
      AckNo: await nextAckNo(ackDt),
      AckDt: ackDt,
      AckTime: istDateTime(at),
      IrnStatus: 'REJ',
      Irp: name,
      SignedInvoice: '',
      SignedQRCode: '',
      invoice,
    };
    const entry: RejectedIrn = {
      Irn: irn,
      AckNo: record.AckNo,
      AckDt: record.AckDt,
      DocTyp: docKey.docType,
      DocNo: docKey.docNo,
      DocDt: docKey.docDate,
      RegisteredOn: first.Irp ?? 'IRP1',
      RejectedOn: istDate(at),
    };
    await store.addRejectedIrn({
      companyId: ctx.company.id,
      irp: name,
      sellerGstin: gstin,
      irn,
      rejectedOn: entry.RejectedOn,
      entry: entry as unknown as Record<string, unknown>,
    });
    return { ok: true, value: record };
  };
  const onOtherIrp = (ctx: ProviderContext, existing: IrnRow): boolean =>
    existing.companyId === ctx.company.id && ((existing.record as unknown as RegisteredIrn).Irp ?? 'IRP1') !== name;
  /** What registering a document already stored answers: a rejection on this IRP, or 2150. */
  const registeredBefore = (
    ctx: ProviderContext,
    invoice: IrnPayload,
    irn: string,
    gstin: string,
    docKey: DocumentKey,
    existing: IrnRow,
  ): Promise<ProviderResult<RegisteredIrn>> | Refusal =>
    onOtherIrp(ctx, existing) ? rejectAgainst(ctx, invoice, irn, gstin, docKey, existing) : duplicate(ctx, existing);

  const irp: SandboxIrp = {
    name,

    async rejectedIrns(ctx, gstin, date) {
      const rows = await store.rejectedIrns(ctx.company.id, name, gstin, date);
      return rows.map((r) => r.entry as unknown as RejectedIrn);
    },

    async generateIrn(ctx, payload) {
      const invoice = obj(payload);
      const seller = obj(invoice['SellerDtls']);
      const doc = obj(invoice['DocDtls']);
      const gstin = str(seller['Gstin']);
      if (!ctx.company.gstins.includes(gstin)) {
        return refuse('2143', `seller GSTIN ${gstin} is not one of the company's GSTINs`, 403, '/SellerDtls/Gstin');
      }
      const docKey: DocumentKey = { docType: str(doc['Typ']), docNo: str(doc['No']), docDate: str(doc['Dt']) };
      const reportedOn = istDate(clock.now());
      let irn: string;
      try {
        irn = irnOf(gstin, docKey.docType, docKey.docNo, docKey.docDate, reportedOn);
      } catch {
        return refuse('2163', 'document date is not a DD/MM/YYYY date', 400, '/DocDtls/Dt');
      }
      const fy = financialYear(docKey.docDate) ?? '';
      const docNoKey = duplicateDocKey(docKey.docNo, reportedOn);
      // A cheap look first; the store's constraint below is what decides between concurrent requests.
      const seen = await store.getIrn(ctx.company.id, irn);
      if (seen) return registeredBefore(ctx, payload, irn, gstin, docKey, seen);
      const at = clock.now();
      const ackDt = istIsoDateTime(at);
      const ackNo = await nextAckNo(ackDt);
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
        doc: docKey,
        record: {
          Irn: irn,
          AckNo: ackNo,
          AckDt: ackDt,
          AckTime: istDateTime(at),
          IrnStatus: 'ACT',
          Irp: name,
          SignedInvoice: signedInvoice,
          SignedQRCode: signedQr,
          invoice: payload,
        },
      };
      const row: IrnRow = {
        companyId: ctx.company.id,
        irn,
        sellerGstin: gstin,
        financialYear: fy,
        docType: docKey.docType,
        docKey: docNoKey,
        docDate: docKey.docDate,
        docPeriod: `${docKey.docDate.slice(6, 10)}-${docKey.docDate.slice(3, 5)}`,
        buyerGstin: str(obj(invoice['BuyerDtls'])['Gstin']) || 'URP',
        status: 'ACT',
        record: storedRecord(entry.record),
      };
      // The e-waybill system's own checks of the transport details (4019 Part-A without a transporter, ...).
      const transport = invoice['EwbDtls'] ? ewbDetailsRules.flatMap((rule) => rule.check(invoice, { today: istDate(at) })) : [];
      // The IRN and the e-waybill asked for with it are written in one transaction: a failure between the
      // two leaves neither, and no reader ever sees the IRN without the e-waybill it was registered with.
      // An IRN alone is one insert, atomic by itself: it needs no transaction (on SQL, no BEGIN and COMMIT).
      const ewbNo = invoice['EwbDtls'] && transport.length === 0 ? await ewb.reserveNumber() : undefined;
      const outcome: { saved: Awaited<ReturnType<Store['insertIrn']>>; attached?: ProviderResult<EwbGenerated> } =
        ewbNo === undefined
          ? { saved: await store.insertIrn(row) }
          : await store.atomically(async (tx) => {
              const saved = await tx.insertIrn(row);
              if (!saved.inserted) return { saved };
              return { saved, attached: await attachEwb(ctx, entry, obj(invoice['EwbDtls']), tx, ewbNo) };
            });
      const { saved, attached } = outcome;
      if (!saved.inserted) return registeredBefore(ctx, payload, irn, gstin, docKey, saved.existing);
      if (transport.length > 0) return { ok: true, value: { ...entry.record, EwbErrors: transport } };
      // The IRN stands even when its e-waybill is refused (IRP behaviour, InfoDtls EWBERR).
      if (attached && !attached.ok) return { ok: true, value: { ...entry.record, EwbErrors: attached.errors } };
      return { ok: true, value: await withEwb(entry) };
    },

    async getIrn(ctx, gstin, irn) {
      const found = await find(ctx, gstin, irn);
      return found.ok ? { ok: true, value: await withEwb(found.value) } : found;
    },

    async getIrnByDocument(ctx, gstin, doc) {
      // The number as reported before 01/06/2025 (exact case), then as the IRP has keyed it since (upper case).
      let candidates: string[];
      try {
        candidates = [
          ...new Set([
            irnOf(gstin, doc.docType, doc.docNo, doc.docDate, '31/05/2025'),
            irnOf(gstin, doc.docType, doc.docNo, doc.docDate, istDate(clock.now())),
          ]),
        ];
      } catch {
        return refuse('2163', 'docdate is not a DD/MM/YYYY date', 400, '/docdate');
      }
      let found = await find(ctx, gstin, candidates[0]!);
      if (!found.ok && candidates.length > 1) found = await find(ctx, gstin, candidates[1]!);
      return found.ok ? { ok: true, value: await withEwb(found.value) } : found;
    },

    async cancelIrn(ctx, gstin, request) {
      const found = await find(ctx, gstin, str(request.Irn));
      if (!found.ok) return found;
      const entry = found.value;
      if (entry.record.IrnStatus === 'CNL') return refuse('9999', `IRN ${entry.record.Irn} is already cancelled`, 409, '/Irn');
      const now = clock.now();
      if (!canCancelIrn(entry.record.AckDt, now)) {
        return refuse('2270', 'an IRN can be cancelled only within 24 hours of its acknowledgement', 422, '/Irn');
      }
      if (entry.record.EwbNo && (await ewb.entry(entry.record.EwbNo))?.status === 'ACT') {
        return refuse('2230', `IRN has an active e-waybill ${entry.record.EwbNo}; cancel the e-waybill first`, 409, '/Irn');
      }
      const cancelDate = istDateTime(now);
      entry.record = { ...entry.record, IrnStatus: 'CNL', CancelDate: cancelDate };
      await save(ctx, entry);
      return { ok: true, value: { Irn: entry.record.Irn, CancelDate: cancelDate } };
    },

    async generateEwbByIrn(ctx, gstin, request) {
      const found = await find(ctx, gstin, str(request['Irn']));
      if (!found.ok) return found;
      const entry = found.value;
      if (entry.record.IrnStatus !== 'ACT') return refuse('2302', 'the IRN is cancelled; no e-waybill can be generated from it', 422, '/Irn');
      if (entry.record.EwbNo && (await ewb.entry(entry.record.EwbNo))?.status === 'ACT') {
        return refuse('4002', `an e-waybill (${entry.record.EwbNo}) already exists for this IRN`, 409, '/Irn');
      }
      if (entry.doc.docType !== 'INV') return refuse('4010', 'e-waybills are generated for invoices only', 422, '/Irn');
      const ewbNo = await ewb.reserveNumber();
      return store.atomically((tx) => attachEwb(ctx, entry, obj(request), tx, ewbNo));
    },

    async invoicesOfSeller(companyId, sellerGstin, period) {
      const rows = await store.irnsOfSeller(companyId, sellerGstin, period);
      return rows.map((row) => ({ invoice: obj(recordOf(row).invoice), cancelled: row.status !== 'ACT' }));
    },

    async invoicesForBuyer(buyerGstin, period) {
      const rows = await store.irnsForBuyer(buyerGstin, period);
      return rows.map((row) => {
        const r = recordOf(row);
        return { ...r.invoice, Irn: r.Irn, AckDt: r.AckDt };
      });
    },
  };
  return irp;
}
