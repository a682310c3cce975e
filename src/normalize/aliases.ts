import type { Kind } from '../kinds.js';
import { portalResponseAliases } from './portal-response-forms.js';

/**
 * Alternative spellings and nestings that the specification mentions, per payload kind. Keys are matched
 * case-insensitively anyway (Accdet, Transid, Expdt, fromgstin ... need no entry); these are the renames
 * and moves that case alone does not explain.
 *
 * `at` is the canonical location of the object holding the key (`*` for any array entry); `to` is the
 * canonical path, relative to that object, where the value belongs.
 */
export interface Alias {
  at: string;
  from: string;
  to: readonly string[];
}

/** Keys of a child object that may appear one level up instead (the GSTIN sample puts Result's fields top level). */
export interface Hoist {
  at: string;
  into: string;
}

const invoiceAliases: readonly Alias[] = [
  { at: '', from: 'ValDtl', to: ['ValDtls'] },
  { at: '', from: 'PayDtl', to: ['PayDtls'] },
  { at: '', from: 'RefDtl', to: ['RefDtls'] },
  { at: '', from: 'AddlDtls', to: ['AddlDocDtls'] },
  { at: '', from: 'ExpDtl', to: ['ExpDtls'] },
  { at: '', from: 'EwbDtl', to: ['EwbDtls'] },
  // The table puts these top level; NIC v1.1 nests them in RefDtls.
  { at: '', from: 'PrecDocDtls', to: ['RefDtls', 'PrecDocDtls'] },
  { at: '', from: 'PrecDoc', to: ['RefDtls', 'PrecDocDtls'] },
  { at: '', from: 'ContrDtls', to: ['RefDtls', 'ContrDtls'] },
  // The table puts the period dates in RefDtl itself; NIC v1.1 nests them in DocPerdDtls.
  { at: '/RefDtls', from: 'InvStDt', to: ['DocPerdDtls', 'InvStDt'] },
  { at: '/RefDtls', from: 'InvEndDt', to: ['DocPerdDtls', 'InvEndDt'] },
  { at: '/ItemList/*', from: 'BchDtl', to: ['BchDtls'] },
  { at: '/ItemList/*', from: 'OthSerialNumber', to: ['PrdSlNo'] },
  { at: '/ItemList/*', from: 'CessAmt', to: ['CesAmt'] },
];

const ewbStatusAlias: readonly Alias[] = [{ at: '', from: 'EwbStstus', to: ['EwbStatus'] }];

export const aliasesByKind: Partial<Record<Kind, readonly Alias[]>> = {
  irn: invoiceAliases,
  'payment-qr': invoiceAliases,
  // NIC's prose field table spells subSupplyDesc as subSypplyDesc; the EWB API's schema (one copy) names the
  // dispatch-from and ship-to trade names in full. dispatchFromGSTIN, shipToGSTIN and an item's cessNonAdvol
  // differ from the canonical names in case only, which the reader takes anyway.
  ewb: [
    { at: '', from: 'subSypplyDesc', to: ['subSupplyDesc'] },
    { at: '', from: 'dispatchFromTradeName', to: ['dispatchFromTrdName'] },
    { at: '', from: 'shipToTradeName', to: ['shipToTrdName'] },
  ],
  'ewb-response': ewbStatusAlias,
  'irn-record': ewbStatusAlias,
};

// The portals' own names for response fields (portal-response-forms.ts).
for (const [kind, list] of Object.entries(portalResponseAliases) as Array<[Kind, readonly Alias[]]>) {
  aliasesByKind[kind] = [...(aliasesByKind[kind] ?? []), ...list];
}

export const hoistsByKind: Partial<Record<Kind, readonly Hoist[]>> = {
  'gstin-info': [{ at: '', into: 'Result' }],
};
