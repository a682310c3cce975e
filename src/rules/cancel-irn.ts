/**
 * Business rules of the cancel-IRN request `{Irn, CnlRsn, CnlRem}`. The 24-hour window and the
 * active e-waybill check need the stored IRN and live in the sandbox.
 * @module
 */

import type { Rule } from './rule.js';
import { field, found, integerOf, irnShapeRule, isGiven, findingReader } from './support.js';
import { defineRule } from './define.js';

const REASONS = '1 Duplicate, 2 Data entry mistake, 3 Order cancelled, 4 Others';

/** The cancel-IRN request rules. */
export const cancelIrnRules: Rule[] = [
  irnShapeRule('CANIRN-IRN'),
  defineRule(findingReader, {
    id: 'CANIRN-REASON',
    code: 'SVC-420',
    severity: 'error',
    certainty: 'certain',
    evidence: { portal: 'IRP', source: 'NIC e-invoice API, Cancel IRN: CnlRsn 1-4 (https://einv-apisandbox.nic.in)' },
    description: `CnlRsn must be 1 to 4 (${REASONS}).`,
    check(doc) {
      const value = field(doc, 'CnlRsn');
      if (!isGiven(value) || (typeof value !== 'string' && typeof value !== 'number')) return [];
      const n = integerOf(value);
      if (n !== undefined && n >= 1 && n <= 4) return [];
      return [found(`CnlRsn ${String(value)} is not a cancellation reason (${REASONS}).`, 'CnlRsn')];
    },
  }),
  defineRule(findingReader, {
    id: 'CANIRN-REMARK',
    code: 'SVC-421',
    severity: 'error',
    certainty: 'likely',
    evidence: { portal: 'IRP', source: 'NIC e-invoice API, Cancel IRN: CnlRem at most 100 characters (https://einv-apisandbox.nic.in)' },
    description: 'CnlRem must be at most 100 characters.',
    check(doc) {
      const value = field(doc, 'CnlRem');
      if (typeof value !== 'string' || value.length <= 100) return [];
      return [found(`CnlRem is ${value.length} characters; at most 100 are allowed.`, 'CnlRem')];
    },
  }),
];
