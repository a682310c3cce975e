/**
 * Number and text as real ERPs send them: NIC's binder accepts `1` where the schema has `"1"` and `"20"`
 * where it has 20, whenever the value is unambiguous. The reader does the same, and says so.
 * @module
 */

import { warning, readablePath, type Issue } from '../issue.js';
import { svcCodes } from '../schema/codes.js';
import type { ScalarShape } from './shape.js';

/** What a conversion did, for reporting them per field (see coercion-summary.ts). */
export type Conversion = 'text-to-number' | 'number-to-text' | 'padding' | 'state-code';

/** The conversion behind each SVC-118 warning this module makes (a side table: the Issue shape stays as it is). */
const conversions = new WeakMap<Issue, Conversion>();

/** The conversion an SVC-118 warning of the reader reports, or undefined for any other issue. */
export function conversionOf(issue: Issue): Conversion | undefined {
  return conversions.get(issue);
}

/** A plain decimal written in JSON or by a person: optional minus, digits, optional fraction. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The shortest form of a decimal string (`007.50` → `7.5`, `-0` → `0`), as JavaScript prints a number:
 * a number converts without loss exactly when it prints as this form.
 */
export function canonicalDecimal(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  const body = frac === '' ? int : `${int}.${frac}`;
  return negative && body !== '0' ? `-${body}` : body;
}

/** The number a decimal string stands for, when JavaScript holds it exactly (no float round trip); else undefined. */
export function exactNumber(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  return String(n) === canonicalDecimal(text) ? n : undefined;
}

/** The text a number stands for, when it prints as a plain decimal (no exponent, a safe integer if whole). */
export function exactText(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) return undefined;
  const text = String(n);
  return /e/i.test(text) ? undefined : text;
}

/**
 * A scalar converted to the schema's type where that is unambiguous: a number to the text the schema
 * wants, a numeric text to the number, padding trimmed from coded text. Each conversion adds a warning.
 * Anything else comes back unchanged (the schema then reports it).
 */
export function coerceScalar(value: unknown, shape: ScalarShape, path: string, warnings: Issue[]): unknown {
  const read = coerceType(value, shape, path, warnings);
  return shape.stateCode ? twoDigitStateCode(read, path, warnings) : read;
}

/**
 * The portals' schemas take a state code of one digit or two (`7` and `07` both name Delhi); the state
 * master, the GSTIN's first two characters and every comparison in gstkit use two. A one-digit code is
 * read with its leading zero, which the portals accept too, and the reader says so.
 */
function twoDigitStateCode(value: unknown, path: string, warnings: Issue[]): unknown {
  if (typeof value !== 'string' || !/^[1-9]$/.test(value)) return value;
  const issue = warning(
    svcCodes.converted.code,
    `${readablePath(path)}: the state code "${value}" was read as "0${value}", its two-digit form in the state master (the portals take both)`,
    path,
  );
  conversions.set(issue, 'state-code');
  warnings.push(issue);
  return `0${value}`;
}

function coerceType(value: unknown, shape: ScalarShape, path: string, warnings: Issue[]): unknown {
  const wantsText = shape.text;
  const wantsNumber = shape.number;
  const wantsInteger = shape.integer;
  if (typeof value === 'number') {
    if (wantsNumber || (wantsInteger && Number.isInteger(value)) || !wantsText) return value;
    const text = exactText(value);
    if (text === undefined) return value;
    warnings.push(note(path, `the number ${text} was read as the text "${text}"`, 'number-to-text'));
    return text;
  }
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!wantsText && (wantsNumber || wantsInteger)) {
    const n = exactNumber(trimmed);
    if (n === undefined || (!wantsNumber && !Number.isInteger(n))) return value;
    warnings.push(note(path, `the text ${JSON.stringify(value)} was read as the number ${String(n)}`, 'text-to-number'));
    return n;
  }
  if (wantsText && shape.coded && trimmed !== value && trimmed !== '') {
    warnings.push(note(path, `the padding around ${JSON.stringify(value)} was removed`, 'padding'));
    return trimmed;
  }
  return value;
}

/**
 * Whether coerceScalar would return the value as it is, with nothing to report: the reader then skips
 * writing out the value's path, which only a warning needs.
 */
export function readsAsIs(value: unknown, shape: ScalarShape): boolean {
  if (shape.stateCode && (typeof value === 'number' || (typeof value === 'string' && value.length < 2))) return false;
  if (typeof value === 'number') return shape.number || !shape.text || (shape.integer && Number.isInteger(value));
  if (typeof value !== 'string') return true;
  if (shape.text) return !shape.coded || value.trim() === value || value.trim() === '';
  return !shape.number && !shape.integer;
}

function note(path: string, text: string, conversion: Conversion): Issue {
  const issue = warning(svcCodes.converted.code, `${readablePath(path)}: ${text} (the type the specification gives)`, path);
  conversions.set(issue, conversion);
  return issue;
}
