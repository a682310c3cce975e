import { isValidGstin, state, isUnit, isCountry, isCurrency } from '../masters/index.js';
import { svcCodes, type SvcCode } from './codes.js';

/** A string format that our schemas name with `"format"`, with its code and the words for its error. */
export interface GstFormat {
  validate: (value: string) => boolean;
  code: SvcCode;
  expectation: string;
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 1900 && year <= 2999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function isTime(hours: number, minutes: number, seconds: number): boolean {
  return hours <= 23 && minutes <= 59 && seconds <= 59;
}

const ddmmyyyy = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ddmmyyyyTime = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const yyyymmddTime = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const yyyymmdd = /^(\d{4})-(\d{2})-(\d{2})$/;

function matchNumbers(pattern: RegExp, value: string): number[] | undefined {
  const match = pattern.exec(value);
  return match ? match.slice(1).map(Number) : undefined;
}

/** Every format our schemas use, by name. */
export const gstFormats: Record<string, GstFormat> = {
  'gst-date': {
    validate: (v) => {
      const n = matchNumbers(ddmmyyyy, v);
      return n !== undefined && isCalendarDate(n[2]!, n[1]!, n[0]!);
    },
    code: svcCodes.date,
    expectation: 'a real date written DD/MM/YYYY',
  },
  'gst-datetime': {
    validate: (v) => {
      const n = matchNumbers(ddmmyyyyTime, v);
      return n !== undefined && isCalendarDate(n[2]!, n[1]!, n[0]!) && isTime(n[3]!, n[4]!, n[5]!);
    },
    code: svcCodes.dateTime,
    expectation: 'a real date and time written DD/MM/YYYY HH:MM:SS',
  },
  'irp-datetime': {
    validate: (v) => {
      const n = matchNumbers(yyyymmddTime, v);
      return n !== undefined && isCalendarDate(n[0]!, n[1]!, n[2]!) && isTime(n[3]!, n[4]!, n[5]!);
    },
    code: svcCodes.dateTime,
    expectation: 'a real date and time written yyyy-MM-dd HH:mm:ss',
  },
  'iso-date': {
    validate: (v) => {
      const n = matchNumbers(yyyymmdd, v);
      return n !== undefined && isCalendarDate(n[0]!, n[1]!, n[2]!);
    },
    code: svcCodes.date,
    expectation: 'a real date written YYYY-MM-DD',
  },
  'return-period': {
    validate: (v) => /^(\d{4})-(0[1-9]|1[0-2])$/.test(v),
    code: svcCodes.returnPeriod,
    expectation: 'a return period written YYYY-MM',
  },
  gstin: {
    validate: (v) => isValidGstin(v),
    code: svcCodes.gstin,
    expectation: 'a GSTIN of 15 characters with a correct check character',
  },
  'gstin-or-urp': {
    validate: (v) => v === 'URP' || isValidGstin(v),
    code: svcCodes.gstin,
    expectation: 'a GSTIN of 15 characters with a correct check character, or URP for an unregistered person',
  },
  'state-code': {
    // One digit or two, as the portals' schemas take them (`7` is `07`).
    validate: (v) => /^\d{1,2}$/.test(v) && state(v.padStart(2, '0')) !== undefined,
    code: svcCodes.stateCode,
    expectation: 'a two-digit state code of the state master',
  },
  'unit-code': {
    // Letter case as sent is not held against a code: which case the portals' masters compare in is not
    // published, so a code that differs from the master in case only is a warning of the unit rule (2177).
    validate: (v) => isUnit(v.toUpperCase()),
    code: svcCodes.unitCode,
    expectation: 'a unit quantity code (UQC) such as NOS, KGS or BOX',
  },
  'country-code': {
    validate: (v) => isCountry(v.toUpperCase()),
    code: svcCodes.countryCode,
    expectation: 'an ISO 3166 two-letter country code',
  },
  'currency-code': {
    validate: (v) => isCurrency(v.toUpperCase()),
    code: svcCodes.currencyCode,
    expectation: 'an ISO 4217 currency code',
  },
};
