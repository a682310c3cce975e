/**
 * Rule builders for the fields every movement action of the e-waybill portal repeats (consolidated
 * e-waybill, trip sheet regeneration, multi-vehicle movement): the e-waybill number, the place and state
 * the goods are at, the mode, the vehicle and the transport document, the reason and its remarks. Each
 * builder takes the id prefix of its action so the catalogue names the action a rule belongs to. The
 * codes are those of the e-waybill portal's Part-B and multi-vehicle checks (GetErrorList).
 * @module
 */

import { state } from '../masters/index.js';
import type { Rule } from './rule.js';
import { defineRule, field, found, integerOf, isGiven, textOf } from './ewaybill-support.js';
import { nonRoadDocumentRules, transDocDateRule, transModeRule, vehicleFormatRule } from './ewaybill/transport.js';
import { roadVehicleRule } from './ewaybill-actions/shared.js';

const REASONS = '1 Due to break down, 2 Due to transshipment, 3 Others, 4 First time';

/** The digits of a number field given as text or number, or the raw text when it is not all digits. */
export function numberText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/** An e-waybill number (at `path` under the document, `ewbNo` by default) must be 12 digits: 301, or 395 when not numeric. */
export function ewbNumberRules(prefix: string): Rule[] {
  return [
    defineRule({
      id: `${prefix}-EWBNO`,
      code: '301',
      certainty: 'certain',
      description: 'ewbNo must be an e-waybill number: exactly 12 digits.',
      check(doc) {
        const text = numberText(field(doc, 'ewbNo'));
        if (text === undefined || /^\d{12}$/.test(text)) return [];
        return [found(`ewbNo ${text} is not an e-waybill number (12 digits).`, 'ewbNo')];
      },
    }),
  ];
}

/** fromPlace not blank (305); fromState a state of the master (306). */
export function placeRules(prefix: string, placeKey = 'fromPlace', stateKey = 'fromState', codes: { place: string; state: string } = { place: '305', state: '306' }): Rule[] {
  return [
    defineRule({
      id: `${prefix}-${placeKey.toUpperCase()}`,
      code: codes.place,
      certainty: 'certain',
      description: `${placeKey} must not be blank.`,
      check(doc) {
        const value = field(doc, placeKey);
        if (typeof value !== 'string' || value.trim() !== '') return [];
        return [found(`${placeKey} must not be blank.`, placeKey)];
      },
    }),
    defineRule({
      id: `${prefix}-${stateKey.toUpperCase()}`,
      code: codes.state,
      certainty: 'likely',
      description: `${stateKey} must be a state or union territory code of the state master.`,
      check(doc) {
        const value = field(doc, stateKey);
        const n = integerOf(value);
        if (!isGiven(value) || n === undefined) return [];
        // 99 is how the e-waybill portal writes "other country"; the portal's own lists accept it.
        if (n === 99 || state(n) !== undefined) return [];
        return [found(`${stateKey} ${String(value)} is not a state code.`, stateKey)];
      },
    }),
  ];
}

/**
 * The vehicle and transport document of a Part B, checked as on generation (src/rules/ewaybill/transport.ts)
 * with the movement actions' codes: the mode (302), a vehicle by road (303), in a valid format (304); a
 * transport document number (394) and date (385) by rail, air and ship; the date real and not in the
 * future (the portal's code for that here is not published: gstkit's own, which warns).
 */
export function conveyanceRules(prefix: string): Rule[] {
  return [
    transModeRule(`${prefix}-TRANSMODE`, '302'),
    roadVehicleRule(`${prefix}-VEHICLE-REQUIRED`),
    vehicleFormatRule(`${prefix}-VEHICLE-FORMAT`, '304'),
    ...nonRoadDocumentRules(prefix),
    movementTransDocDateRule(`${prefix}-TRANSDOC-DATE`),
  ];
}

/** The transport document date of a movement action: SVC-470, gstkit's own (the portal's code is not published). */
export function movementTransDocDateRule(id: string): Rule {
  return transDocDateRule(id, { code: 'SVC-470', evidence: 'own' });
}

/** reasonCode 1 to 4 (307); reasonRem not blank (386) and at most 50 characters (308). */
export function reasonRules(prefix: string): Rule[] {
  return [
    defineRule({
      id: `${prefix}-REASON`,
      code: '307',
      certainty: 'certain',
      description: `reasonCode must be 1 to 4 (${REASONS}).`,
      check(doc) {
        const value = field(doc, 'reasonCode');
        if (!isGiven(value) || (typeof value !== 'string' && typeof value !== 'number')) return [];
        const n = integerOf(value);
        if (n !== undefined && n >= 1 && n <= 4) return [];
        return [found(`reasonCode ${String(value)} is not a reason (${REASONS}).`, 'reasonCode')];
      },
    }),
    defineRule({
      id: `${prefix}-REMARKS`,
      code: '386',
      certainty: 'likely',
      description: 'reasonRem must not be blank.',
      check(doc) {
        const value = field(doc, 'reasonRem');
        if (typeof value !== 'string' || textOf(value) !== undefined) return [];
        return [found('reasonRem must not be blank: the portal wants the reason and its remarks.', 'reasonRem')];
      },
    }),
  ];
}
