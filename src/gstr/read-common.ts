/**
 * Helpers shared by the GSTR readers: a reading context that collects issues with JSON-pointer paths,
 * and tolerant conversions of GSTN amounts, dates and periods.
 * @module
 */
import { error, pointer, warning, type Issue } from '../issue.js';
import { isLazyListOfObjects } from './lazy-json.js';

/** Codes of the GSTR readers (documented in docs/gstr-reports.md). */
export const readCodes = {
  /** The input is not JSON, or not a JSON object. */
  notJson: 'SVC-601',
  /** A section or block has the wrong shape (e.g. an object where a list belongs). */
  badShape: 'SVC-602',
  /** A field that identifies a document is missing or empty. */
  missing: 'SVC-603',
  /** An amount, rate or count is not a number. */
  badNumber: 'SVC-604',
  /** A date or period cannot be read. */
  badDate: 'SVC-605',
  /** A section or key the reader does not know; it is skipped (warning). */
  unknown: 'SVC-606',
  /** The return's GSTIN or period is missing or invalid. */
  badHeader: 'SVC-607',
} as const;

/** @deprecated The name before the code tables were named alike; use {@link readCodes}. */
export const ReadCode = readCodes;

const MAX_ERRORS = 200;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export type Json = Record<string, unknown>;

/** Collects issues while a file is read. */
export class ReadContext {
  readonly errors: Issue[] = [];
  readonly warnings: Issue[] = [];

  fail(code: string, message: string, path: string): void {
    if (this.errors.length < MAX_ERRORS) this.errors.push(error(code, message, path));
  }

  warn(code: string, message: string, path: string): void {
    if (this.warnings.length < MAX_ERRORS) this.warnings.push(warning(code, message, path));
  }

  /** An amount: a number or numeric string; absent means zero. */
  amount(obj: Json, key: string, path: string): number {
    const v = obj[key];
    if (v === undefined || v === null || v === '') return 0;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
    this.fail(readCodes.badNumber, `${key} is not a number`, path + pointer(key));
    return 0;
  }

  /** An optional number (rate, percentage, line number). */
  optNumber(obj: Json, key: string, path: string): number | undefined {
    const v = obj[key];
    if (v === undefined || v === null || v === '') return undefined;
    return this.amount(obj, key, path);
  }

  /** An optional text value; numbers are turned into text. */
  text(obj: Json, key: string): string | undefined {
    const v = obj[key];
    if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return undefined;
  }

  /** A text value that identifies something; missing is an error. */
  required(obj: Json, key: string, path: string, what: string): string {
    const v = this.text(obj, key);
    if (v === undefined) {
      this.fail(readCodes.missing, `${what} (${key}) is missing`, path + pointer(key));
      return '';
    }
    return v;
  }

  /**
   * A reference to another document (an amendment's original): missing is a warning, since the
   * document itself is still whole and the portal sends such rows.
   */
  reference(obj: Json, key: string, path: string, what: string): string | undefined {
    const v = this.text(obj, key);
    if (v === undefined) this.warn(readCodes.missing, `${what} (${key}) is missing; the amendment cannot be linked to its original`, path + pointer(key));
    return v;
  }

  /** An optional date in any of the GSTN spellings (DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YY, YYYY-MM-DD). */
  date(obj: Json, key: string, path: string): Date | undefined {
    const v = obj[key];
    if (v === undefined || v === null || v === '') return undefined;
    const d = typeof v === 'string' ? parseGstnDate(v) : undefined;
    if (d === undefined) this.fail(readCodes.badDate, `${key} is not a date`, path + pointer(key));
    return d;
  }

  /** An optional period in a GSTN spelling (MMYYYY, Mon-YY, YYYY-MM), returned as YYYY-MM. */
  period(obj: Json, key: string, path: string): string | undefined {
    const v = obj[key];
    if (v === undefined || v === null || v === '') return undefined;
    const p = typeof v === 'string' || typeof v === 'number' ? parseGstnPeriod(String(v)) : undefined;
    if (p === undefined) this.fail(readCodes.badDate, `${key} is not a return period`, path + pointer(key));
    return p;
  }

  /** A list under `key`; absent gives an empty list, any other shape an error. */
  list(obj: Json, key: string, path: string): Json[] {
    const v = obj[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      this.fail(readCodes.badShape, `${key} should be a list`, path + pointer(key));
      return [];
    }
    // A stored return's long list, all objects: walked as it is, so its elements are parsed one at a time.
    if (isLazyListOfObjects(v)) return v as Json[];
    const out: Json[] = [];
    v.forEach((item, i) => {
      if (isObject(item)) out.push(item);
      else this.fail(readCodes.badShape, `${key}[${i}] should be an object`, path + pointer(key, i));
    });
    return out;
  }

  /** An object under `key`; absent gives undefined, any other shape an error. */
  object(obj: Json, key: string, path: string): Json | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (!isObject(v)) {
      this.fail(readCodes.badShape, `${key} should be an object`, path + pointer(key));
      return undefined;
    }
    return v;
  }
}

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses JSON text or bytes; objects pass through. */
export function toJson(input: unknown, ctx: ReadContext): Json | undefined {
  let value = input;
  if (input instanceof Uint8Array) value = new TextDecoder().decode(input);
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value.replace(/^\uFEFF/, ''));
    } catch (e) {
      ctx.fail(readCodes.notJson, `the file is not JSON: ${(e as Error).message}`, '');
      return undefined;
    }
  }
  if (!isObject(value)) {
    ctx.fail(readCodes.notJson, 'the file should hold a JSON object', '');
    return undefined;
  }
  return value;
}

function utcDate(y: number, m: number, d: number): Date | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCDate() === d && date.getUTCMonth() === m - 1 ? date : undefined;
}

function century(yy: number): number {
  return yy < 100 ? 2000 + yy : yy;
}

/** A calendar date (as UTC midnight) from DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YY(YY) or YYYY-MM-DD. */
export function parseGstnDate(text: string): Date | undefined {
  const t = text.trim();
  let m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  if (m) return utcDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  if (m) return utcDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{2}|\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    if (month === 0) return undefined;
    return utcDate(century(Number(m[3])), month, Number(m[1]));
  }
  return undefined;
}

/** A period as YYYY-MM from MMYYYY, Mon-YY, Mon-YYYY or YYYY-MM. */
export function parseGstnPeriod(text: string): string | undefined {
  let t = text.trim();
  // A period sent as a JSON number loses its leading zero (32020 for 032020).
  if (/^\d{5}$/.test(t)) t = '0' + t;
  let m = /^(\d{2})(\d{4})$/.exec(t);
  if (m) return validPeriod(Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{2})$/.exec(t);
  if (m) return validPeriod(Number(m[1]), Number(m[2]));
  m = /^([A-Za-z]{3})[-' ]?(\d{2}|\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
    return month === 0 ? undefined : validPeriod(century(Number(m[2])), month);
  }
  return undefined;
}

function validPeriod(y: number, m: number): string | undefined {
  if (m < 1 || m > 12 || y < 2000 || y > 2999) return undefined;
  return `${y}-${String(m).padStart(2, '0')}`;
}

/** True for a `YYYY-MM` period. */
export function isPeriod(text: unknown): text is string {
  return typeof text === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(text);
}

/** `YYYY-MM` to the portal's `MMYYYY`. */
export function toPortalPeriod(period: string): string {
  return period.slice(5, 7) + period.slice(0, 4);
}

/** Months from `start` to `end` inclusive (`2024-01`..`2024-03` is 3); zero or less when end precedes start. */
export function monthsInclusive(start: string, end: string): number {
  const a = Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7));
  const b = Number(end.slice(0, 4)) * 12 + Number(end.slice(5, 7));
  return b - a + 1;
}

/** Every period from `start` to `end` inclusive. */
export function periodRange(start: string, end: string): string[] {
  const out: string[] = [];
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(5, 7));
  const n = monthsInclusive(start, end);
  for (let i = 0; i < n; i++) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** Y or N from a flag value, undefined when absent. */
export function yesNo(v: string | undefined): 'Y' | 'N' | undefined {
  if (v === undefined) return undefined;
  const u = v.toUpperCase();
  return u === 'Y' ? 'Y' : u === 'N' ? 'N' : undefined;
}
