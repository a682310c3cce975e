/**
 * Rule builders for the fields every movement action of the e-waybill portal repeats (consolidated
 * e-waybill, trip sheet regeneration, multi-vehicle movement): the e-waybill number, the place and state
 * the goods are at, the mode, the vehicle and the transport document, the reason and its remarks. Each
 * builder takes the id prefix of its action so the catalogue names the action a rule belongs to. The
 * codes are those of the e-waybill portal's Part-B and multi-vehicle checks (GetErrorList).
 * @module
 */

import { state } from '../masters/index.js';
import type { Evidence, Rule } from './rule.js';
import { defineRule, field, found, integerOf, isGiven, isVehicleNumber, textOf } from './ewaybill-support.js';
import { ewbDayNumber } from '../compute/ewaybill-dates.js';

const MODES = ['', 'Road', 'Rail', 'Air', 'Ship'];
const REASONS = '1 Due to break down, 2 Due to transshipment, 3 Others, 4 First time';

/** The digits of a number field given as text or number, or the raw text when it is not all digits. */
export function numberText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

const modeOf = (doc: unknown): number | undefined => integerOf(field(doc, 'transMode'));

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
 * The vehicle and transport document of a Part B: a vehicle by road (303), in a valid format (304); a
 * transport document number (394) and date (385) by rail, air and ship; the date real and not in the future.
 */
export function conveyanceRules(prefix: string): Rule[] {
  return [
    defineRule({
      id: `${prefix}-TRANSMODE`,
      code: '302',
      certainty: 'certain',
      description: 'transMode must be 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).',
      check(doc) {
        const value = field(doc, 'transMode');
        if (!isGiven(value)) return [];
        const n = modeOf(doc);
        if (n !== undefined && n >= 1 && n <= 4) return [];
        return [found(`transMode ${String(value)} is not 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).`, 'transMode')];
      },
    }),
    defineRule({
      id: `${prefix}-VEHICLE-REQUIRED`,
      code: '303',
      certainty: 'likely',
      description: 'With transMode 1 (Road), vehicleNo is required.',
      check(doc) {
        if (modeOf(doc) !== 1 || isGiven(field(doc, 'vehicleNo'))) return [];
        return [found('vehicleNo is required for transMode 1 (Road).', 'vehicleNo')];
      },
    }),
    vehicleFormatRule(`${prefix}-VEHICLE-FORMAT`, '304', 'vehicleNo'),
    defineRule({
      id: `${prefix}-NONROAD-DOCNO`,
      code: '394',
      certainty: 'certain',
      description: 'With transMode 2 (Rail), 3 (Air) or 4 (Ship), transDocNo is required.',
      check(doc) {
        const mode = modeOf(doc);
        if (mode === undefined || mode < 2 || mode > 4 || isGiven(field(doc, 'transDocNo'))) return [];
        return [found(`transDocNo is required for transMode ${mode} (${MODES[mode]}).`, 'transDocNo')];
      },
    }),
    defineRule({
      id: `${prefix}-NONROAD-DOCDATE`,
      code: '385',
      certainty: 'certain',
      description: 'With transMode 2 (Rail), 3 (Air) or 4 (Ship), transDocDate is required.',
      check(doc) {
        const mode = modeOf(doc);
        if (mode === undefined || mode < 2 || mode > 4 || isGiven(field(doc, 'transDocDate'))) return [];
        return [found(`transDocDate is required for transMode ${mode} (${MODES[mode]}).`, 'transDocDate')];
      },
    }),
    transDocDateRule(`${prefix}-TRANSDOC-DATE`, 'transDocDate'),
  ];
}

/** A vehicle number field in a format the portal accepts. */
export function vehicleFormatRule(id: string, code: string, key: string, evidence?: Evidence): Rule {
  return defineRule({
    id,
    code,
    certainty: 'likely',
    ...(evidence ? { evidence } : {}),
    description: `${key}, when given, must be a registration number without spaces, e.g. KA01AB1234, KA011234, ABC1234, 22BH1234AB, or a defence (DF) or temporary (TR/TM) number.`,
    check(doc) {
      const value = field(doc, key);
      if (typeof value !== 'string' || value.trim() === '' || isVehicleNumber(value)) return [];
      return [found(`${key} ${value} is not in a valid format (e.g. KA01AB1234, no spaces or hyphens).`, key)];
    },
  });
}

/**
 * A transport document date must be a real date not after today. The portal's code for this on the
 * movement actions is not published, so the rule is gstkit's own and warns.
 */
export function transDocDateRule(id: string, key: string): Rule {
  return defineRule({
    id,
    code: 'SVC-470',
    certainty: 'likely',
    evidence: 'own',
    description: `${key}, when given, should be a real DD/MM/YYYY date not after today.`,
    check(doc, context) {
      const value = field(doc, key);
      if (typeof value !== 'string' || value.trim() === '') return [];
      const day = ewbDayNumber(value);
      if (day === undefined) return [found(`${key} ${value} is not a real date in the form DD/MM/YYYY.`, key)];
      const today = ewbDayNumber(context?.today);
      if (today !== undefined && day > today) return [found(`${key} ${value} is in the future (today is ${context.today}).`, key)];
      return [];
    },
  });
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
