/**
 * Checks the e-waybill action requests (Part-B update, transporter change, extension, rejection) share:
 * the e-waybill number, the place and state the goods are at, remarks, and the vehicle or transport
 * document a mode of transport needs. Each is built per action so that its rule id names the action.
 * @module
 */

import { ewbDayNumber } from '../../compute/ewaybill-dates.js';
import { state } from '../../masters/states.js';
import type { Certainty, Rule } from '../rule.js';
import { defineRule, field, found, integerOf, isGiven, isVehicleNumber, textOf } from '../ewaybill-support.js';
import { todayOf } from '../ewaybill/shared.js';

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

/** By road the vehicle number is required (303). */
export function roadVehicleRule(id: string, applies: (doc: unknown) => boolean = () => true): Rule {
  return defineRule({
    id,
    code: '303',
    severity: 'error',
    certainty: 'certain',
    description: 'With transMode 1 (Road), vehicleNo is required.',
    check(doc) {
      if (!applies(doc) || modeNumber(doc) !== 1 || isGiven(field(doc, 'vehicleNo'))) return [];
      return [found('vehicleNo is required for transMode 1 (Road).', 'vehicleNo')];
    },
  });
}

/** The vehicle number's format (304 on these actions; 225 on generation). */
export function vehicleFormatRule(id: string): Rule {
  return defineRule({
    id,
    code: '304',
    severity: 'error',
    certainty: 'likely',
    description: 'vehicleNo must be a registration number without spaces, e.g. KA01AB1234, 22BH1234AB, or a defence (DF) or temporary (TR/TM) number.',
    check(doc) {
      const value = field(doc, 'vehicleNo');
      if (typeof value !== 'string' || value.trim() === '' || isVehicleNumber(value)) return [];
      return [found(`vehicleNo ${value} is not in a valid format (e.g. KA01AB1234, no spaces or hyphens).`, 'vehicleNo')];
    },
  });
}

const MODE_NAMES = ['', 'Road', 'Rail', 'Air', 'Ship'];

/** By rail, air or ship the transport document number (394) and date (385) are required. */
export function nonRoadDocumentRules(prefix: string): Rule[] {
  const nonRoad = (doc: unknown): number | undefined => {
    const mode = modeNumber(doc);
    return mode !== undefined && mode >= 2 && mode <= 4 ? mode : undefined;
  };
  return [
    defineRule({
      id: `${prefix}-NONROAD-DOCNO`,
      code: '394',
      severity: 'error',
      certainty: 'certain',
      description: 'With transMode 2 (Rail), 3 (Air) or 4 (Ship), transDocNo is required.',
      check(doc) {
        const mode = nonRoad(doc);
        if (mode === undefined || isGiven(field(doc, 'transDocNo'))) return [];
        return [found(`transDocNo is required for transMode ${mode} (${MODE_NAMES[mode]}).`, 'transDocNo')];
      },
    }),
    defineRule({
      id: `${prefix}-NONROAD-DOCDATE`,
      code: '385',
      severity: 'error',
      certainty: 'certain',
      description: 'With transMode 2 (Rail), 3 (Air) or 4 (Ship), transDocDate is required.',
      check(doc) {
        const mode = nonRoad(doc);
        if (mode === undefined || isGiven(field(doc, 'transDocDate'))) return [];
        return [found(`transDocDate is required for transMode ${mode} (${MODE_NAMES[mode]}).`, 'transDocDate')];
      },
    }),
  ];
}

/** The transport document date: a real date, not after today (224). */
export function transDocDateRule(id: string): Rule {
  return defineRule({
    id,
    code: '224',
    severity: 'error',
    certainty: 'likely',
    description: 'transDocDate, when given, must be a real DD/MM/YYYY date not after today.',
    check(doc, context) {
      const value = field(doc, 'transDocDate');
      if (typeof value !== 'string' || value.trim() === '') return [];
      const day = ewbDayNumber(value);
      if (day === undefined) return [found(`transDocDate ${value} is not a real date in the form DD/MM/YYYY.`, 'transDocDate')];
      const today = todayOf(context);
      if (today !== undefined && day > today) return [found(`transDocDate ${value} is in the future (today is ${context.today}).`, 'transDocDate')];
      return [];
    },
  });
}

/** Over-dimensional cargo moves by road only (634). */
export function odcRoadRule(id: string): Rule {
  return defineRule({
    id,
    code: '634',
    severity: 'error',
    certainty: 'certain',
    description: 'vehicleType O (over-dimensional cargo) is allowed only with transMode 1 (Road).',
    check(doc) {
      const type = textOf(field(doc, 'vehicleType'))?.toUpperCase();
      const mode = modeNumber(doc);
      if (type !== 'O' || mode === undefined || mode === 1) return [];
      return [found(`vehicleType O (over-dimensional cargo) needs transMode 1 (Road), not ${mode}.`, 'vehicleType')];
    },
  });
}
