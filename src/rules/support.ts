/**
 * The kit of the e-waybill, cancel, close, deal and GSTR rules: their rule reader ({@link findingReader}) and
 * small readers of values. Every value reader accepts any value at all and answers `undefined` when the
 * value is not of the expected shape, so that rules can skip what the schema already reports.
 * @module
 */

import { error, pointer, warning } from '../issue.js';
import { parseGstin } from '../masters/index.js';
import { evidenceFromCode, type Evidence, type Rule, type RuleContext } from './rule.js';
import { defineRule, type RuleReader } from './define.js';

/** A plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field of an object, or undefined when the document is not an object. */
export function field(doc: unknown, key: string): unknown {
  return isRecord(doc) ? doc[key] : undefined;
}

/** A string value, trimmed, or undefined for non-strings and blank strings. */
export function textOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return t === '' ? undefined : t;
}

/** Whether a value is present: not undefined, not null, not a blank string. */
export function isGiven(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/** A finite number from a number or a plain decimal string. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** A whole number from a number or a digit string. */
export function integerOf(value: unknown): number | undefined {
  const n = numberOf(value);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

/** Digits as text from a digit string or a non-negative whole number (`560001` or `'560001'`). */
export function digitsOf(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return value.trim();
  return undefined;
}

/** What a GSTIN field holds. */
export type GstinKind = 'gstin' | 'urp' | 'bad-format' | 'bad-check';

/** Classifies a GSTIN field; undefined for non-strings and blanks (the schema's business). */
export function gstinKind(value: unknown): GstinKind | undefined {
  const text = textOf(value);
  if (text === undefined) return undefined;
  if (text.toUpperCase() === 'URP') return 'urp';
  const parsed = parseGstin(text);
  if (!parsed.ok) return 'bad-format';
  return parsed.value.checkCharValid ? 'gstin' : 'bad-check';
}

/** The two-digit state code a valid GSTIN starts with. */
export function gstinStateCode(value: unknown): number | undefined {
  const text = textOf(value);
  if (text === undefined || gstinKind(text) !== 'gstin') return undefined;
  return integerOf(text.slice(0, 2));
}

/** Whether two GSTIN fields hold the same GSTIN (case-insensitive, trimmed). */
export function sameGstin(a: unknown, b: unknown): boolean {
  const x = textOf(a);
  const y = textOf(b);
  return x !== undefined && y !== undefined && x.toUpperCase() === y.toUpperCase();
}

/**
 * Vehicle registration numbers as the e-waybill system accepts them, letters in either case, no
 * spaces or hyphens: state series (`KA01AB1234`, `KA011234`, `KA01A1234`, `KA123A1234`), the old
 * three-letter series (`ABC1234`, `ABC123`), Bharat series (`22BH1234AB`), defence (`DF…`) and
 * temporary registrations (`TR…`, `TM…`), and vehicles of Bhutan (`BP…`) and Nepal (`NP…`).
 */
const VEHICLE_PATTERNS: readonly RegExp[] = [
  /^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/i,
  /^[A-Z]{2}[0-9]{3}[A-Z][0-9]{4}$/i,
  /^[A-Z]{3}[0-9]{3,4}$/i,
  /^[0-9]{2}BH[0-9]{4}[A-Z]{1,2}$/i,
  /^DF[0-9A-Z]{4,13}$/i,
  /^T[RM][0-9A-Z]{4,13}$/i,
  // Vehicles of Bhutan (BP) and Nepal (NP), at least 7 characters (e-invoice general master, valid formats).
  /^(BP|NP)[0-9A-Z]{5,13}$/i,
];

/** Whether a string looks like a vehicle registration number the portal accepts. */
export function isVehicleNumber(value: string): boolean {
  return VEHICLE_PATTERNS.some((p) => p.test(value));
}

/** An IRN: 64 hexadecimal characters (the SHA-256 of the document identity). */
export const IRN_PATTERN = /^[0-9a-f]{64}$/i;

/** A transporter id: a GSTIN or a transporter enrolment id, 15 characters, two digits first. */
export const TRANSPORTER_ID_PATTERN = /^[0-9]{2}[0-9A-Z]{13}$/i;

/** One problem a rule found: the rule supplies code and severity. */
export interface Finding {
  message: string;
  path: string;
}

/** A finding at a JSON Pointer built from segments (`found('Bad', 'itemList', 0, 'hsnCode')`). */
export function found(message: string, ...segments: Array<string | number>): Finding {
  return { message, path: pointer(...segments) };
}

/** The check of a rule read by {@link findingReader}: the payload as sent (any value) and what it finds. */
export type FindingCheck = (doc: unknown, context: RuleContext) => Finding[];

/**
 * Evidence for a rule that does not state it: the service's own request rules (deal, GSTR, close) come
 * from the specification; a numeric code is the portal's (the IRP for the by-IRN and cancel-IRN requests,
 * the e-waybill portal otherwise); an SVC code is gstkit's own.
 */
export function defaultEvidence(id: string, code: string): Evidence {
  if (/^(DEAL|GSTR|CLOSEEWB)-/.test(id)) return { spec: 'the service API specification' };
  return evidenceFromCode(code, /^(EWBIRN|CANIRN)-/.test(id) ? 'IRP' : 'EWB');
}

/**
 * The reader of the e-waybill, cancel, close, deal and GSTR rules: the check gets the payload as sent and
 * returns findings, which become issues under the rule's code with the policy's default severity.
 */
export const findingReader: RuleReader<FindingCheck> = {
  read(check, code, severity) {
    const make = severity === 'error' ? error : warning;
    return (doc, context) => check(doc, context).map((f) => make(code, f.message, f.path));
  },
  evidence: defaultEvidence,
};

/** The IRN shape rule of the requests that name an IRN (cancel IRN, e-waybill by IRN): IRP code 2145. */
export function irnShapeRule(id: string): Rule {
  return defineRule(findingReader, {
    id,
    code: '2145',
    severity: 'error',
    certainty: 'certain',
    description: 'Irn must be 64 hexadecimal characters.',
    check(doc) {
      const value = field(doc, 'Irn');
      if (typeof value !== 'string' || value.trim() === '' || IRN_PATTERN.test(value)) return [];
      return [found(`Irn must be 64 hexadecimal characters (got ${value.length} characters).`, 'Irn')];
    },
  });
}
