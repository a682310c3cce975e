/**
 * Indian number formatting: digits grouped in the Indian system (12,34,567.89).
 * @module
 */
import { dec, type Numeric } from '../compute/decimal.js';

/** Groups the digits of a non-negative integer string the Indian way: last three, then pairs. */
export function groupIndian(digits: string): string {
  const head = digits.length - 3;
  if (head <= 0) return digits;
  let i = head % 2 === 0 ? 2 : 1;
  let out = digits.slice(0, i);
  for (; i < head; i += 2) out += `,${digits.slice(i, i + 2)}`;
  return `${out},${digits.slice(head)}`;
}

/**
 * An amount with Indian grouping and a fixed number of places (half-up): `1234567.891` gives
 * `12,34,567.89`. Missing or non-numeric values format as zero.
 */
export function formatIndian(value: Numeric, places = 2): string {
  const fixed = toFixedHalfUp(value, places);
  const negative = fixed.charCodeAt(0) === 45;
  const start = negative ? 1 : 0;
  let point = fixed.indexOf('.');
  if (point < 0) point = fixed.length;
  const grouped = groupIndian(fixed.slice(start, point)) + fixed.slice(point);
  return negative && NONZERO.test(fixed) ? `-${grouped}` : grouped;
}

/** A quantity or rate: Indian grouping, trailing zeros after the point removed (`10.500` gives `10.5`). */
export function formatQuantity(value: Numeric, places = 3): string {
  const s = formatIndian(value, places);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

const NONZERO = /[1-9]/;

/**
 * `value` with `places` decimals, rounded half-up: what `dec(value).toFixed(places)` gives. A number
 * is read from its shortest text (as decimal.js reads it), so a plain number is rounded here on
 * that text, without making decimals; the rest (strings, decimals, exponents) go through decimal.js.
 * Long documents format thousands of amounts, where decimal.js cost more than all the drawing.
 */
export function toFixedHalfUp(value: Numeric, places: number): string {
  if (typeof value === 'number' && Number.isFinite(value) && value !== 0 && Number.isInteger(places) && places >= 0 && places <= 20) {
    // Plain notation (no exponent) rounds digit by digit.
    const text = String(value);
    if (text.indexOf('e') < 0) return roundText(text, places);
  }
  return dec(value).toFixed(places);
}

/** Rounds a plain decimal text (`-12.345`) half-up to `places` decimals. */
function roundText(text: string, places: number): string {
  const negative = text.charCodeAt(0) === 45;
  const body = negative ? text.slice(1) : text;
  const point = body.indexOf('.');
  const whole = point < 0 ? body : body.slice(0, point);
  const fraction = point < 0 ? '' : body.slice(point + 1);
  let digits: string;
  if (fraction.length <= places) {
    digits = whole + fraction.padEnd(places, '0');
  } else {
    digits = whole + fraction.slice(0, places);
    if (fraction.charCodeAt(places) >= 53) digits = increment(digits); // next digit 5 or more: up
  }
  const cut = digits.length - places;
  const fixed = places === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return negative ? `-${fixed}` : fixed;
}

/** Adds one to a string of decimal digits (`"0999"` gives `"1000"`, `"99"` gives `"100"`). */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === 57) i--;
  const tail = '0'.repeat(digits.length - 1 - i);
  if (i < 0) return `1${tail}`;
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + tail;
}
