/**
 * The GSTR-3B save JSON (the body of the portal's RETSAVE action and of the offline utility's upload) from a
 * computation: `sup_details`, `eco_dtls`, `inter_sup`, `itc_elg` and `inward_sup`, with the portal's field
 * names and amounts to two decimals. Interest and late fee (5.1) are left to the portal, which computes them.
 * @module
 */
import { Decimal } from '../compute/decimal.js';
import { INTER_STATE_KINDS, type InterStateKind } from './cells.js';
import type { Gstr3bAmounts, Gstr3bCell, Gstr3bResult } from './types.js';

/** Amounts of the save JSON: taxable value and the four heads as the portal names them. */
export interface SaveAmounts {
  txval?: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt?: number;
}
export interface SaveTaxRow {
  ty: string;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export interface SavePlaceRow {
  pos: string;
  txval: number;
  iamt: number;
}

export interface Gstr3bSaveJson {
  gstin: string;
  ret_period: string;
  sup_details: {
    osup_det: Required<SaveAmounts>;
    osup_zero: { txval: number; iamt: number; csamt: number };
    osup_nil_exmp: { txval: number };
    isup_rev: Required<SaveAmounts>;
    osup_nongst: { txval: number };
  };
  eco_dtls: { eco_sup: Required<SaveAmounts>; eco_reg_sup: { txval: number } };
  inter_sup: { unreg_details: SavePlaceRow[]; comp_details: SavePlaceRow[]; uin_details: SavePlaceRow[] };
  itc_elg: { itc_avl: SaveTaxRow[]; itc_rev: SaveTaxRow[]; itc_net: Omit<SaveTaxRow, 'ty'>; itc_inelg: SaveTaxRow[] };
  inward_sup: { isup_details: Array<{ ty: 'GST' | 'NONGST'; inter: number; intra: number }> };
}

/** Two decimals, half-up, through decimal.js (a binary float never decides the paisa). */
const two = (v: number | undefined): number => new Decimal(v ?? 0).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber() || 0;

/** The save JSON of a computed GSTR-3B: each cell's value (the portal's where it locks the cell). */
export function toGstr3bSaveJson(result: Gstr3bResult): Gstr3bSaveJson {
  const byId = new Map(result.cells.map((c) => [c.id, c]));
  const a = (id: string): Gstr3bAmounts => byId.get(id)?.amounts ?? {};
  const full = (id: string): Required<SaveAmounts> => {
    const x = a(id);
    return { txval: two(x.taxable), iamt: two(x.igst), camt: two(x.cgst), samt: two(x.sgst), csamt: two(x.cess) };
  };
  const tax = (ty: string, id: string): SaveTaxRow => {
    const x = a(id);
    return { ty, iamt: two(x.igst), camt: two(x.cgst), samt: two(x.sgst), csamt: two(x.cess) };
  };
  const places = (kind: InterStateKind): SavePlaceRow[] =>
    result.cells
      .filter((c: Gstr3bCell) => c.table === '3.2' && c.code === kind)
      .map((c) => ({ pos: c.placeOfSupply ?? '', txval: two(c.amounts.taxable), iamt: two(c.amounts.igst) }))
      .filter((r) => r.txval !== 0 || r.iamt !== 0);
  const zero = a('3.1(b)');
  const { ty: _net, ...net } = tax('NET', '4C');
  return {
    gstin: result.gstin,
    ret_period: result.period,
    sup_details: {
      osup_det: full('3.1(a)'),
      osup_zero: { txval: two(zero.taxable), iamt: two(zero.igst), csamt: two(zero.cess) },
      osup_nil_exmp: { txval: two(a('3.1(c)').taxable) },
      isup_rev: full('3.1(d)'),
      osup_nongst: { txval: two(a('3.1(e)').taxable) },
    },
    eco_dtls: { eco_sup: full('3.1.1(i)'), eco_reg_sup: { txval: two(a('3.1.1(ii)').taxable) } },
    inter_sup: {
      [INTER_STATE_KINDS.unreg.list]: places('unreg'),
      [INTER_STATE_KINDS.comp.list]: places('comp'),
      [INTER_STATE_KINDS.uin.list]: places('uin'),
    } as Gstr3bSaveJson['inter_sup'],
    itc_elg: {
      itc_avl: [tax('IMPG', '4A(1)'), tax('IMPS', '4A(2)'), tax('ISRC', '4A(3)'), tax('ISD', '4A(4)'), tax('OTH', '4A(5)')],
      itc_rev: [tax('RUL', '4B(1)'), tax('OTH', '4B(2)')],
      itc_net: net,
      itc_inelg: [tax('RUL', '4D(1)'), tax('OTH', '4D(2)')],
    },
    inward_sup: {
      isup_details: [
        { ty: 'GST', inter: two(a('5 GST').inter), intra: two(a('5 GST').intra) },
        { ty: 'NONGST', inter: two(a('5 NONGST').inter), intra: two(a('5 NONGST').intra) },
      ],
    },
  };
}
