/**
 * Request rules of the consolidated e-waybill (generateconsolidatedewb, NIC GENCEWB) and of trip sheet
 * regeneration (regeneratetripsheet, NIC REGENTRIPSHEET), judged from the request alone. That every member
 * is active, unexpired, the caller's and not under multi-vehicle movement needs the portal's records: the
 * sandbox checks it (src/sandbox/ewaybill/consolidated.ts).
 * @module
 */

import type { Rule } from '../rule.js';
import { field, found, isRecord, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { conveyanceRules, placeRules, reasonRules } from './movement-fields.js';
import { numberText } from './action-shared.js';
import { specificationLimitRule } from '../specification-limits.js';

const members = (doc: unknown): unknown[] | undefined => {
  const list = field(doc, 'tripSheetEwbBills');
  return Array.isArray(list) ? list : undefined;
};

/** The consolidated e-waybill request rules. */
export const consolidatedEwbRules: Rule[] = [
  ...placeRules('CEWB'),
  ...conveyanceRules('CEWB'),
  defineRule(findingReader, {
    id: 'CEWB-MEMBER-NUMBER',
    code: '301',
    certainty: 'certain',
    description: 'Each tripSheetEwbBills[].ewbNo must be an e-waybill number: exactly 12 digits.',
    check(doc) {
      return (members(doc) ?? []).flatMap((m, i) => {
        const text = numberText(isRecord(m) ? m['ewbNo'] : undefined);
        if (text === undefined || /^\d{12}$/.test(text)) return [];
        return [found(`ewbNo ${text} is not an e-waybill number (12 digits).`, 'tripSheetEwbBills', i, 'ewbNo')];
      });
    },
  }),
  // The portal's answer to a repeated member is not documented; listing one twice is a slip worth a warning.
  defineRule(findingReader, {
    id: 'CEWB-MEMBER-REPEATED',
    code: 'SVC-471',
    certainty: 'likely',
    evidence: 'own',
    description: 'An e-waybill should appear only once in tripSheetEwbBills.',
    check(doc) {
      const seen = new Map<string, number>();
      return (members(doc) ?? []).flatMap((m, i) => {
        const text = numberText(isRecord(m) ? m['ewbNo'] : undefined);
        if (text === undefined) return [];
        const first = seen.get(text);
        if (first === undefined) {
          seen.set(text, i);
          return [];
        }
        return [found(`e-waybill ${text} is listed twice (first at tripSheetEwbBills/${first}).`, 'tripSheetEwbBills', i, 'ewbNo')];
      });
    },
  }),
  specificationLimitRule('consolidated-ewb', 'EWB'),
];

/** The trip sheet regeneration request rules. */
export const regenerateTripSheetRules: Rule[] = [
  // Consolidated numbers seen in public examples have 10 digits; no NIC text fixes the length, so this warns.
  defineRule(findingReader, {
    id: 'TRIPSHEET-NUMBER',
    code: '387',
    certainty: 'uncertain',
    description: 'tripSheetNo must be a consolidated e-waybill number: 10 digits.',
    check(doc) {
      const text = numberText(field(doc, 'tripSheetNo'));
      if (text === undefined || /^\d{10}$/.test(text)) return [];
      return [found(`tripSheetNo ${text} is not a consolidated e-waybill number (10 digits).`, 'tripSheetNo')];
    },
  }),
  ...placeRules('TRIPSHEET'),
  ...conveyanceRules('TRIPSHEET'),
  ...reasonRules('TRIPSHEET'),
];
