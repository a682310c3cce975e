/**
 * Business rules of the cancel and close e-waybill requests (SPEC 2.13) judged from the request alone.
 * The 24-hour cancel window, the generator check and the close rules that need the stored e-waybill
 * (closure date not before generation, closing twice) live in the sandbox. Closing is this library's own
 * record, not an NIC action, so its codes are `SVC-4nn` apart from the e-waybill number check.
 * @module
 */

import { ewbDayNumber } from '../../compute/ewaybill-dates.js';
import type { Rule } from '../rule.js';
import { field, found, integerOf, isGiven, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { numberText } from './action-shared.js';

const REASONS = '1 Duplicate, 2 Order Cancelled, 3 Data Entry mistake, 4 Others';

/** The e-waybill number must be exactly 12 digits. */
function ewbNumberRule(id: string, numericFirst: boolean): Rule {
  return defineRule(findingReader, {
    id,
    code: '301',
    severity: 'error',
    certainty: 'certain',
    description: numericFirst ? 'ewbNo, when numeric, must have exactly 12 digits.' : 'ewbNo must be exactly 12 digits.',
    check(doc) {
      const text = numberText(field(doc, 'ewbNo'));
      if (text === undefined) return [];
      const digits = /^\d+$/.test(text);
      if (numericFirst && !digits) return []; // reported as 395
      if (digits && text.length === 12) return [];
      return [found(`ewbNo ${text} is not an e-waybill number (12 digits).`, 'ewbNo')];
    },
  });
}

/** Remarks: not blank, at most 100 characters. */
function remarksRule(id: string, code: string, key: string, certainty: 'certain' | 'likely'): Rule {
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty,
    description: `${key} must not be blank and must be at most 100 characters.`,
    check(doc) {
      const value = field(doc, key);
      if (typeof value !== 'string') return [];
      if (value.trim() === '') return [found(`${key} must not be blank.`, key)];
      if (value.length > 100) return [found(`${key} is ${value.length} characters; at most 100 are allowed.`, key)];
      return [];
    },
  });
}

/** The cancel e-waybill request rules. */
export const cancelEwbRules: Rule[] = [
  defineRule(findingReader, {
    id: 'CANEWB-NUMERIC',
    code: '395',
    severity: 'error',
    certainty: 'certain',
    description: 'ewbNo must hold digits only.',
    check(doc) {
      const text = numberText(field(doc, 'ewbNo'));
      if (text === undefined || /^\d+$/.test(text)) return [];
      return [found(`ewbNo ${text} must be numeric only.`, 'ewbNo')];
    },
  }),
  ewbNumberRule('CANEWB-NUMBER', true),
  defineRule(findingReader, {
    id: 'CANEWB-REASON',
    code: '307',
    severity: 'error',
    certainty: 'certain',
    description: `cancelRsnCode must be 1 to 4 (${REASONS}).`,
    check(doc) {
      const value = field(doc, 'cancelRsnCode');
      if (!isGiven(value) || (typeof value !== 'string' && typeof value !== 'number')) return [];
      const n = integerOf(value);
      if (n !== undefined && n >= 1 && n <= 4) return [];
      return [found(`cancelRsnCode ${String(value)} is not a cancellation reason (${REASONS}).`, 'cancelRsnCode')];
    },
  }),
  remarksRule('CANEWB-REMARK', '308', 'cancelRmrk', 'likely'),
];

/** The close e-waybill request rules. */
export const closeEwbRules: Rule[] = [
  ewbNumberRule('CLOSEEWB-NUMBER', false),
  defineRule(findingReader, {
    id: 'CLOSEEWB-DATE',
    code: 'SVC-430',
    severity: 'error',
    certainty: 'certain',
    description: 'closureDate must be a real date in the form DD/MM/YYYY.',
    check(doc) {
      const value = field(doc, 'closureDate');
      if (typeof value !== 'string' || value.trim() === '' || ewbDayNumber(value) !== undefined) return [];
      return [found(`closureDate ${value} is not a real date in the form DD/MM/YYYY.`, 'closureDate')];
    },
  }),
  defineRule(findingReader, {
    id: 'CLOSEEWB-DATE-FUTURE',
    code: 'SVC-431',
    severity: 'error',
    certainty: 'certain',
    description: 'closureDate must not be after today.',
    check(doc, context) {
      const day = ewbDayNumber(field(doc, 'closureDate'));
      const today = ewbDayNumber(context?.today);
      if (day === undefined || today === undefined || day <= today) return [];
      return [found(`closureDate ${String(field(doc, 'closureDate'))} is in the future (today is ${context.today}).`, 'closureDate')];
    },
  }),
  remarksRule('CLOSEEWB-REMARKS', 'SVC-432', 'remarks', 'certain'),
];
