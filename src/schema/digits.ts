import { Decimal } from '../compute/decimal.js';

/** The digit limits that `Number(p,s)` of the specification allows. */
export interface DigitLimits {
  integerDigits: number;
  decimals: number;
}

/**
 * Reads `Number(p,s)` as the specification writes it. Normally p is the total number of digits, so at most
 * p-s integer digits and s decimals. NIC's e-invoice tables also write `Number(3,3)` for rates up to 999.999
 * and `Number(2,2)` for a round-off up to 99.99: where p <= s we follow NIC and read p integer digits.
 */
export function digitLimits([precision, scale]: readonly [number, number]): DigitLimits {
  return precision > scale ? { integerDigits: precision - scale, decimals: scale } : { integerDigits: precision, decimals: scale };
}

/** Counts the integer digits and decimals of a finite number as its shortest decimal form writes it. */
export function countDigits(value: number): DigitLimits {
  // String(n) is the shortest round-trip form; only exponent forms (1e21, 1e-7) need decimal.js to expand.
  const shortest = String(Math.abs(value));
  if (!shortest.includes('e')) {
    // The common case, without splitting: the shortest form has no leading zero but a lone "0".
    const dot = shortest.indexOf('.');
    const whole = dot < 0 ? shortest.length : dot;
    return { integerDigits: whole === 1 && shortest.startsWith('0') ? 0 : whole, decimals: dot < 0 ? 0 : shortest.length - dot - 1 };
  }
  const plain = new Decimal(value).abs().toFixed();
  const [whole = '', fraction = ''] = plain.split('.');
  const integerDigits = whole.replace(/^0+/, '').length;
  return { integerDigits, decimals: fraction.length };
}

/** Whether a number fits `Number(p,s)`. Non-finite numbers never fit. */
export function fitsDigits(value: number, limits: DigitLimits): boolean {
  if (!Number.isFinite(value)) return false;
  const counted = countDigits(value);
  return counted.integerDigits <= limits.integerDigits && counted.decimals <= limits.decimals;
}

/** "at most 10 digits before the decimal point and 2 after it" */
export function describeDigits(limits: DigitLimits): string {
  const before = `at most ${limits.integerDigits} digit${limits.integerDigits === 1 ? '' : 's'} before the decimal point`;
  if (limits.decimals === 0) return `a whole number with ${before.replace(' before the decimal point', '')}`;
  return `${before} and ${limits.decimals} after it`;
}
