import { Decimal as DecimalJs } from 'decimal.js';

/**
 * gstkit's private decimal: a clone, so that a host's global decimal.js settings never change our
 * arithmetic and ours never change theirs. Half-up rounding as the portals round.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;

/** Anything a payload may carry where a number is meant. Non-numbers count as zero. */
export type Numeric = number | string | Decimal | null | undefined;

/** Zero, shared: decimals are immutable, and absent amounts are the commonest input of all. */
const ZERO = new Decimal(0);

/** A decimal from a payload value; missing, non-numeric or non-finite values are zero. */
export function dec(value: Numeric): Decimal {
  if (value instanceof Decimal) return value;
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0 ? new Decimal(value) : ZERO;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return new Decimal(value.trim());
  return ZERO;
}

/** Rounds an amount to 2 places (half-up): the rounding point for money. */
export function money(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Rounds a rate to 3 places (half-up): the rounding point for rates. */
export function rate(value: Decimal): Decimal {
  return value.toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
}
