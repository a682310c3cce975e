/**
 * GSTIN structure and check character.
 * @module
 */
import { error, type Outcome } from '../issue.js';
import { isGstinStateCode } from './states.js';

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

/** Value of a character in the check alphabet, or -1. */
function value(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return -1;
}

/**
 * The check character (15th) for the first 14 characters of a GSTIN (a 15-character string is accepted
 * and its first 14 used). Returns '' when the input is not 14 or 15 characters of 0-9 and A-Z.
 */
export function gstinCheckChar(first14: string): string {
  if (typeof first14 !== 'string' || (first14.length !== 14 && first14.length !== 15)) return '';
  const text = first14.toUpperCase();
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = value(text.charCodeAt(i));
    if (v < 0) return '';
    const p = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Structures in the order they are tried; the first match names the kind. */
const SHAPES: ReadonlyArray<readonly [GstinKind, RegExp]> = [
  ['oidar', /^\d{4}[A-Z]{3}\d{5}OS[0-9A-Z]$/],
  ['uin', /^\d{4}[A-Z]{3}\d{5}[UO]N[0-9A-Z]$/],
  ['nrtp', /^\d{4}[A-Z]{3}\d{5}NR[0-9A-Z]$/],
  ['tds', /^\d{2}[A-Z]{4}[0-9A-Z]\d{4}[A-Z][1-9A-Z]D[0-9A-Z]$/],
  ['tcs', /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]C[0-9A-Z]$/],
  ['government', /^\d{2}[A-Z]{4}\d{5}[A-Z]\dZ[0-9A-Z]$/],
  ['regular', /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$/],
];

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
  if (!isGstinStateCode(stateCode)) return invalid(`${stateCode} is not a GST state code`);
  const shape = SHAPES.find(([, re]) => re.test(gstin));
  if (!shape) return invalid('characters 3-14 match no registration format (PAN, entity number, Z)');
  const kind = shape[0];
  if (kind === 'oidar' && stateCode !== '99') return invalid('OIDAR registrations start with 99');
  const parsed: ParsedGstin = { gstin, kind, stateCode, checkCharValid: gstinCheckChar(gstin) === gstin[14] };
  if (kind === 'regular' || kind === 'tcs') {
    parsed.pan = gstin.slice(2, 12);
    const holder = HOLDER_TYPES[gstin[5]!];
    if (holder !== undefined) parsed.panHolderType = holder;
  } else if (kind === 'tds') {
    parsed.tan = gstin.slice(2, 12);
  }
  return { ok: true, value: parsed };
}

/** True for a well-formed GSTIN with the right check character (`URP` is not a GSTIN). Never throws. */
export function isValidGstin(text: unknown): boolean {
  const r = parseGstin(text);
  return r.ok && r.value.checkCharValid && r.value.kind !== 'urp';
}
