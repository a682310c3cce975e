/**
 * The pictures of a valid document, drawn in the browser: the QR code and the PDF of an e-invoice or an
 * e-waybill. The document is not registered, so what a portal would give (the IRN's acknowledgement and
 * signature, the e-waybill's number) is stood in for, and the page marks both as previews. Loaded on first
 * use, in its own chunk.
 * @module
 */
import { irnOf } from '../compute/irn.js';
import type { Issue } from '../issue.js';
import { renderEinvoicePdf, renderEwaybillPdf, useFontLoader, type EinvoicePdfRecord, type EwaybillPdfDetail } from '../render/pdf/index.js';
import { tryQrImage } from '../render/qr/index.js';
import type { IrnPayload } from '../types/payloads.js';
import type { PageKind } from './document-kind.js';

// The page ships the fonts in its own fonts/ folder (the build copies them), fetched when a PDF needs them.
useFontLoader(async (file) => {
  const answer = await fetch(new URL(`fonts/${file}`, document.baseURI));
  if (!answer.ok) throw new Error(`fonts/${file} answered ${answer.status}`);
  return new Uint8Array(await answer.arrayBuffer());
});

/**
 * The number an e-waybill preview carries, marked as a preview on the page and in the PDF's generation mode.
 * Twelve nines rather than zeros: the detail's reader takes the number as a number, and zeros would read as 0.
 */
export const PREVIEW_EWB_NO = '999999999999';

export interface Pictures {
  /** The text the QR code holds. */
  qrText: string;
  qrPng: Uint8Array | undefined;
  pdf: Uint8Array | undefined;
  /** What the renderers found: errors of a picture not drawn, warnings of one drawn. */
  notes: Issue[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const two = (n: number): string => String(n).padStart(2, '0');

/** `now` in India, as the IRP writes an acknowledgement date (YYYY-MM-DD hh:mm:ss) and the e-way bill system a generation date (DD/MM/YYYY hh:mm:ss). */
function istStamp(now: Date): { iso: string; ewb: string } {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const [y, m, d, h, min, s] = [ist.getUTCFullYear(), ist.getUTCMonth() + 1, ist.getUTCDate(), ist.getUTCHours(), ist.getUTCMinutes(), ist.getUTCSeconds()];
  return {
    iso: `${y}-${two(m)}-${two(d)} ${two(h)}:${two(min)}:${two(s)}`,
    ewb: `${two(d)}/${two(m)}/${y} ${two(h)}:${two(min)}:${two(s)}`,
  };
}

/** The fields the IRP signs into an e-invoice's QR code, here unsigned: a preview, not a registration. */
function invoiceQrText(invoice: Record<string, unknown>, irn: string, ackDate: string): string {
  const part = (key: string): Record<string, unknown> => (isRecord(invoice[key]) ? invoice[key] : {});
  const items = Array.isArray(invoice['ItemList']) ? invoice['ItemList'].filter(isRecord) : [];
  // The IRP names the HSN of the line with the highest taxable value.
  const main = items.reduce<Record<string, unknown> | undefined>(
    (best, item) => (!best || Number(item['AssAmt']) > Number(best['AssAmt']) ? item : best),
    undefined,
  );
  return JSON.stringify({
    preview: 'not registered: no IRP signature',
    SellerGstin: text(part('SellerDtls')['Gstin']),
    BuyerGstin: text(part('BuyerDtls')['Gstin']),
    DocNo: text(part('DocDtls')['No']),
    DocTyp: text(part('DocDtls')['Typ']),
    DocDt: text(part('DocDtls')['Dt']),
    TotInvVal: Number(part('ValDtls')['TotInvVal']),
    ItemCnt: items.length,
    MainHsnCode: text(main?.['HsnCd']),
    Irn: irn,
    IrnDt: ackDate,
  });
}

function qrOf(qrText: string, notes: Issue[]): Uint8Array | undefined {
  const image = tryQrImage(qrText, { format: 'png' });
  if (image.ok) return image.value;
  notes.push(...image.errors);
  return undefined;
}

/** The QR code and PDF of a valid document (`doc` as `validate` gave it back). */
export async function drawPictures(kind: PageKind, doc: unknown, now: Date = new Date()): Promise<Pictures> {
  const notes: Issue[] = [];
  const stamp = istStamp(now);
  const invoice = isRecord(doc) ? doc : {};
  if (kind === 'irn') {
    const docDtls = isRecord(invoice['DocDtls']) ? invoice['DocDtls'] : {};
    const seller = isRecord(invoice['SellerDtls']) ? invoice['SellerDtls'] : {};
    const irn = irnOf(text(seller['Gstin']), text(docDtls['Typ']), text(docDtls['No']), text(docDtls['Dt']));
    const qrText = invoiceQrText(invoice, irn, stamp.iso);
    const record: EinvoicePdfRecord = { Irn: irn, AckNo: '0', AckDt: stamp.iso, IrnStatus: 'ACT', SignedQRCode: qrText };
    const pdf = await renderEinvoicePdf(record, invoice as unknown as IrnPayload);
    if (pdf.ok) notes.push(...pdf.warnings);
    else notes.push(...pdf.errors);
    return { qrText, qrPng: qrOf(qrText, notes), pdf: pdf.ok ? pdf.value : undefined, notes };
  }
  // Part B as the portal's detail lists it: the vehicle the request names, entered now.
  const vehicle = text(invoice['vehicleNo'])
    ? [
        {
          updMode: 'preview',
          vehicleNo: text(invoice['vehicleNo']),
          fromPlace: text(invoice['fromPlace']),
          fromState: invoice['fromStateCode'],
          enteredDate: stamp.ewb,
          transMode: text(invoice['transMode']),
          transDocNo: text(invoice['transDocNo']),
          transDocDate: text(invoice['transDocDate']),
          vehicleType: text(invoice['vehicleType']),
        },
      ]
    : [];
  const detail = {
    ...invoice,
    ewbNo: PREVIEW_EWB_NO,
    ewayBillDate: stamp.ewb,
    userGstin: text(invoice['fromGstin']),
    genMode: 'preview',
    VehiclListDetails: vehicle,
  };
  // The e-way bill system's QR holds the number, the generator's GSTIN and the generation date.
  const qrText = `${PREVIEW_EWB_NO}/${detail.userGstin}/${stamp.ewb}`;
  const pdf = await renderEwaybillPdf(detail as unknown as EwaybillPdfDetail);
  if (pdf.ok) notes.push(...pdf.warnings);
  else notes.push(...pdf.errors);
  return { qrText, qrPng: qrOf(qrText, notes), pdf: pdf.ok ? pdf.value : undefined, notes };
}
