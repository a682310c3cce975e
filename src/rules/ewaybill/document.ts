/**
 * Rules on the document date.
 * @module
 */

import { ewbDayNumber } from '../../compute/ewaybill-dates.js';
import type { Rule } from '../rule.js';
import { field, found, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { ewb, EWB_VALIDATIONS_2025 } from './evidence.js';
import { GST_START_DAY, MAX_DOC_AGE_DAYS, todayOf } from './shared.js';

/** Rules on the document date, in the order they are reported. */
export const documentRules: Rule[] = [
  defineRule(findingReader, {
    id: 'EWB-DOC-DATE',
    code: '207',
    severity: 'error',
    certainty: 'certain',
    description: 'docDate must be a real DD/MM/YYYY date not after today.',
    check(doc, context) {
      const value = field(doc, 'docDate');
      if (typeof value !== 'string' || value.trim() === '') return [];
      const day = ewbDayNumber(value);
      if (day === undefined) return [found(`docDate ${value} is not a real date in the form DD/MM/YYYY.`, 'docDate')];
      const today = todayOf(context);
      if (today !== undefined && day > today) return [found(`docDate ${value} is in the future (today is ${context.today}).`, 'docDate')];
      return [];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-DOC-DATE-GST',
    code: '819',
    severity: 'error',
    certainty: 'certain',
    description: 'docDate must not be before 01/07/2017, when GST began.',
    check(doc) {
      const day = ewbDayNumber(field(doc, 'docDate'));
      if (day === undefined || day >= GST_START_DAY) return [];
      return [found(`docDate ${String(field(doc, 'docDate'))} is before 01/07/2017, when GST began.`, 'docDate')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-DOC-DATE-AGE',
    code: '820',
    severity: 'error',
    certainty: 'certain',
    evidence: ewb('820', EWB_VALIDATIONS_2025),
    // Judged on the day of generation: documents older than 180 days are refused from 01/01/2025.
    since: '01/01/2025',
    dateBasis: 'reporting',
    description: 'From 01/01/2025, docDate must not be more than 180 days before the day of generation.',
    check(doc, context) {
      const day = ewbDayNumber(field(doc, 'docDate'));
      const today = todayOf(context);
      if (day === undefined || today === undefined || day < GST_START_DAY || today - day <= MAX_DOC_AGE_DAYS) return [];
      return [
        found(
          `docDate ${String(field(doc, 'docDate'))} is ${today - day} days old; the portal accepts documents up to ${MAX_DOC_AGE_DAYS} days old.`,
          'docDate',
        ),
      ];
    },
  }),
];
