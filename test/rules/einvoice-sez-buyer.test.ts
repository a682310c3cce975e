/**
 * Supplies to an SEZ unit (SEZWP, SEZWOP): the buyer's state, place of supply and PIN, as the IRP
 * registers them. What the IRP does, from NIC's validation list (nic.md section 4; the copy of NIC's
 * validations at gst-online.com/?p=630) and IRP codes 2265, 2178, 2237, 2242 (shared/reference
 * irp-error-codes.csv):
 * - the buyer's Stcd must be the state of its GSTIN (2265); only exports are exempt, not SEZ supplies;
 * - the buyer's Pin must belong to its Stcd (2178), as for any address in India;
 * - a supply to an SEZ is inter-state whatever the states (IGST Act s.7(5)(b)): IGST, never CGST/SGST
 *   (2237), even when Pos is the supplier's own state; Pos may differ from the buyer's state;
 * - Pos is an Indian state: 96 (other countries) is for exports only (2242).
 * Public integrations build SEZ invoices the same way: the buyer's Stcd from its address, Pos from the
 * document (resilient-tech/india-compliance, gst_india/utils/e_invoice.py; SEZ always inter-state in
 * gst_india/overrides/transaction.py).
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { completeInvoice, type IrnDraft } from '../../src/compute/index.js';
import { gstin, rawIntra } from './einvoice-fixtures.js';

type Doc = Record<string, any>;

/** An SEZ unit in Pune, Maharashtra (27); the supplier is in Karnataka (29). */
const SEZ_UNIT = gstin('27AABCS9876K1Z');

function sezInvoice(type: 'SEZWP' | 'SEZWOP', change: (d: Doc) => void = () => {}): IrnDraft {
  const d: Doc = rawIntra();
  d.TranDtls = { TaxSch: 'GST', SupTyp: type, RegRev: 'N', IgstOnIntra: 'N' };
  d.BuyerDtls = { Gstin: SEZ_UNIT, LglNm: 'Hinjewadi SEZ Unit', Pos: '27', Addr1: 'Plot 4, Phase II', Loc: 'Pune', Pin: 411057, Stcd: '27' };
  change(d);
  return completeInvoice(d as IrnDraft, { roundOff: 'rupee' });
}

function codes(doc: IrnDraft): string[] {
  const r = validate('irn', doc, { today: '20/06/2024' });
  return r.errors.map((i) => `${i.code} ${i.path}`);
}

describe('a supply to an SEZ unit: state, place of supply and PIN as the IRP registers them', () => {
  it('registers SEZWP and SEZWOP with the buyer in its own state, IGST charged (or none without payment)', () => {
    const withPayment = sezInvoice('SEZWP');
    expect(codes(withPayment)).toEqual([]);
    expect((withPayment.ItemList ?? []).every((l) => Number(l.IgstAmt) > 0 && !Number(l.CgstAmt) && !Number(l.SgstAmt))).toBe(true);
    expect(codes(sezInvoice('SEZWOP'))).toEqual([]);
  });

  it("registers a place of supply other than the buyer's state, the supplier's own state included, still with IGST", () => {
    expect(codes(sezInvoice('SEZWP', (d) => (d.BuyerDtls.Pos = '33')))).toEqual([]);
    const sameStateAsSupplier = sezInvoice('SEZWP', (d) => (d.BuyerDtls.Pos = '29'));
    expect(codes(sameStateAsSupplier)).toEqual([]);
    expect((sameStateAsSupplier.ItemList ?? []).every((l) => Number(l.IgstAmt) > 0)).toBe(true);
  });

  it("refuses a buyer Stcd other than its GSTIN's state (2265): SEZ supplies are not exempt as exports are", () => {
    expect(codes(sezInvoice('SEZWP', (d) => ((d.BuyerDtls.Stcd = '29'), (d.BuyerDtls.Pin = 560001))))).toEqual(['2265 /BuyerDtls/Stcd']);
    // The foreign-address form of exports (Stcd and Pos 96, PIN 999999) is not an SEZ unit's address.
    const asExport = sezInvoice('SEZWOP', (d) => Object.assign(d.BuyerDtls, { Stcd: '96', Pos: '96', Pin: 999999 }));
    expect(codes(asExport).sort()).toEqual(['2242 /BuyerDtls/Pos', '2265 /BuyerDtls/Stcd']);
  });

  it('refuses a buyer PIN outside its state (2178), whatever the place of supply', () => {
    expect(codes(sezInvoice('SEZWP', (d) => (d.BuyerDtls.Pin = 560001)))).toEqual(['2178 /BuyerDtls/Pin']);
    expect(codes(sezInvoice('SEZWP', (d) => ((d.BuyerDtls.Pin = 560001), (d.BuyerDtls.Pos = '29'))))).toEqual(['2178 /BuyerDtls/Pin']);
  });

  it("refuses CGST and SGST on a supply to an SEZ even when Pos is the supplier's state (2237)", () => {
    const split = sezInvoice('SEZWP', (d) => (d.BuyerDtls.Pos = '29'));
    const line = split.ItemList?.[0] as Doc;
    const half = Number(line.IgstAmt) / 2;
    Object.assign(line, { IgstAmt: 0, CgstAmt: half, SgstAmt: half });
    expect(codes(split)).toContain('2237 /ItemList/0/CgstAmt');
  });
});
