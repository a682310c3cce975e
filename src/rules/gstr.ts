/**
 * Business rules of the GSTR pull and export request bodies (SPEC 2.14). Codes are the service's
 * header codes (SPEC 7.2): `100` for an export range over 24 months, `1000` for any other invalid
 * field. Missing fields are left to the schema.
 * @module
 */

import { dateMonthNumber, periodMonthNumber } from '../compute/ewaybill-dates.js';
import { isValidGstin } from '../masters/index.js';
import type { Rule, RuleContext } from './rule.js';
import { field, found, integerOf, isGiven, type Finding, findingReader } from './support.js';
import { defineRule } from './define.js';

/** July 2017, the first GST return period, as a month number. */
const FIRST_PERIOD = periodMonthNumber('2017-07')!;
/** The longest export range in months, both ends included. */
export const MAX_EXPORT_MONTHS = 24;

const currentMonth = (context: RuleContext): number | undefined => dateMonthNumber(context?.today);
const periodText = (month: number): string => `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;

/** The format, GST-start and future checks for the period fields named. */
function periodRules(prefix: string, keys: readonly string[]): Rule[] {
  const names = keys.join(' and ');
  const each = (doc: unknown, judge: (key: string, value: string, month: number | undefined) => Finding | undefined): Finding[] => {
    const out: Finding[] = [];
    for (const key of keys) {
      const value = field(doc, key);
      if (typeof value !== 'string' || value.trim() === '') continue;
      const f = judge(key, value, periodMonthNumber(value));
      if (f) out.push(f);
    }
    return out;
  };
  return [
    defineRule(findingReader, {
      id: `${prefix}-PERIOD`,
      code: '1000',
      severity: 'error',
      certainty: 'certain',
      description: `${names} must be a real month in the form YYYY-MM.`,
      check: (doc) => each(doc, (key, value, month) => (month === undefined ? found(`${key} ${value} is not a month in the form YYYY-MM.`, key) : undefined)),
    }),
    defineRule(findingReader, {
      id: `${prefix}-PERIOD-BEFORE-GST`,
      code: '1000',
      severity: 'error',
      certainty: 'certain',
      description: `${names} must not be before 2017-07, when GST began.`,
      check: (doc) =>
        each(doc, (key, value, month) =>
          month !== undefined && month < FIRST_PERIOD ? found(`${key} ${value} is before 2017-07, when GST began.`, key) : undefined,
        ),
    }),
    defineRule(findingReader, {
      id: `${prefix}-PERIOD-FUTURE`,
      code: '1000',
      severity: 'error',
      certainty: 'certain',
      description: `${names} must not be after the current month.`,
      check(doc, context) {
        const now = currentMonth(context);
        if (now === undefined) return [];
        return each(doc, (key, value, month) =>
          month !== undefined && month > now ? found(`${key} ${value} is in the future (the current month is ${periodText(now)}).`, key) : undefined,
        );
      },
    }),
  ];
}

/** The company GSTIN check of single-GSTIN bodies. */
function gstinRule(prefix: string): Rule {
  return defineRule(findingReader, {
    id: `${prefix}-GSTIN`,
    code: '1000',
    severity: 'error',
    certainty: 'certain',
    description: 'gstin must be a valid GSTIN (format and check character).',
    check(doc) {
      const value = field(doc, 'gstin');
      if (typeof value !== 'string' || value.trim() === '' || isValidGstin(value)) return [];
      return [found(`gstin ${value} is not a valid GSTIN.`, 'gstin')];
    },
  });
}

/** GSTR-2A, GSTR-2B and GSTR-3B pull body rules. */
export const gstrPullRules: Rule[] = [gstinRule('GSTR-PULL'), ...periodRules('GSTR-PULL', ['returnPeriod'])];

/** GSTR-3B export body rules (the same body as a pull). */
export const gstr3bExportRules: Rule[] = [gstinRule('GSTR3B-EXPORT'), ...periodRules('GSTR3B-EXPORT', ['returnPeriod'])];

/** GSTR-2A and GSTR-2B export body rules. */
export const gstrExportRules: Rule[] = [
  defineRule(findingReader, {
    id: 'GSTR-EXPORT-GSTINS',
    code: '1000',
    severity: 'error',
    certainty: 'certain',
    description: 'gstins must list at least one GSTIN, each valid (format and check character).',
    check(doc) {
      const list = field(doc, 'gstins');
      if (!Array.isArray(list)) return [];
      if (list.length === 0) return [found('gstins must list at least one GSTIN.', 'gstins')];
      const out: Finding[] = [];
      list.forEach((g, i) => {
        if (typeof g === 'string' && !isValidGstin(g)) out.push(found(`gstins[${i}] ${g} is not a valid GSTIN.`, 'gstins', i));
      });
      return out;
    },
  }),
  ...periodRules('GSTR-EXPORT', ['startReturnPeriod', 'endReturnPeriod']),
  defineRule(findingReader, {
    id: 'GSTR-EXPORT-ORDER',
    code: '1000',
    severity: 'error',
    certainty: 'certain',
    description: 'startReturnPeriod must not be after endReturnPeriod.',
    check(doc) {
      const start = periodMonthNumber(field(doc, 'startReturnPeriod'));
      const end = periodMonthNumber(field(doc, 'endReturnPeriod'));
      if (start === undefined || end === undefined || start <= end) return [];
      return [found(`startReturnPeriod ${periodText(start)} is after endReturnPeriod ${periodText(end)}.`, 'startReturnPeriod')];
    },
  }),
  defineRule(findingReader, {
    id: 'GSTR-EXPORT-RANGE',
    code: '100',
    severity: 'error',
    certainty: 'certain',
    description: `The export range from startReturnPeriod to endReturnPeriod may cover at most ${MAX_EXPORT_MONTHS} months, both ends included.`,
    check(doc) {
      const start = periodMonthNumber(field(doc, 'startReturnPeriod'));
      const end = periodMonthNumber(field(doc, 'endReturnPeriod'));
      if (start === undefined || end === undefined || start > end) return [];
      const months = end - start + 1;
      if (months <= MAX_EXPORT_MONTHS) return [];
      return [
        found(
          `Maximum ${MAX_EXPORT_MONTHS} months of data can be exported; ${periodText(start)} to ${periodText(end)} is ${months} months.`,
          'endReturnPeriod',
        ),
      ];
    },
  }),
  defineRule(findingReader, {
    id: 'GSTR-EXPORT-REPORT-TYPE',
    code: '1000',
    severity: 'error',
    certainty: 'certain',
    description: 'reportType, when given, must be 100 (Full) or 101 (Smart).',
    check(doc) {
      const value = field(doc, 'reportType');
      if (!isGiven(value) || (typeof value !== 'number' && typeof value !== 'string')) return [];
      const n = integerOf(value);
      if (n === 100 || n === 101) return [];
      return [found(`reportType ${String(value)} is not 100 (Full) or 101 (Smart).`, 'reportType')];
    },
  }),
];
