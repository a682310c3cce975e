/**
 * Line amounts: gross amount, taxable value and total item value.
 * @module
 */

import { Decimal, dec, money, type Numeric } from './decimal.js';

/** TotAmt = Qty x UnitPrice, rounded to 2 places. */
export function grossAmount(qty: Numeric, unitPrice: Numeric): Decimal {
  return money(dec(qty).times(dec(unitPrice)));
}

/** AssAmt = TotAmt - Discount, rounded to 2 places. */
export function taxableValue(totAmt: Numeric, discount: Numeric): Decimal {
  return money(dec(totAmt).minus(dec(discount)));
}

/** The parts of a line's total value. Missing parts count as zero. */
export interface LineValueParts {
  AssAmt?: Numeric;
  IgstAmt?: Numeric;
  CgstAmt?: Numeric;
  SgstAmt?: Numeric;
  CesAmt?: Numeric;
  CesNonAdvlAmt?: Numeric;
  StateCesAmt?: Numeric;
  StateCesNonAdvlAmt?: Numeric;
  OthChrg?: Numeric;
}

/** TotItemVal = AssAmt + IGST + CGST + SGST + CesAmt + CesNonAdvlAmt + StateCesAmt + StateCesNonAdvlAmt + OthChrg. */
export function totalItemValue(parts: LineValueParts): Decimal {
  const sum = [
    parts.AssAmt,
    parts.IgstAmt,
    parts.CgstAmt,
    parts.SgstAmt,
    parts.CesAmt,
    parts.CesNonAdvlAmt,
    parts.StateCesAmt,
    parts.StateCesNonAdvlAmt,
    parts.OthChrg,
  ].reduce<Decimal>((acc, part) => acc.plus(dec(part)), new Decimal(0));
  return money(sum);
}
