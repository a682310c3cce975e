/**
 * Reader of GSTR-3B JSON (the `RETSUM` answer or the offline-tool JSON) into the form's tables.
 * @module
 */
import { pointer, type Issue, type Outcome } from '../issue.js';
import { readCodes, ReadContext, isObject, toJson, type Json } from './read-common.js';
import { headerOf } from './read-shared.js';
import type { Gstr3b, Gstr3bPaymentRow, Gstr3bRow, HeadAmounts } from './types.js';

/** A GSTR-3B read into its tables, with the warnings met on the way. */
export type Gstr3bResult = Gstr3b & { warnings: Issue[] };

const KNOWN = new Set([
  'gstin',
  'ret_period',
  'rtnprd',
  'fp',
  'chksum',
  'sup_details',
  'eco_dtls',
  'inter_sup',
  'itc_elg',
  'inward_sup',
  'intr_ltfee',
  'tx_pmt',
  'qn',
  'filing_dt',
  'status',
  'version',
]);

/** Rows of tables 3.1, 3.1.1, 4, 5.1 in form order: [table, code, label, block, key, list-type]. */
const FIXED: Array<[string, string, string, string, string, string?]> = [
  ['3.1', '(a)', 'Outward taxable supplies (other than zero rated, nil rated and exempted)', 'sup_details', 'osup_det'],
  ['3.1', '(b)', 'Outward taxable supplies (zero rated)', 'sup_details', 'osup_zero'],
  ['3.1', '(c)', 'Other outward supplies (nil rated, exempted)', 'sup_details', 'osup_nil_exmp'],
  ['3.1', '(d)', 'Inward supplies (liable to reverse charge)', 'sup_details', 'isup_rev'],
  ['3.1', '(e)', 'Non-GST outward supplies', 'sup_details', 'osup_nongst'],
  ['3.1.1', '(i)', 'Supplies on which the e-commerce operator pays tax u/s 9(5) (by the operator)', 'eco_dtls', 'eco_sup'],
  ['3.1.1', '(ii)', 'Supplies made through an e-commerce operator u/s 9(5) (by the registered supplier)', 'eco_dtls', 'eco_reg_sup'],
  ['4', 'A(1)', 'Import of goods', 'itc_elg', 'itc_avl', 'IMPG'],
  ['4', 'A(2)', 'Import of services', 'itc_elg', 'itc_avl', 'IMPS'],
  ['4', 'A(3)', 'Inward supplies liable to reverse charge (other than 1 and 2)', 'itc_elg', 'itc_avl', 'ISRC'],
  ['4', 'A(4)', 'Inward supplies from ISD', 'itc_elg', 'itc_avl', 'ISD'],
  ['4', 'A(5)', 'All other ITC', 'itc_elg', 'itc_avl', 'OTH'],
  ['4', 'B(1)', 'ITC reversed as per rules 38, 42 and 43 and section 17(5)', 'itc_elg', 'itc_rev', 'RUL'],
  ['4', 'B(2)', 'ITC reversed, others', 'itc_elg', 'itc_rev', 'OTH'],
  ['4', 'C', 'Net ITC available (A - B)', 'itc_elg', 'itc_net'],
  ['4', 'D(1)', 'ITC reclaimed which was reversed under 4(B)(2) in an earlier period', 'itc_elg', 'itc_inelg', 'RUL'],
  ['4', 'D(2)', 'Ineligible ITC under section 16(4) and ITC restricted by place-of-supply rules', 'itc_elg', 'itc_inelg', 'OTH'],
  ['5.1', 'Interest', 'Interest', 'intr_ltfee', 'intr_details'],
  ['5.1', 'Late fee', 'Late fee', 'intr_ltfee', 'ltfee_details'],
];

const PLACES: Array<[string, string]> = [
  ['unreg_details', 'Supplies made to unregistered persons'],
  ['comp_details', 'Supplies made to composition taxable persons'],
  ['uin_details', 'Supplies made to UIN holders'],
];

/**
 * Reads a GSTR-3B file (object, JSON text or bytes). Every row of the form's tables is present in the
 * result (zero when the file leaves it out). Unknown blocks warn; malformed content gives coded errors.
 */
export function readGstr3b(input: unknown, expect?: { gstin?: string; period?: string }): Outcome<Gstr3bResult> {
  const ctx = new ReadContext();
  const top = toJson(input, ctx);
  if (top === undefined) return { ok: false, errors: ctx.errors };
  let root: Json = top;
  let base = '';
  if (isObject(top.data) && top.sup_details === undefined) {
    root = top.data;
    base = '/data';
  }
  const { gstin, period } = headerOf(ctx, root, base, ['gstin'], ['ret_period', 'rtnprd', 'fp'], expect);
  for (const key of Object.keys(root)) {
    if (!KNOWN.has(key)) ctx.warn(readCodes.unknown, `block ${key} is not known to this reader and was skipped`, base + pointer(key));
  }
  const rows: Gstr3bRow[] = [];
  const amounts = (o: Json, p: string): Omit<Gstr3bRow, 'table' | 'code' | 'label'> => ({
    taxable: ctx.amount(o, 'txval', p),
    igst: ctx.amount(o, 'iamt', p),
    cgst: ctx.amount(o, 'camt', p),
    sgst: ctx.amount(o, 'samt', p),
    cess: ctx.amount(o, 'csamt', p),
  });

  for (const [table, code, label, blockKey, key, ty] of FIXED) {
    const bp = base + pointer(blockKey);
    const block = ctx.object(root, blockKey, base) ?? {};
    let src: Json = {};
    let p = bp + pointer(key);
    if (ty === undefined) {
      src = ctx.object(block, key, bp) ?? {};
    } else {
      const list = ctx.list(block, key, bp);
      const i = list.findIndex((r) => String(r.ty ?? '').toUpperCase() === ty);
      if (i >= 0) {
        src = list[i]!;
        p = bp + pointer(key, i);
      }
    }
    rows.push({ table, code, label, ...amounts(src, p) });
  }

  const inter = ctx.object(root, 'inter_sup', base) ?? {};
  for (const [key, label] of PLACES) {
    const ip = base + pointer('inter_sup');
    ctx.list(inter, key, ip).forEach((r, i) => {
      const rp = ip + pointer(key, i);
      rows.push({ table: '3.2', code: key.replace('_details', ''), label, placeOfSupply: ctx.text(r, 'pos') ?? '', ...amounts(r, rp) });
    });
  }

  const inward = ctx.object(root, 'inward_sup', base) ?? {};
  const iwp = base + pointer('inward_sup');
  const iw = ctx.list(inward, 'isup_details', iwp);
  for (const [ty, label] of [
    ['GST', 'From a supplier under composition scheme, exempt and nil rated supply'],
    ['NONGST', 'Non-GST supply'],
  ] as const) {
    const i = iw.findIndex((r) => String(r.ty ?? '').toUpperCase() === ty);
    const r = i >= 0 ? iw[i]! : {};
    const rp = iwp + pointer('isup_details', i);
    rows.push({ table: '5', code: ty, label, interState: ctx.amount(r, 'inter', rp), intraState: ctx.amount(r, 'intra', rp) });
  }

  const payments = readPayments(ctx, root, base);

  // Sort 3.2 rows into form order (after 3.1.1, before 4).
  const order = ['3.1', '3.1.1', '3.2', '4', '5', '5.1'];
  rows.sort((a, b) => order.indexOf(a.table) - order.indexOf(b.table));

  if (ctx.errors.length > 0) return { ok: false, errors: ctx.errors };
  return { ok: true, value: { gstin, period, rows, payments, warnings: ctx.warnings } };
}

function readPayments(ctx: ReadContext, root: Json, base: string): Gstr3bPaymentRow[] {
  const tp = base + pointer('tx_pmt');
  const pmt = ctx.object(root, 'tx_pmt', base);
  if (!pmt) return [];
  const liab = ctx.list(pmt, 'tx_py', tp);
  const liabKey = liab.length > 0 ? 'tx_py' : 'net_tax_pay';
  const rows = liab.length > 0 ? liab : ctx.list(pmt, 'net_tax_pay', tp);
  const cash = ctx.list(pmt, 'pdcash', tp);
  const itcRaw = pmt.pditc;
  const itcList: Json[] = Array.isArray(itcRaw) ? ctx.list(pmt, 'pditc', tp) : isObject(itcRaw) ? [itcRaw] : [];
  const head = (o: Json, key: string, p: string): HeadAmounts => {
    const h = ctx.object(o, key, p) ?? {};
    const hp = p + pointer(key);
    return { tax: ctx.amount(h, 'tx', hp), interest: ctx.amount(h, 'intr', hp), fee: ctx.amount(h, 'fee', hp) };
  };
  return rows.map((r, i) => {
    const rp = tp + pointer(liabKey, i);
    const type = ctx.text(r, 'trans_typ') ?? '';
    const pick = (list: Json[]): [Json, number] => {
      const j = list.findIndex((x) => ctx.text(x, 'trans_typ') === type && type !== '');
      if (j >= 0) return [list[j]!, j];
      return list.length === rows.length ? [list[i]!, i] : [{}, -1];
    };
    const [c, ci] = pick(cash);
    const cp = tp + pointer('pdcash', ci);
    const [t, ti] = itcList.length === 1 && !Array.isArray(itcRaw) ? (i === 0 ? [itcList[0]!, 0] : [{}, -1]) : pick(itcList);
    const ip = tp + pointer('pditc') + (Array.isArray(itcRaw) ? pointer(ti) : '');
    const a = (o: Json, k: string, p: string): number => ctx.amount(o, k, p);
    return {
      transactionType: type,
      description: ctx.text(r, 'tran_desc') ?? ctx.text(r, 'trans_desc') ?? '',
      payable: { igst: head(r, 'igst', rp), cgst: head(r, 'cgst', rp), sgst: head(r, 'sgst', rp), cess: head(r, 'cess', rp) },
      paidThroughItc: {
        igstFromIgst: a(t, 'i_pdi', ip),
        igstFromCgst: a(t, 'i_pdc', ip),
        igstFromSgst: a(t, 'i_pds', ip),
        cgstFromIgst: a(t, 'c_pdi', ip),
        cgstFromCgst: a(t, 'c_pdc', ip),
        sgstFromIgst: a(t, 's_pdi', ip),
        sgstFromSgst: a(t, 's_pds', ip),
        cessFromCess: a(t, 'cs_pdcs', ip),
      },
      paidInCash: {
        igst: { tax: a(c, 'ipd', cp), interest: a(c, 'i_intrpd', cp), fee: a(c, 'i_lfeepd', cp) },
        cgst: { tax: a(c, 'cpd', cp), interest: a(c, 'c_intrpd', cp), fee: a(c, 'c_lfeepd', cp) },
        sgst: { tax: a(c, 'spd', cp), interest: a(c, 's_intrpd', cp), fee: a(c, 's_lfeepd', cp) },
        cess: { tax: a(c, 'cspd', cp), interest: a(c, 'cs_intrpd', cp), fee: a(c, 'cs_lfeepd', cp) },
      },
    };
  });
}
