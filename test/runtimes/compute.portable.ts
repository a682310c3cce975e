/**
 * Computation on every runtime: line amounts, the tax split, round-off and dates.
 * @module
 */
import {
  type Decimal,
  computeLine,
  financialYear,
  grossAmount,
  roundOffAmount,
  supplyOf,
  taxSplit,
  taxableValue,
  totalItemValue,
} from '../../src/compute/index.js';
import { describe, expect, it, same } from './harness.js';

const s = (d: Decimal): string => d.toFixed(2);

describe('compute', () => {
  it('TotAmt = Qty x UnitPrice rounded half-up, AssAmt = TotAmt - Discount', () => {
    expect(s(grossAmount(12.5, 33.33))).toBe('416.63');
    expect(s(grossAmount('3', '0.005'))).toBe('0.02');
    expect(s(taxableValue(90501, 500))).toBe('90001.00');
  });

  it('TotItemVal adds every head and other charges', () => {
    expect(
      s(totalItemValue({ AssAmt: 100, IgstAmt: 1, CgstAmt: 2, SgstAmt: 3, CesAmt: 4, CesNonAdvlAmt: 5, StateCesAmt: 6, StateCesNonAdvlAmt: 7, OthChrg: 8 })),
    ).toBe('136.00');
  });

  it('splits the rate into CGST and SGST within a state and IGST across states', () => {
    const intra = taxSplit(1000, 18, false);
    const inter = taxSplit(1000, 18, true);
    expect([s(intra.CgstAmt), s(intra.SgstAmt), s(intra.IgstAmt)]).toEqual(['90.00', '90.00', '0.00']);
    expect([s(inter.CgstAmt), s(inter.IgstAmt)]).toEqual(['0.00', '180.00']);
    same('tax split', { intra, inter });
  });

  it('computes a line of an intra-state supply and rounds the invoice off to the rupee', () => {
    const line = computeLine(
      { Qty: 3, UnitPrice: 333.33, Discount: 0, GstRt: 18 },
      supplyOf({ TranDtls: { SupTyp: 'B2B' }, SellerDtls: { Stcd: '29' }, BuyerDtls: { Pos: '29' } }),
    );
    expect(s(line.value.CgstAmt)).toBe('90.00');
    expect(s(line.value.IgstAmt)).toBe('0.00');
    same('line', line.value);
    expect(s(roundOffAmount(117.49, 'rupee'))).toBe('-0.49');
    expect(s(roundOffAmount(117.5, 'rupee'))).toBe('0.50');
  });

  it('names the financial year of a date', () => {
    expect(financialYear('31/03/2026')).toBe('2025-26');
    expect(financialYear('01/04/2026')).toBe('2026-27');
  });
});
