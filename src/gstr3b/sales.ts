/**
 * The outward side of GSTR-3B: registered e-invoices and the sales register placed in 3.1 (a), (b), (c),
 * (e), 3.1.1 and 3.2, one share per document and cell.
 *
 * Where each supply goes: exports and SEZ supplies (with or without payment) are zero-rated, 3.1(b); the 0 %
 * lines of other supplies are nil-rated, 3.1(c); a supply on which the recipient pays tax (reverse charge)
 * carries no tax for the supplier and its value is shown in 3.1(c) too; every other line is 3.1(a). Of 3.1(a),
 * the inter-state supplies to unregistered persons, composition taxpayers and UIN holders are also shown by
 * place of supply in 3.2.
 * @module
 */
import { error, pointer, warning, type Issue } from '../issue.js';
import { normalize } from '../normalize/normalize.js';
import { Decimal } from '../compute/decimal.js';
import { gstr3bCodes } from './codes.js';
import { shares, type CellSet, type InterStateKind } from './cells.js';
import { documentDate } from './period.js';
import type { Gstr3bDocumentRef, SalesRegisterRow } from './types.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
const GSTIN_FORM = /^[0-9]{2}[0-9A-Z]{13}$/;
/** A UIN (United Nations bodies, embassies): state code, three letters, five digits, then UN or ON. */
const UIN_FORM = /^\d{4}[A-Z]{3}\d{5}[UO]N[A-Z0-9]$/;
const ZERO_RATED = new Set(['EXPWP', 'EXPWOP', 'SEZWP', 'SEZWOP']);

/** What the outward side needs to know of the return. */
export interface OutwardContext {
  gstin: string;
  month: string;
  cells: CellSet;
  errors: Issue[];
  warnings: Issue[];
  compositionBuyers: ReadonlySet<string>;
  /** Document keys seen (type and number), across e-invoices and the register. */
  seen: Set<string>;
}

/** The buyer's kind for 3.2: undefined for a registered regular taxpayer. */
function buyerKind(buyer: string, ctx: OutwardContext): InterStateKind | undefined {
  if (buyer === '' || buyer === 'URP' || !GSTIN_FORM.test(buyer)) return UIN_FORM.test(buyer) ? 'uin' : 'unreg';
  if (UIN_FORM.test(buyer)) return 'uin';
  if (ctx.compositionBuyers.has(buyer)) return 'comp';
  return undefined;
}

/** The invoice of a sales entry and whether it was cancelled: a payload, an IRN record with `invoice`, or `{invoice, cancelled}`. */
function invoiceOf(raw: unknown): { invoice: unknown; cancelled: boolean } {
  const o = obj(raw);
  if (o['invoice'] && typeof o['invoice'] === 'object') {
    const cancelled = o['cancelled'] === true || text(o['Status']).toUpperCase() === 'CNL' || text(o['status']).toUpperCase() === 'CNL';
    return { invoice: o['invoice'], cancelled };
  }
  return { invoice: raw, cancelled: false };
}

/**
 * Whether a sale readable so far counts in this return: dated in its month, and the first of its type and
 * number (e-invoices and register rows share one list, so a document given both ways counts once). A sale
 * left out is told as a warning.
 */
function admitted(ctx: OutwardContext, sale: { type: string; number: string; date: { month: string; text: string }; path: string; datePath: string }): boolean {
  const { type, number, date, path } = sale;
  if (date.month !== ctx.month) {
    ctx.warnings.push(warning(gstr3bCodes.otherPeriod, `${number}: dated ${date.text}, outside the return period; left out`, sale.datePath));
    return false;
  }
  const key = `${type}|${number.toUpperCase()}`;
  if (ctx.seen.has(key)) {
    ctx.warnings.push(warning(gstr3bCodes.duplicateSale, `${type} ${number} appears more than once; the second is left out`, path));
    return false;
  }
  ctx.seen.add(key);
  return true;
}

/** Places every e-invoice of `sales` (cancelled ones left out). */
export function placeEinvoices(sales: readonly unknown[], ctx: OutwardContext): void {
  const own = ctx.gstin.slice(0, 2);
  sales.forEach((raw, index) => {
    const path = pointer('sales', index);
    const { invoice, cancelled } = invoiceOf(raw);
    if (cancelled) return;
    if (!invoice || typeof invoice !== 'object' || Array.isArray(invoice)) {
      ctx.errors.push(error(gstr3bCodes.unreadableSale, 'the sales entry is not an e-invoice object; left out', path));
      return;
    }
    const d = obj(normalize('irn', invoice).value);
    const dd = obj(d['DocDtls']);
    const type = text(dd['Typ']).toUpperCase();
    const number = text(dd['No']);
    const items = Array.isArray(d['ItemList']) ? (d['ItemList'] as unknown[]).map(obj) : [];
    if (number === '' || items.length === 0 || !['INV', 'CRN', 'DBN'].includes(type)) {
      ctx.errors.push(error(gstr3bCodes.unreadableSale, 'the e-invoice needs DocDtls (Typ INV, CRN or DBN; No; Dt) and ItemList; left out', path));
      return;
    }
    const seller = text(obj(d['SellerDtls'])['Gstin']).toUpperCase();
    if (seller !== ctx.gstin) {
      ctx.errors.push(
        error(gstr3bCodes.otherSeller, `${number}: the seller ${seller || '(none)'} is not the return's GSTIN; left out`, path + '/SellerDtls/Gstin'),
      );
      return;
    }
    const date = documentDate(text(dd['Dt']));
    if (!date) {
      ctx.errors.push(error(gstr3bCodes.unreadableSale, `${number}: the date ${text(dd['Dt'])} is not DD/MM/YYYY; left out`, path + '/DocDtls/Dt'));
      return;
    }
    if (!admitted(ctx, { type, number, date, path, datePath: path + '/DocDtls/Dt' })) return;
    const tran = obj(d['TranDtls']);
    const buyerDtls = obj(d['BuyerDtls']);
    const supTyp = text(tran['SupTyp']).toUpperCase() || 'B2B';
    const buyer = text(buyerDtls['Gstin']).toUpperCase();
    const pos = ZERO_RATED.has(supTyp) && supTyp.startsWith('EXP') ? '96' : text(buyerDtls['Pos']).padStart(2, '0');
    const inter = ZERO_RATED.has(supTyp) || text(tran['IgstOnIntra']).toUpperCase() === 'Y' || pos !== own;
    const sign = type === 'CRN' ? -1 : 1;
    const ref: Omit<Gstr3bDocumentRef, 'amounts' | 'reason'> = { source: 'e-invoice', index, type, number, date: date.text, party: buyer, placeOfSupply: pos };

    const taxed = { taxable: new Decimal(0), igst: new Decimal(0), cgst: new Decimal(0), sgst: new Decimal(0), cess: new Decimal(0) };
    let nil = new Decimal(0);
    let anyTaxed = false;
    let anyNil = false;
    for (const it of items) {
      const taxable = new Decimal(num(it['AssAmt']));
      if (num(it['GstRt']) === 0 && !ZERO_RATED.has(supTyp)) {
        nil = nil.plus(taxable);
        anyNil = true;
        continue;
      }
      anyTaxed = true;
      taxed.taxable = taxed.taxable.plus(taxable);
      taxed.igst = taxed.igst.plus(num(it['IgstAmt']));
      taxed.cgst = taxed.cgst.plus(num(it['CgstAmt']));
      taxed.sgst = taxed.sgst.plus(num(it['SgstAmt']));
      taxed.cess = taxed.cess.plus(num(it['CesAmt'])).plus(num(it['CesNonAdvlAmt']));
    }
    if (ZERO_RATED.has(supTyp)) {
      ctx.cells.get('3.1(b)').add({ ...ref, reason: `zero-rated supply (${supTyp})` }, shares(taxed, sign));
      return;
    }
    if (text(tran['RegRev']).toUpperCase() === 'Y') {
      // The recipient pays the tax: the supplier shows the value only.
      ctx.cells
        .get('3.1(c)')
        .add({ ...ref, reason: 'supply on which the recipient pays tax (reverse charge)' }, shares({ taxable: taxed.taxable.plus(nil) }, sign));
      return;
    }
    if (anyTaxed) {
      ctx.cells.get('3.1(a)').add({ ...ref, reason: `taxable supply (${supTyp})` }, shares(taxed, sign));
      const kind = inter ? buyerKind(buyer, ctx) : undefined;
      if (kind)
        ctx.cells.interStateOf(kind, pos).add(
          {
            ...ref,
            reason: `inter-state supply to ${kind === 'uin' ? 'a UIN holder' : kind === 'comp' ? 'a composition taxpayer' : 'an unregistered person'}`,
          },
          shares({ taxable: taxed.taxable, igst: taxed.igst }, sign),
        );
    }
    if (anyNil) ctx.cells.get('3.1(c)').add({ ...ref, reason: 'nil-rated lines (0 %)' }, shares({ taxable: nil }, sign));
  });
}

/** Places every row of the sales register. */
export function placeSalesRegister(rows: readonly SalesRegisterRow[], ctx: OutwardContext): void {
  const own = ctx.gstin.slice(0, 2);
  rows.forEach((row, index) => {
    const path = pointer('salesRegister', index);
    const number = text(row?.docNo);
    const type = text(row?.docType).toUpperCase() || 'INV';
    const date = documentDate(row?.docDate);
    const taxable = row?.taxable;
    if (number === '' || !date || !['INV', 'CRN', 'DBN'].includes(type) || typeof taxable !== 'number' || !Number.isFinite(taxable)) {
      ctx.errors.push(
        error(gstr3bCodes.badRegisterRow, 'a sales-register row needs docNo, docDate, docType INV, CRN or DBN and a taxable amount; left out', path),
      );
      return;
    }
    if (!admitted(ctx, { type, number, date, path, datePath: path + '/docDate' })) return;
    const buyer = text(row.buyerGstin).toUpperCase();
    const pos = text(row.pos).padStart(2, '0') === '00' || text(row.pos) === '' ? own : text(row.pos).padStart(2, '0');
    const sign = type === 'CRN' ? -1 : 1;
    const amounts = { taxable, igst: row.igst ?? 0, cgst: row.cgst ?? 0, sgst: row.sgst ?? 0, cess: row.cess ?? 0 };
    const ref = { source: 'sales-register' as const, index, type, number, date: date.text, party: buyer, placeOfSupply: pos };
    switch (row.nature) {
      case 'taxable': {
        ctx.cells.get('3.1(a)').add({ ...ref, reason: 'taxable supply not e-invoiced' }, shares(amounts, sign));
        const declared = row.buyerType;
        const kind: InterStateKind | undefined =
          declared === 'composition'
            ? 'comp'
            : declared === 'uin'
              ? 'uin'
              : declared === 'registered'
                ? undefined
                : declared === 'unregistered'
                  ? 'unreg'
                  : buyerKind(buyer, ctx);
        if (pos !== own && kind)
          ctx.cells.interStateOf(kind, pos).add({ ...ref, reason: 'inter-state supply not e-invoiced' }, shares({ taxable, igst: amounts.igst }, sign));
        return;
      }
      case 'zero-rated':
        ctx.cells.get('3.1(b)').add({ ...ref, reason: 'zero-rated supply not e-invoiced' }, shares(amounts, sign));
        return;
      case 'nil':
      case 'exempt':
        ctx.cells.get('3.1(c)').add({ ...ref, reason: `${row.nature === 'nil' ? 'nil-rated' : 'exempt'} supply` }, shares({ taxable }, sign));
        return;
      case 'non-gst':
        ctx.cells.get('3.1(e)').add({ ...ref, reason: 'non-GST supply' }, shares({ taxable }, sign));
        return;
      case 'eco-operator':
        ctx.cells.get('3.1.1(i)').add({ ...ref, reason: 'supply on which this operator pays tax under section 9(5)' }, shares(amounts, sign));
        return;
      case 'eco-supplier':
        ctx.cells.get('3.1.1(ii)').add({ ...ref, reason: 'supply through an operator that pays its tax under section 9(5)' }, shares({ taxable }, sign));
        return;
      default:
        ctx.errors.push(
          error(
            gstr3bCodes.badRegisterRow,
            `${number}: nature ${String(row.nature)} is not taxable, zero-rated, nil, exempt, non-gst, eco-operator or eco-supplier; left out`,
            path + '/nature',
          ),
        );
    }
  });
}
