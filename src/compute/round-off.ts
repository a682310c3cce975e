/**
 * Rounding an invoice total to the nearest rupee, the round-off amount shown in `ValDtls.RndOffAmt`.
 * @module
 */

import { Decimal, dec, money, type Numeric } from './decimal.js';

/** How to round the invoice total: not at all, or to the nearest rupee (half-up). */
export type RoundOffMode = 'none' | 'rupee';

/** The amount to add to `total` to round it as asked (0 for `none`). */
export function roundOffAmount(total: Numeric, mode: RoundOffMode = 'none'): Decimal {
  if (mode === 'none') return new Decimal(0);
  const value = money(dec(total));
  return value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).minus(value);
}
