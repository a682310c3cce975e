/**
 * GST on a line: IGST for inter-state supplies, CGST and SGST (half the rate each) otherwise.
 * Each head is rounded to 2 places on its own.
 * @module
 */

import { Decimal, dec, money, type Numeric } from './decimal.js';

/** The three GST heads of one line. */
export interface TaxSplit {
  IgstAmt: Decimal;
  CgstAmt: Decimal;
  SgstAmt: Decimal;
}

/** The tax of a rate (in per cent) on a taxable value, rounded to 2 places. */
export function taxAt(assAmt: Numeric, ratePercent: Numeric): Decimal {
  return money(dec(assAmt).times(dec(ratePercent)).dividedBy(100));
}

/**
 * Splits GST on a line. `interState` puts the whole rate on IGST; otherwise CGST and SGST each take
 * half of it and are therefore always equal.
 */
export function taxSplit(assAmt: Numeric, gstRt: Numeric, interState: boolean): TaxSplit {
  const zero = new Decimal(0);
  if (interState) return { IgstAmt: taxAt(assAmt, gstRt), CgstAmt: zero, SgstAmt: zero };
  const half = taxAt(assAmt, dec(gstRt).dividedBy(2));
  return { IgstAmt: zero, CgstAmt: half, SgstAmt: half };
}
