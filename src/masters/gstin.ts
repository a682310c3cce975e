/**
 * GSTIN structure and check character.
 * @module
 */
import { error, type Outcome } from '../issue.js';
import { isGstinStateCode, state } from './states.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The registration a GSTIN (or placeholder) stands for. Regular also covers composition, ISD, SEZ and casual. */
export type GstinKind = 'regular' | 'uin' | 'nrtp' | 'oidar' | 'tds' | 'tcs' | 'government' | 'urp';

/** What a GSTIN's characters say. */
export interface ParsedGstin {
  /** Upper-cased, trimmed. */
  gstin: string;
  kind: GstinKind;
  /** Positions 1-2 (empty for URP). */
  stateCode: string;
  /** Positions 3-12 when they hold a PAN (regular and TCS registrations). */
  pan?: string;
  /** The holder type named by the PAN's 4th character (`Company`, `Individual`, ...). */
  panHolderType?: string;
  /** Positions 3-12 of a TDS registration, which hold the deductor's TAN. */
  tan?: string;
  /** Whether character 15 matches the check character of the first 14 (false for URP). */
  checkCharValid: boolean;
}

const HOLDER_TYPES: Readonly<Record<string, string>> = Object.freeze({
  P: 'Individual',
  C: 'Company',
  H: 'Hindu Undivided Family',
  F: 'Firm',
  A: 'Association of Persons',
  T: 'Trust',
  B: 'Body of Individuals',
  L: 'Local Authority',
  J: 'Artificial Juridical Person',
  G: 'Government',
  K: 'Krish',
});

/** Value of a character in the check alphabet (lower case read as upper case), or -1. */
function value(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  if (code >= 97 && code <= 122) return code - 87;
  return -1;
}

/** The check value of the first 14 characters, or -1 when one is outside 0-9, A-Z (and a-z if allowed). */
function checkValue(g: string, lowerAllowed: boolean): number {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const code = g.charCodeAt(i);
    if (!lowerAllowed && code >= 97) return -1;
    const v = value(code);
    if (v < 0) return -1;
    const p = i % 2 === 0 ? v : v * 2;
    sum += p >= 36 ? p - 35 : p; // quotient plus remainder in base 36, as p < 72
  }
  return (36 - (sum % 36)) % 36;
}

/**
 * The check character (15th) for the first 14 characters of a GSTIN (a 15-character string is accepted
 * and its first 14 used). Returns '' when the input is not 14 or 15 characters of 0-9 and A-Z.
 */
export function gstinCheckChar(first14: string): string {
  if (typeof first14 !== 'string' || (first14.length !== 14 && first14.length !== 15)) return '';
  const c = checkValue(first14, true);
  return c < 0 ? '' : ALPHABET[c]!;
}

function isDigitAt(g: string, i: number): boolean {
  const c = g.charCodeAt(i);
  return c >= 48 && c <= 57;
}

function isLetterAt(g: string, i: number): boolean {
  const c = g.charCodeAt(i);
  return c >= 65 && c <= 90;
}

function digitsAt(g: string, from: number, to: number): boolean {
  for (let i = from; i <= to; i++) if (!isDigitAt(g, i)) return false;
  return true;
}

/** Entity number: 1-9 then A-Z. */
function isEntityAt(g: string, i: number): boolean {
  const c = g.charCodeAt(i);
  return (c >= 49 && c <= 57) || (c >= 65 && c <= 90);
}

/**
 * The registration kind named by characters 3-14 of an upper-case, 15-character GSTIN, following the
 * formats GSTN publishes (tried in this order: OIDAR, UIN, NRTP, TDS, TCS, government, regular).
 * Undefined when none fits. Character 15 is any of 0-9 and A-Z (checked by the caller).
 */
function classify(g: string): GstinKind | undefined {
  if (isDigitAt(g, 2) && isDigitAt(g, 3)) {
    // SS YY CCC NNNNN kk: UIN, NRTP, OIDAR
    if (!isLetterAt(g, 4) || !isLetterAt(g, 5) || !isLetterAt(g, 6) || !digitsAt(g, 7, 11)) return undefined;
    const pair = g.slice(12, 14);
    if (pair === 'OS') return 'oidar';
    if (pair === 'UN' || pair === 'ON') return 'uin';
    if (pair === 'NR') return 'nrtp';
    return undefined;
  }
  if (!isLetterAt(g, 2) || !isLetterAt(g, 3) || !isLetterAt(g, 4) || !isLetterAt(g, 5)) return undefined;
  const last = g.charCodeAt(13);
  if (isLetterAt(g, 6)) {
    // PAN (or a TAN of the same shape): AAAAA 9999 A, entity number
    if (!digitsAt(g, 7, 10) || !isLetterAt(g, 11) || !isEntityAt(g, 12)) return undefined;
    if (last === 68 /* D */) return 'tds';
    if (last === 67 /* C */) return 'tcs';
    // Z, 1-9, A, B, D-J; C and D are taken above
    if (last === 90 || (last >= 49 && last <= 57) || (last >= 65 && last <= 74)) return 'regular';
    return undefined;
  }
  if (!isDigitAt(g, 6)) return undefined;
  // government department ID: AAAA 99999 A 9 Z
  if (digitsAt(g, 7, 10) && isLetterAt(g, 11) && isDigitAt(g, 12) && last === 90) return 'government';
  // TAN with a digit as its 5th character: AAAA 9 9999 A, entity number, D
  if (digitsAt(g, 7, 10) && isLetterAt(g, 11) && isEntityAt(g, 12) && last === 68) return 'tds';
  return undefined;
}

const INVALID = 'SVC-152';

function invalid(detail: string): Outcome<ParsedGstin> {
  return { ok: false, errors: [error(INVALID, `Invalid GSTIN: ${detail}`)] };
}

/**
 * Reads a GSTIN: its kind, state code, PAN (or TAN) and whether its check character is right. Accepts
 * lower case and surrounding spaces, and `URP` (the unregistered-person placeholder, kind `urp`).
 * A malformed value gives `SVC-152` errors; a wrong check character still parses, with
 * `checkCharValid: false`. Never throws.
 */
export function parseGstin(text: unknown): Outcome<ParsedGstin> {
  if (typeof text !== 'string') return invalid(`expected a string, got ${text === null ? 'null' : typeof text}`);
  if (text.length > 64) return invalid('must be 15 characters');
  const gstin = text.trim().toUpperCase();
  if (gstin === 'URP') return { ok: true, value: { gstin, kind: 'urp', stateCode: '', checkCharValid: false } };
  if (gstin.length !== 15) return invalid(`must be 15 characters, got ${gstin.length}`);
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return invalid('only digits and letters A-Z are allowed');
  const stateCode = gstin.slice(0, 2);
  if (!isGstinStateCode(stateCode)) {
    return invalid(state(stateCode) ? `state code ${stateCode} is not used in GSTINs` : `${stateCode} is not a GST state code`);
  }
  const kind = classify(gstin);
  if (kind === undefined) return invalid('characters 3-14 match no registration format (PAN, entity number, Z)');
  if (kind === 'oidar' && stateCode !== '99') return invalid('OIDAR registrations start with 99');
  const parsed: ParsedGstin = { gstin, kind, stateCode, checkCharValid: ALPHABET[checkValue(gstin, false)] === gstin[14] };
  if (kind === 'regular' || kind === 'tcs') {
    parsed.pan = gstin.slice(2, 12);
    const holder = HOLDER_TYPES[gstin[5]!];
    if (holder !== undefined) parsed.panHolderType = holder;
  } else if (kind === 'tds') {
    parsed.tan = gstin.slice(2, 12);
  }
  return { ok: true, value: parsed };
}

function isLetterOrDigitAt(g: string, i: number): boolean {
  return isDigitAt(g, i) || isLetterAt(g, i);
}

function isValidKind(g: string, kind: GstinKind | undefined): boolean {
  return kind !== undefined && (kind !== 'oidar' || g.startsWith('99'));
}

/** True for a well-formed GSTIN with the right check character (`URP` is not a GSTIN). Never throws. */
export function isValidGstin(text: unknown): boolean {
  if (typeof text === 'string' && text.length === 15 && isLetterOrDigitAt(text, 14)) {
    // fast path for the usual upper-case input; anything else goes through parseGstin
    const check = checkValue(text, false);
    if (check >= 0) {
      return text.charCodeAt(14) === ALPHABET.charCodeAt(check) && isGstinStateCode(text.slice(0, 2)) && isValidKind(text, classify(text));
    }
  }
  const r = parseGstin(text);
  return r.ok && r.value.checkCharValid && r.value.kind !== 'urp';
}
