/**
 * Rounding an invoice total to the nearest rupee, the round-off amount shown in `ValDtls.RndOffAmt`.
 * @module
 */

import { Decimal, dec, money, type Numeric } from './decimal.js';

/**
 * How to round the invoice total (`completeInvoice`'s `roundOff`, used only when no RndOffAmt is sent):
 * - `'none'`: TotInvVal is the lines' sum as it is, and RndOffAmt is 0;
 * - `'rupee'`: TotInvVal is rounded half-up to the nearest rupee and RndOffAmt holds the difference
 *   (-0.50 to +0.49), which the IRP accepts within its tolerance (rule 2189).
 */
export type RoundOffMode = 'none' | 'rupee';

/** The amount to add to `total` to round it as asked (0 for `none`). */
export function roundOffAmount(total: Numeric, mode: RoundOffMode = 'none'): Decimal {
  if (mode === 'none') return new Decimal(0);
  const value = money(dec(total));
  return value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).minus(value);
}
