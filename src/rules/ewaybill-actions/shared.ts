/**
 * Checks the e-waybill action requests (Part-B update, transporter change, extension, rejection) share:
 * the e-waybill number, the place and state the goods are at, remarks, and the vehicle a road needs (the
 * other Part-B checks are generation's, src/rules/ewaybill/transport.ts). Each is built per action so
 * that its rule id names the action.
 * @module
 */

import { state } from '../../masters/states.js';
import type { Certainty, Rule } from '../rule.js';
import { defineRule, field, found, integerOf, isGiven } from '../ewaybill-support.js';

/** The digits of an e-waybill number field, or the raw text when it is not all digits. */
export function ewbNoText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/** ewbNo: digits only, exactly 12 of them (the portal answers 301 for a number that is not an e-waybill's). */
export function ewbNoRule(prefix: string, code = '301'): Rule {
  return defineRule({
    id: `${prefix}-EWBNO`,
    code,
    severity: 'error',
    certainty: 'certain',
    description: 'ewbNo must be an e-waybill number: exactly 12 digits.',
    check(doc) {
      const text = ewbNoText(field(doc, 'ewbNo'));
      if (text === undefined || /^\d{12}$/.test(text)) return [];
      return [found(`ewbNo ${text} is not an e-waybill number (12 digits).`, 'ewbNo')];
    },
  });
}

/** A required text field: not blank and at most `max` characters. */
export function textRule(id: string, code: string, key: string, max: number, certainty: Certainty, what: string): Rule {
  return defineRule({
    id,
    code,
    severity: 'error',
    certainty,
    description: `${key} (${what}) must not be blank and must be at most ${max} characters.`,
    check(doc) {
      const value = field(doc, key);
      if (value === undefined || value === null) return [];
      if (typeof value !== 'string') return [];
      if (value.trim() === '') return [found(`${key} (${what}) must not be blank.`, key)];
      if (value.length > max) return [found(`${key} is ${value.length} characters; at most ${max} are allowed.`, key)];
      return [];
    },
  });
}

/** The state the goods are in: a code on the state master (306 on a Part-B update). */
export function fromStateRule(id: string, code: string): Rule {
  return defineRule({
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: 'fromState must be a state code on the master (1 to 38, 96, 97, 99).',
    check(doc) {
      const value = field(doc, 'fromState');
      if (!isGiven(value)) return [];
      const n = integerOf(value);
      if (n !== undefined && (state(n) !== undefined || n === 99)) return [];
      return [found(`fromState ${String(value)} is not a known state code.`, 'fromState')];
    },
  });
}

/** The mode of transport, as a number, when it is one. */
export const modeNumber = (doc: unknown): number | undefined => integerOf(field(doc, 'transMode'));

/**
 * By road the vehicle number is required (303), where `applies`. LIKELY on every action: 303 "vehicle number
 * required" is on NIC's error list (shared/reference/ewb-error-codes.csv), in the block of the Part-B update's
 * codes, but no published source says which actions answer with it, as for its neighbours 302 and 304.
 */
export function roadVehicleRule(id: string, applies: (doc: unknown) => boolean = () => true): Rule {
  return defineRule({
    id,
    code: '303',
    severity: 'error',
    certainty: 'likely',
    description: 'With transMode 1 (Road), vehicleNo is required.',
    check(doc) {
      if (!applies(doc) || modeNumber(doc) !== 1 || isGiven(field(doc, 'vehicleNo'))) return [];
      return [found('vehicleNo is required for transMode 1 (Road).', 'vehicleNo')];
    },
  });
}
