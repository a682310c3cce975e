import { dec } from '../../compute/decimal.js';
import { error, type Issue } from '../../issue.js';
import { formatIndian, formatQuantity } from '../format.js';
import { qrMatrix, type QrMatrix } from '../qr/matrix.js';
import { amountInWords } from '../words.js';
import { A4, Canvas, MARGIN, type TextStyle } from './engine/canvas.js';
import { addressLines, arr, obj, parseIst, stateLabel, str, type Json } from './data.js';
import { displayDate } from './dates.js';
import { CELL_PAD, type Column, Flow } from './engine/flow.js';
import { paymentLines } from './payment.js';
import { referenceLines } from './references.js';
import { signatoryBlock } from './signatory.js';
import { badLogo, fitLogo, readLogo } from './logo.js';
import type { Raster } from './engine/raster.js';

export const pdfCodes = {
  notObject: 'SVC-520',
  missingIrn: 'SVC-521',
  missingItems: 'SVC-522',
  missingEwb: 'SVC-523',
  qrTooLong: 'SVC-524',
  unprintable: 'SVC-525',
  missingTripSheet: 'SVC-526',
  badLogo,
} as const;

/** @deprecated The name before the code tables were named alike; use {@link pdfCodes}. */
export const PDF_CODES = pdfCodes;

/** A rendered PDF, with warnings (characters no embedded font draws) beside it. */
export type PdfOutcome = { ok: true; value: Uint8Array; warnings: Issue[] } | { ok: false; errors: Issue[] };

const TITLES: Record<string, string> = { INV: 'Tax Invoice', CRN: 'Credit Note', DBN: 'Debit Note' };
const SUPPLY: Record<string, string> = {
  B2B: 'B2B',
  B2C: 'B2C',
  SEZWP: 'SEZ with payment',
  SEZWOP: 'SEZ without payment',
  EXPWP: 'Export with payment',
  EXPWOP: 'Export without payment',
  DEXP: 'Deemed export',
};

const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
/** The box a logo is fitted into, in points: wide enough for a wordmark, low enough to leave the header its fields. */
const LOGO_BOX: readonly [number, number] = [160, 48];
const S_BODY: TextStyle = { size: 8 };
const S_LABEL: TextStyle = { size: 7, color: [0.35, 0.35, 0.35] };
const S_TABLE: TextStyle = { size: 7 };

export interface EinvoicePdfOptions {
  /** QR size on the page in points; default 130 (about 1.8 inches). */
  qrSize?: number;
  /** Terms and conditions printed beside the signatory block; lines break at `\n`. */
  terms?: string;
  /**
   * The seller's logo, PNG or JPEG bytes, drawn at the top left of the first page scaled to fit
   * 160 x 48 points (its proportions kept). Bytes that are not a drawable PNG or JPEG give `SVC-760`.
   */
  logo?: Uint8Array;
}

function money(v: unknown): string {
  return formatIndian(v as number);
}

/** Whether an amount is zero as `dec` reads it (missing and non-numeric count as zero); numbers without decimals. */
function isZero(v: unknown): boolean {
  return typeof v === 'number' ? !(Number.isFinite(v) && v !== 0) : dec(v as number).isZero();
}

function taxLines(item: Json): string {
  const heads: string[] = [];
  const add = (label: string, key: string): void => {
    if (!isZero(item[key])) heads.push(`${label} ${money(item[key])}`);
  };
  add('IGST', 'IgstAmt');
  add('CGST', 'CgstAmt');
  add('SGST', 'SgstAmt');
  add('Cess', 'CesAmt');
  add('Cess', 'CesNonAdvlAmt');
  add('St.Cess', 'StateCesAmt');
  add('St.Cess', 'StateCesNonAdvlAmt');
  return heads.length > 0 ? heads.join('\n') : '0.00';
}

function partyBlock(c: Canvas, x: number, top: number, width: number, heading: string, lines: Array<[string, boolean?]>): number {
  c.rect(x, top, width, 12, 'fill', 0.92);
  c.text(heading, x + 3, top + 2, { size: 7.5, bold: true });
  let y = top + 14;
  for (const [line, bold] of lines) {
    for (const l of c.wrap(line, width - 6, { size: 8, bold: !!bold })) {
      c.text(l, x + 3, y, { size: 8, bold: !!bold });
      y += c.lineHeight(8);
    }
  }
  return y + 3 - top;
}

function partyLines(p: Json | undefined, nameKey: string, extra: Array<[string, boolean?]> = []): Array<[string, boolean?]> {
  if (!p) return [];
  const lines: Array<[string, boolean?]> = [[str(p[nameKey]), true]];
  if (str(p['TrdNm']) && str(p['TrdNm']) !== str(p[nameKey])) lines.push([str(p['TrdNm'])]);
  for (const l of addressLines(p)) lines.push([l]);
  if (str(p['Gstin'])) lines.push([`GSTIN: ${str(p['Gstin'])}`, true]);
  const contact = [str(p['Ph']) && `Ph: ${str(p['Ph'])}`, str(p['Em']) && `Email: ${str(p['Em'])}`].filter(Boolean).join('   ');
  if (contact) lines.push([contact]);
  return [...lines, ...extra];
}

/** The e-invoice document; see `renderEinvoicePdf` in index.ts. */
export async function einvoicePdf(record: unknown, invoice: unknown, options: EinvoicePdfOptions = {}): Promise<PdfOutcome> {
  const rec = obj(record);
  const inv = obj(invoice);
  const errors: Issue[] = [];
  if (!rec) errors.push(error(pdfCodes.notObject, 'IRN record must be an object'));
  if (!inv) errors.push(error(pdfCodes.notObject, 'Invoice must be an object'));
  if (!rec || !inv) return { ok: false, errors };
  const irn = str(rec['Irn']);
  if (!/^[0-9a-fA-F]{64}$/.test(irn)) errors.push(error(pdfCodes.missingIrn, 'IRN record has no 64-character Irn', '/Irn'));
  const items = arr(inv['ItemList'])
    .map(obj)
    .filter((i): i is Json => i !== undefined);
  if (items.length === 0) errors.push(error(pdfCodes.missingItems, 'Invoice has no items (ItemList)', '/ItemList'));
  let logo: Raster | undefined;
  if (options.logo !== undefined) {
    const read = readLogo(options.logo);
    if (read.ok) logo = read.value;
    else errors.push(...read.errors);
  }
  if (errors.length > 0) return { ok: false, errors };

  const tran = obj(inv['TranDtls']) ?? {};
  const doc = obj(inv['DocDtls']) ?? {};
  const seller = obj(inv['SellerDtls']);
  const buyer = obj(inv['BuyerDtls']);
  const disp = obj(inv['DispDtls']);
  const ship = obj(inv['ShipDtls']);
  const val = obj(inv['ValDtls']) ?? {};
  const ewb = obj(inv['EwbDtls']);
  const cancelled = str(rec['IrnStatus']).toUpperCase() === 'CNL';
  const title = TITLES[str(doc['Typ']).toUpperCase()] ?? 'Tax Invoice';
  const signedQr = str(rec['SignedQRCode']);
  let matrix: QrMatrix | undefined;
  if (signedQr) {
    try {
      matrix = qrMatrix(signedQr, 'high');
    } catch {
      return { ok: false, errors: [error(pdfCodes.qrTooLong, 'SignedQRCode is too long for a QR code', '/SignedQRCode')] };
    }
  }

  const c = await Canvas.create(inv);
  const flow = new Flow(c);
  const docDate = displayDate(doc['Dt']);
  const docLine = `${title} No. ${str(doc['No'])} dated ${docDate}`;
  flow.onNewPage = () => {
    if (c.pages.length === 1) return;
    c.text(docLine, MARGIN, flow.y, { size: 9, bold: true });
    c.text(`IRN ${irn}`, A4[0] - MARGIN, flow.y + 1, { size: 7, align: 'right' });
    flow.y += 16;
  };
  flow.newPage();

  // Header: title and registration details on the left, the signed QR on the right.
  const qrSide = options.qrSize ?? 130;
  const top = flow.y;
  // The logo, when given, heads the left column and the title moves below it.
  let left = top;
  if (logo) {
    const drawn = fitLogo(logo, LOGO_BOX[0], LOGO_BOX[1]);
    c.image(logo, MARGIN, top, drawn.width, drawn.height);
    left += drawn.height + 8;
  }
  c.text(title, MARGIN, left, { size: 18, bold: true });
  c.text('e-Invoice', MARGIN, left + 24, { size: 9, color: [0.35, 0.35, 0.35] });
  const fields: Array<[string, string]> = [
    ['IRN', irn],
    ['Ack No.', str(rec['AckNo'])],
    ['Ack Date', displayDate(rec['AckDt'] ?? rec['AckTime'])],
    ['Document No.', str(doc['No'])],
    ['Document Date', docDate],
    ['Supply Type', SUPPLY[str(tran['SupTyp']).toUpperCase()] ?? str(tran['SupTyp'])],
    ['Reverse Charge', str(tran['RegRev']) === 'Y' ? 'Yes' : 'No'],
  ];
  if (str(tran['EcmGstin'])) fields.push(['E-commerce GSTIN', str(tran['EcmGstin'])]);
  if (str(rec['EwbNo'])) {
    fields.push(['E-way Bill No.', str(rec['EwbNo'])]);
    if (str(rec['EwbDt'] ?? rec['EwbTime'])) fields.push(['E-way Bill Date', displayDate(rec['EwbDt'] ?? rec['EwbTime'])]);
    if (str(rec['EwbValidTill'])) fields.push(['Valid Until', displayDate(rec['EwbValidTill'])]);
  }
  if (cancelled) fields.push(['IRN Status', 'CANCELLED']);
  let fy = left + 40;
  const labelW = 78;
  const valueW = CONTENT_WIDTH - qrSide - labelW - 10;
  for (const [label, value] of fields) {
    c.text(label, MARGIN, fy + 0.5, S_LABEL);
    const lines = c.wrap(value, valueW, { size: 8, bold: label === 'IRN' || label === 'Ack No.' });
    for (const l of lines) {
      c.text(l, MARGIN + labelW, fy, { size: 8, bold: label === 'IRN' || label === 'Ack No.' });
      fy += c.lineHeight(8);
    }
  }
  if (matrix) {
    c.qr(matrix, A4[0] - MARGIN - qrSide, top, qrSide);
    c.text('Signed QR (IRP)', A4[0] - MARGIN - qrSide / 2, top + qrSide + 1, { size: 6.5, align: 'center', color: [0.35, 0.35, 0.35] });
  }
  flow.y = Math.max(fy, top + qrSide + 10) + 6;

  // Parties: seller and buyer, then dispatch-from and ship-to when given, then references and payment.
  type Block = [string, Array<[string, boolean?]>];
  const buyerExtra: Array<[string, boolean?]> = [];
  if (str(buyer?.['Pos'])) buyerExtra.push([`Place of Supply: ${stateLabel(buyer?.['Pos'])}`]);
  const rows: Block[][] = [
    [
      ['Supplier (Seller)', partyLines(seller, 'LglNm')],
      ['Recipient (Buyer)', partyLines(buyer, 'LglNm', buyerExtra)],
    ],
  ];
  if (disp || ship) {
    rows.push([
      ['Dispatch From', disp ? partyLines(disp, 'Nm') : [['Same as supplier']]],
      ['Ship To', ship ? partyLines(ship, 'LglNm') : [['Same as recipient']]],
    ]);
  }
  const details: Block[] = [];
  const refs = referenceLines(inv);
  if (refs.length > 0) details.push(['References', refs.map((l) => [l])]);
  const payment = paymentLines(inv, docDate);
  if (payment.length > 0) details.push(['Payment and Bank Details', payment.map((l) => [l])]);
  if (details.length > 0) rows.push(details);
  for (const pair of rows) {
    const width = CONTENT_WIDTH / pair.length;
    const measure = pair.map(([, lines]) => lines.reduce((h, [l, b]) => h + c.wrap(l, width - 6, { size: 8, bold: !!b }).length * c.lineHeight(8), 17));
    const h = Math.max(...measure);
    flow.ensure(h);
    pair.forEach(([heading, lines], i) => {
      partyBlock(c, MARGIN + i * width, flow.y, width, heading, lines);
      c.rect(MARGIN + i * width, flow.y, width, h, 'stroke');
    });
    flow.y += h + 6;
  }

  // Items.
  const fixed: Column[] = [
    { header: '#', width: 18, align: 'center' },
    { header: 'Description', width: 0 },
    { header: 'HSN/SAC', width: 40 },
    { header: 'Qty / Unit', width: 46, align: 'right' },
    { header: 'Unit Price', width: 50, align: 'right' },
    { header: 'Discount', width: 42, align: 'right' },
    { header: 'Taxable Value', width: 56, align: 'right' },
    { header: 'GST %', width: 28, align: 'right' },
    { header: 'Tax Amount', width: 74, align: 'right' },
    { header: 'Total', width: 58, align: 'right' },
  ];
  (fixed[1] as Column).width = CONTENT_WIDTH - fixed.reduce((s, col) => s + col.width, 0);
  const header = (): void => flow.tableHeader(fixed, { size: 7, bold: true });
  flow.ensure(40);
  header();
  items.forEach((item, i) => {
    const desc = [str(item['PrdDesc']), str(item['IsServc']) === 'Y' ? '(Service)' : ''].filter(Boolean).join(' ');
    const qty = `${formatQuantity(item['Qty'] as number)} ${str(item['Unit'])}`.trim();
    const free = isZero(item['FreeQty']) ? '' : `\n+${formatQuantity(item['FreeQty'] as number)} free`;
    flow.row(
      fixed,
      [
        str(item['SlNo']) || String(i + 1),
        desc,
        str(item['HsnCd']),
        qty + free,
        money(item['UnitPrice']),
        money(item['Discount']),
        money(item['AssAmt']),
        formatQuantity(item['GstRt'] as number),
        taxLines(item),
        money(item['TotItemVal']),
      ],
      S_TABLE,
      header,
    );
  });

  // Totals and amount in words.
  const totals: Array<[string, unknown]> = [['Taxable Value', val['AssVal']]];
  for (const [label, key] of [
    ['CGST', 'CgstVal'],
    ['SGST / UTGST', 'SgstVal'],
    ['IGST', 'IgstVal'],
    ['Cess', 'CesVal'],
    ['State Cess', 'StCesVal'],
    ['Discount', 'Discount'],
    ['Other Charges', 'OthChrg'],
    ['Round Off', 'RndOffAmt'],
  ] as const) {
    if (!isZero(val[key])) totals.push([label, val[key]]);
  }
  const totalValue = val['TotInvVal'];
  const lh = c.lineHeight(8.5);
  const words = amountInWords(totalValue as number);
  const leftW = CONTENT_WIDTH - 200;
  const wordLines = c.wrap(words, leftW - 6, { size: 8.5, bold: true });
  const ewbLines: string[] = [];
  if (ewb) {
    const mode = ({ '1': 'Road', '2': 'Rail', '3': 'Air', '4': 'Ship' } as Record<string, string>)[str(ewb['TransMode'])];
    ewbLines.push(
      ...[
        mode && `Transport mode: ${mode}`,
        str(ewb['VehNo']) && `Vehicle: ${str(ewb['VehNo'])}`,
        str(ewb['TransName'] || ewb['TransId']) && `Transporter: ${[str(ewb['TransName']), str(ewb['TransId'])].filter(Boolean).join(', ')}`,
        str(ewb['TransDocNo']) && `Transport doc: ${str(ewb['TransDocNo'])} ${displayDate(ewb['TransDocDt'])}`,
        str(ewb['Distance']) && `Distance: ${str(ewb['Distance'])} km`,
      ].filter((s): s is string => !!s),
    );
  }
  const blockH = Math.max((totals.length + 1) * lh + 10, (wordLines.length + ewbLines.length + 3) * lh + 10);
  flow.ensure(blockH + 6);
  flow.y += 6;
  const bt = flow.y;
  c.rect(MARGIN, bt, CONTENT_WIDTH, blockH, 'stroke');
  c.text('Amount in words', MARGIN + 3, bt + 3, S_LABEL);
  let wy = bt + 3 + lh;
  for (const l of wordLines) {
    c.text(l, MARGIN + 3, wy, { size: 8.5, bold: true });
    wy += lh;
  }
  if (ewbLines.length > 0) {
    wy += 4;
    c.text('Transport', MARGIN + 3, wy, S_LABEL);
    wy += lh;
    for (const l of ewbLines) {
      c.text(l, MARGIN + 3, wy, S_BODY);
      wy += lh;
    }
  }
  const tx = MARGIN + leftW;
  c.line(tx, bt, tx, bt + blockH);
  let ty = bt + 4;
  for (const [label, v] of totals) {
    c.text(label, tx + 4, ty, S_BODY);
    c.text(money(v), A4[0] - MARGIN - 4, ty, { size: 8, align: 'right' });
    ty += lh;
  }
  c.rect(tx, ty + 1, 200, lh + 3, 'fill', 0.92);
  c.text('Total Invoice Value', tx + 4, ty + 2.5, { size: 8.5, bold: true });
  c.text(`\u20B9 ${money(totalValue)}`, A4[0] - MARGIN - 4, ty + 2.5, { size: 8.5, bold: true, align: 'right' });
  flow.y = bt + blockH + 6;
  if (str(val['TotInvValFc'])) {
    c.text(`Total in foreign currency: ${formatIndian(val['TotInvValFc'] as number)}`, MARGIN, flow.y, S_BODY);
    flow.y += lh;
  }
  void CELL_PAD;
  signatoryBlock(c, flow, str(seller?.['LglNm']), options.terms);

  if (cancelled) for (const p of c.pages) c.stamp('CANCELLED', p);
  flow.footers(`${title} ${str(doc['No'])}  |  generated from the e-invoice registered with the IRP; the QR code carries its signature`);
  const date = parseIst(str(rec['AckDt'] ?? rec['AckTime'])) ?? parseIst(str(doc['Dt'])) ?? new Date(Date.UTC(2017, 6, 1));
  const bytes = await c.save({
    title: `${title} ${str(doc['No'])}`,
    subject: `IRN ${irn}`,
    date,
  });
  return { ok: true, value: bytes, warnings: c.warnings(pdfCodes.unprintable) };
}
