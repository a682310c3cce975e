/**
 * How the supply type and the parties' states decide which tax heads apply.
 * @module
 */

import { obj, text } from './payload.js';

/** What a document's supply means for its tax heads. */
export interface Supply {
  /** `TranDtls.SupTyp` upper-cased, or '' when missing. */
  type: string;
  /** IGST applies (inter-state, export, SEZ, or IGST charged on an intra-state supply). */
  interState: boolean;
  /** EXPWP or EXPWOP. */
  export: boolean;
  /** SEZWP or SEZWOP. */
  sez: boolean;
  /** EXPWOP or SEZWOP: supplied under bond or LUT, so IGST may be zero. */
  withoutPayment: boolean;
  /** `TranDtls.IgstOnIntra` is Y. */
  igstOnIntra: boolean;
}

/** Writes a state code as two digits (`9` becomes `09`); other text is upper-cased as is. */
export function stateCodeOf(value: unknown): string {
  const code = text(value) ?? '';
  return /^\d$/.test(code) ? '0' + code : code.toUpperCase();
}

/** The supplier's state (`SellerDtls.Stcd`) and the place of supply (`BuyerDtls.Pos`). */
export function statesOf(doc: unknown): { seller: string; pos: string } {
  const d = obj(doc);
  return {
    seller: stateCodeOf(obj(d['SellerDtls'])['Stcd']),
    pos: stateCodeOf(obj(d['BuyerDtls'])['Pos']),
  };
}

/** Classifies a document's supply. Never throws. */
export function supplyOf(doc: unknown): Supply {
  const tran = obj(obj(doc)['TranDtls']);
  const type = (text(tran['SupTyp']) ?? '').toUpperCase();
  const isExport = type === 'EXPWP' || type === 'EXPWOP';
  const sez = type === 'SEZWP' || type === 'SEZWOP';
  const igstOnIntra = (text(tran['IgstOnIntra']) ?? '').toUpperCase() === 'Y';
  const { seller, pos } = statesOf(doc);
  return {
    type,
    interState: isExport || sez || igstOnIntra || seller !== pos,
    export: isExport,
    sez,
    withoutPayment: type === 'EXPWOP' || type === 'SEZWOP',
    igstOnIntra,
  };
}
