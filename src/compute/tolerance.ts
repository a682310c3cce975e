/**
 * The IRP's tolerance for computed amounts: a value is accepted from its rupee part minus one rupee
 * up to the value rounded up to the next rupee plus one rupee (2345.34 accepts 2344.00 to 2347.00).
 * @module
 */

import { type Decimal, dec, type Numeric } from './decimal.js';

/** The accepted range around a computed amount. */
export interface ToleranceRange {
  low: Decimal;
  high: Decimal;
}

/** The range the IRP accepts for a value it computes as `expected`. */
export function toleranceRange(expected: Numeric): ToleranceRange {
  const value = dec(expected);
  return {
    low: value.floor().minus(1),
    high: value.ceil().plus(1),
  };
}

/** Whether a sent amount lies within the IRP tolerance of the computed one. */
export function withinTolerance(sent: Numeric, expected: Numeric): boolean {
  // Whole-rupee bounds compare exactly as doubles for any amount the schemas allow (below 2^53 paise),
  // so this hot check needs no decimal arithmetic.
  const e = dec(expected).toNumber();
  const value = dec(sent).toNumber();
  return value >= Math.floor(e) - 1 && value <= Math.ceil(e) + 1;
}
