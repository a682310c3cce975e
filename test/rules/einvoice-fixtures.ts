/**
 * Documents for the e-invoice tests, all derived from one valid intra-state Karnataka invoice.
 */

import { completeInvoice, type IrnDraft } from '../../src/compute/index.js';
import { gstinCheckChar } from '../../src/masters/index.js';
import type { RuleContext } from '../../src/rules/rule.js';

/** A GSTIN with the right check character for its first 14 characters. */
export const gstin = (first14: string): string => first14 + gstinCheckChar(first14);

export const SELLER = gstin('29AAACB1234C1Z');
export const BUYER_KA = gstin('29AABCT5678D1Z');
export const BUYER_MH = gstin('27AAACM4321E1Z');
export const ECOM_TCS = gstin('29AAACA1234B1C');

export const context: RuleContext = { today: '20/06/2024' };

/** An intra-state B2B invoice (Karnataka to Karnataka) without derived amounts. */
export function rawIntra(): IrnDraft {
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: 'KA/24-25/0042', Dt: '15/06/2024' },
    SellerDtls: { Gstin: SELLER, LglNm: 'Bangalore Tools Pvt Ltd', Addr1: '12 MG Road', Loc: 'Bengaluru', Pin: 560001, Stcd: '29' },
    BuyerDtls: { Gstin: BUYER_KA, LglNm: 'Mysore Traders Ltd', Pos: '29', Addr1: '4 Sayyaji Rao Road', Loc: 'Mysuru', Pin: 570001, Stcd: '29' },
    ItemList: [
      { SlNo: '1', PrdDesc: 'Laptop', IsServc: 'N', HsnCd: '84713010', Qty: 2, Unit: 'NOS', UnitPrice: 45250.5, Discount: 500, GstRt: 18 },
      { SlNo: '2', PrdDesc: 'Cables', IsServc: 'N', HsnCd: '85444999', Qty: 12.5, Unit: 'MTR', UnitPrice: 33.33, GstRt: 18, CesRt: 1, CesNonAdvlAmt: 2.5 },
      { SlNo: '3', PrdDesc: 'Installation', IsServc: 'Y', HsnCd: '998719', Qty: 1, Unit: 'OTH', UnitPrice: 1500, GstRt: 18, OthChrg: 10 },
    ],
    ValDtls: { Discount: 100, OthChrg: 50 },
  };
}

/** The valid intra-state invoice, amounts filled in. */
export function intra(): IrnDraft {
  return completeInvoice(rawIntra(), { roundOff: 'rupee' });
}

/** The same invoice to a Maharashtra buyer: inter-state. */
export function inter(): IrnDraft {
  const doc = rawIntra();
  doc.BuyerDtls = { Gstin: BUYER_MH, LglNm: 'Pune Traders Ltd', Pos: '27', Addr1: '1 FC Road', Loc: 'Pune', Pin: 411004, Stcd: '27' };
  return completeInvoice(doc, { roundOff: 'rupee' });
}

/** An export without payment of tax. */
export function exportDoc(): IrnDraft {
  const doc = rawIntra();
  doc.TranDtls = { TaxSch: 'GST', SupTyp: 'EXPWOP', RegRev: 'N' };
  doc.BuyerDtls = { Gstin: 'URP', LglNm: 'Acme Inc', Pos: '96', Addr1: '1 Main St', Loc: 'Boston', Pin: 999999, Stcd: '96' };
  doc.ShipDtls = { LglNm: 'Chennai Port', Addr1: 'Rajaji Salai', Loc: 'Chennai', Pin: 600001, Stcd: '33' };
  doc.ExpDtls = { ShipBNo: '1234567', ShipBDt: '15/06/2024', Port: 'INMAA1', RefClm: 'N', ForCur: 'USD', CntCode: 'US' };
  return completeInvoice(doc, { roundOff: 'rupee' });
}

/** A supply to an SEZ unit with payment of IGST. */
export function sezDoc(): IrnDraft {
  const doc = rawIntra();
  doc.TranDtls = { TaxSch: 'GST', SupTyp: 'SEZWP', RegRev: 'N' };
  return completeInvoice(doc, { roundOff: 'rupee' });
}

/** A B2C invoice (for the payment QR). */
export function b2cDoc(): IrnDraft {
  const doc = rawIntra();
  doc.TranDtls = { TaxSch: 'GST', SupTyp: 'B2C' };
  doc.BuyerDtls = { LglNm: 'Walk-in customer', Pos: '29', Addr1: 'Jayanagar', Loc: 'Bengaluru', Pin: 560041, Stcd: '29' };
  return completeInvoice(doc, { roundOff: 'rupee' });
}

/** Reads and writes into a document loosely, as tests need. */
export type Loose = Record<string, any>;
export const loose = (doc: IrnDraft): Loose => doc as Loose;
