/**
 * Indian number formatting: digits grouped in the Indian system (12,34,567.89).
 * @module
 */
import { dec, type Numeric } from '../compute/decimal.js';

/** Groups the digits of a non-negative integer string the Indian way: last three, then pairs. */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const parts: string[] = [];
  while (rest.length > 2) {
    parts.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest.length > 0) parts.unshift(rest);
  return `${parts.join(',')},${last}`;
}

/**
 * An amount with Indian grouping and a fixed number of places (half-up): `1234567.891` gives
 * `12,34,567.89`. Missing or non-numeric values format as zero.
 */
export function formatIndian(value: Numeric, places = 2): string {
  const fixed = dec(value).toFixed(places);
  const negative = fixed.startsWith('-');
  const body = negative ? fixed.slice(1) : fixed;
  const [whole = '0', fraction] = body.split('.');
  const grouped = groupIndian(whole) + (fraction !== undefined ? `.${fraction}` : '');
  return negative && /[1-9]/.test(body) ? `-${grouped}` : grouped;
}

/** A quantity or rate: Indian grouping, trailing zeros after the point removed (`10.500` gives `10.5`). */
export function formatQuantity(value: Numeric, places = 3): string {
  const s = formatIndian(value, places);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
