/**
 * Checks the e-waybill action requests (Part-B update, transporter change, extension, rejection) share:
 * the e-waybill number, the place and state the goods are at, the reason and remarks (the Part-B checks
 * are built from field names in src/rules/ewaybill/transport-fields.ts). Each is built per action so
 * that its rule id names the action.
 * @module
 */

import { state } from '../../masters/states.js';
import type { Certainty, Rule } from '../rule.js';
import { field, found, integerOf, isGiven, findingReader } from '../support.js';
import { defineRule } from '../define.js';

/** The digits of a number field given as text or number (an e-waybill or trip sheet number), or the raw text when it is not all digits. */
export function numberText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/** ewbNo: digits only, exactly 12 of them (the portal answers 301 for a number that is not an e-waybill's). */
export function ewbNoRule(prefix: string, code = '301'): Rule {
  return defineRule(findingReader, {
    id: `${prefix}-EWBNO`,
    code,
    severity: 'error',
    certainty: 'certain',
    description: 'ewbNo must be an e-waybill number: exactly 12 digits.',
    check(doc) {
      const text = numberText(field(doc, 'ewbNo'));
      if (text === undefined || /^\d{12}$/.test(text)) return [];
      return [found(`ewbNo ${text} is not an e-waybill number (12 digits).`, 'ewbNo')];
    },
  });
}

/**
 * A required text field: not blank and, with `max`, at most `max` characters. `what` says what the field
 * holds, in the description and message, where the key alone would not.
 */
export function textRule(id: string, code: string, key: string, max: number | undefined, certainty: Certainty, what?: string): Rule {
  const label = what === undefined ? key : `${key} (${what})`;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty,
    description: max === undefined ? `${label} must not be blank.` : `${label} must not be blank and must be at most ${max} characters.`,
    check(doc) {
      const value = field(doc, key);
      if (value === undefined || value === null) return [];
      if (typeof value !== 'string') return [];
      if (value.trim() === '') return [found(`${label} must not be blank.`, key)];
      if (max !== undefined && value.length > max) return [found(`${key} is ${value.length} characters; at most ${max} are allowed.`, key)];
      return [];
    },
  });
}

/** How a state-code rule reads and what it judges. */
export interface StateRuleSpec {
  id: string;
  code: string;
  key: string;
  certainty: Certainty;
  description: string;
  /** The message's ending after `<key> <value> `. */
  notAState: string;
  /** Whether a value that is no whole number is refused too (else it is left to the schema). */
  refuseNonNumbers: boolean;
}

/** A state the goods are in or go to: a code on the state master, or 99 (how the e-waybill portal writes "other country"). */
export function stateRule(spec: StateRuleSpec): Rule {
  return defineRule(findingReader, {
    id: spec.id,
    code: spec.code,
    severity: 'error',
    certainty: spec.certainty,
    description: spec.description,
    check(doc) {
      const value = field(doc, spec.key);
      if (!isGiven(value)) return [];
      const n = integerOf(value);
      if (n === undefined && !spec.refuseNonNumbers) return [];
      if (n !== undefined && (n === 99 || state(n) !== undefined)) return [];
      return [found(`${spec.key} ${String(value)} ${spec.notAState}`, spec.key)];
    },
  });
}

/** The state the goods are in on a Part-B update or extension: a code on the state master (306). */
export function fromStateRule(id: string, code: string): Rule {
  return stateRule({
    id,
    code,
    key: 'fromState',
    certainty: 'certain',
    description: 'fromState must be a state code on the master (1 to 38, 96, 97, 99).',
    notAState: 'is not a known state code.',
    refuseNonNumbers: true,
  });
}

/** reasonCode 1 to 4 (307); `reasons` names them as the action's documentation does, `forWhat` the action in the message. */
export function reasonCodeRule(id: string, reasons: string, forWhat?: string): Rule {
  return defineRule(findingReader, {
    id,
    code: '307',
    severity: 'error',
    certainty: 'certain',
    description: `reasonCode must be 1 to 4 (${reasons}).`,
    check(doc) {
      const value = field(doc, 'reasonCode');
      if (!isGiven(value) || (typeof value !== 'string' && typeof value !== 'number')) return [];
      const n = integerOf(value);
      if (n !== undefined && n >= 1 && n <= 4) return [];
      return [found(`reasonCode ${String(value)} is not a reason${forWhat === undefined ? '' : ` for ${forWhat}`} (${reasons}).`, 'reasonCode')];
    },
  });
}
