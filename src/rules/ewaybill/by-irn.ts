/**
 * Business rules of the e-waybill-by-IRN request (SPEC 2.4) that can be judged from the request
 * alone. Codes are the IRP's 4xxx e-waybill codes where it has one. Rules that need the invoice behind
 * the IRN (4021 transport document before the invoice date, 4009 goods HSN, 4013 against the PIN pair)
 * belong to the sandbox.
 * @module
 */

import { ewbDayNumber } from '../../compute/ewaybill-dates.js';
import { pinMatchesState, state } from '../../masters/index.js';
import type { Rule } from '../rule.js';
import { specificationLimitRule } from '../specification-limits.js';
import {
  digitsOf,
  field,
  found,
  integerOf,
  irnShapeRule,
  isGiven,
  isRecord,
  isVehicleNumber,
  numberOf,
  textOf,
  TRANSPORTER_ID_PATTERN,
  findingReader,
} from '../support.js';
import { defineRule } from '../define.js';

const MAX_DISTANCE_KM = 4000;
const GST_START_DAY = ewbDayNumber('01/07/2017')!;
const MODE_NAMES = ['', 'Road', 'Rail', 'Air', 'Ship'];
const modeOf = (doc: unknown): number | undefined => integerOf(field(doc, 'TransMode'));
const shipOf = (doc: unknown): Record<string, unknown> | undefined => {
  const value = field(doc, 'ExpShipDtls');
  return isRecord(value) ? value : undefined;
};

/** The e-waybill-by-IRN request rules. */
export const ewbByIrnRules: Rule[] = [
  irnShapeRule('EWBIRN-IRN'),
  specificationLimitRule('ewb-by-irn', 'IRP'),
  defineRule(findingReader, {
    id: 'EWBIRN-DISTANCE',
    code: '4013',
    severity: 'error',
    certainty: 'likely',
    description: 'Distance must be a whole number of kilometres from 0 (the IRP computes it) to 4000.',
    check(doc) {
      const n = numberOf(field(doc, 'Distance'));
      if (n === undefined || (Number.isInteger(n) && n >= 0 && n <= MAX_DISTANCE_KM)) return [];
      return [found(`Distance ${n} must be a whole number of kilometres from 0 (computed by the IRP) to ${MAX_DISTANCE_KM}.`, 'Distance')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-TRANSMODE-NEEDED',
    code: '4028',
    severity: 'error',
    certainty: 'certain',
    description: 'TransMode is required when VehNo or TransDocNo is given.',
    check(doc) {
      if (isGiven(field(doc, 'TransMode'))) return [];
      if (!isGiven(field(doc, 'VehNo')) && !isGiven(field(doc, 'TransDocNo'))) return [];
      return [found('TransMode is required because VehNo or TransDocNo is given.', 'TransMode')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-ROAD-VEHNO',
    code: '4011',
    severity: 'error',
    certainty: 'certain',
    description: 'With TransMode 1 (Road), VehNo is required.',
    check(doc) {
      if (modeOf(doc) !== 1 || isGiven(field(doc, 'VehNo'))) return [];
      return [found('VehNo is required for TransMode 1 (Road).', 'VehNo')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-ROAD-VEHTYPE',
    code: '4022',
    severity: 'error',
    certainty: 'certain',
    description: 'With TransMode 1 (Road), VehType is required.',
    check(doc) {
      if (modeOf(doc) !== 1 || isGiven(field(doc, 'VehType'))) return [];
      return [found('VehType (R regular or O over-dimensional) is required for TransMode 1 (Road).', 'VehType')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-NONROAD-DOCNO',
    code: '4012',
    severity: 'error',
    certainty: 'certain',
    description: 'With TransMode 2 (Rail), 3 (Air) or 4 (Ship), TransDocNo is required.',
    check(doc) {
      const mode = modeOf(doc);
      if (mode === undefined || mode < 2 || mode > 4 || isGiven(field(doc, 'TransDocNo'))) return [];
      return [found(`TransDocNo is required for TransMode ${mode} (${MODE_NAMES[mode]}).`, 'TransDocNo')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-NONROAD-DOCDT',
    code: '4023',
    severity: 'error',
    certainty: 'certain',
    description: 'With TransMode 2 (Rail), 3 (Air) or 4 (Ship), TransDocDt is required.',
    check(doc) {
      const mode = modeOf(doc);
      if (mode === undefined || mode < 2 || mode > 4 || isGiven(field(doc, 'TransDocDt'))) return [];
      return [found(`TransDocDt is required for TransMode ${mode} (${MODE_NAMES[mode]}).`, 'TransDocDt')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-VEHNO-FORMAT',
    code: '4014',
    severity: 'error',
    certainty: 'likely',
    description:
      'VehNo must be a registration number without spaces, e.g. KA01AB1234, KA011234, ABC1234, 22BH1234AB, or a defence (DF) or temporary (TR/TM) number. Registration in Vahan is checked only by the IRP.',
    check(doc) {
      const value = field(doc, 'VehNo');
      if (typeof value !== 'string' || value.trim() === '' || isVehicleNumber(value)) return [];
      return [found(`VehNo ${value} is not in a valid format (e.g. KA01AB1234, no spaces or hyphens).`, 'VehNo')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-VEHTYPE',
    code: '4020',
    severity: 'error',
    certainty: 'certain',
    description: 'VehType, when given, must be R (regular) or O (over-dimensional cargo).',
    check(doc) {
      const value = field(doc, 'VehType');
      if (typeof value !== 'string' || value.trim() === '') return [];
      const t = value.trim().toUpperCase();
      return t === 'R' || t === 'O' ? [] : [found(`VehType ${value} is not R (regular) or O (over-dimensional cargo).`, 'VehType')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-ODC-ROAD',
    code: '4024',
    severity: 'error',
    certainty: 'certain',
    description: 'VehType O (over-dimensional cargo) is allowed only with TransMode 1 (Road).',
    check(doc) {
      const type = textOf(field(doc, 'VehType'))?.toUpperCase();
      const mode = modeOf(doc);
      if (type !== 'O' || mode === undefined || mode === 1) return [];
      return [found(`VehType O (over-dimensional cargo) needs TransMode 1 (Road), not ${mode}.`, 'VehType')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-PARTA-TRANSID',
    code: '4019',
    severity: 'error',
    certainty: 'certain',
    description: 'Without TransMode, VehNo and TransDocNo (Part-A only), TransId is required.',
    check(doc) {
      if (['TransMode', 'VehNo', 'TransDocNo', 'TransId'].some((k) => isGiven(field(doc, k)))) return [];
      return [found('TransId is required when no TransMode, VehNo or TransDocNo is given (Part-A only).', 'TransId')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-TRANSID',
    code: '4018',
    severity: 'error',
    certainty: 'likely',
    description: 'TransId, when given, must be 15 characters: two digits, then 13 letters or digits (a GSTIN or transporter id).',
    check(doc) {
      const id = textOf(field(doc, 'TransId'));
      if (id === undefined || TRANSPORTER_ID_PATTERN.test(id)) return [];
      return [found(`TransId ${id} is not a GSTIN or transporter id (15 characters, starting with two digits).`, 'TransId')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-TRANSDOCDT-FORMAT',
    code: '4017',
    severity: 'error',
    certainty: 'certain',
    description: 'TransDocDt, when given, must be a real DD/MM/YYYY date, not before 01/07/2017.',
    check(doc) {
      const value = field(doc, 'TransDocDt');
      if (typeof value !== 'string' || value.trim() === '') return [];
      const day = ewbDayNumber(value);
      if (day === undefined) return [found(`TransDocDt ${value} is not a real date in the form DD/MM/YYYY.`, 'TransDocDt')];
      if (day < GST_START_DAY) return [found(`TransDocDt ${value} is before 01/07/2017.`, 'TransDocDt')];
      return [];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-TRANSDOCDT-FUTURE',
    code: '4016',
    severity: 'error',
    certainty: 'certain',
    description: 'TransDocDt must not be after today.',
    check(doc, context) {
      const day = ewbDayNumber(field(doc, 'TransDocDt'));
      const today = ewbDayNumber(context?.today);
      if (day === undefined || today === undefined || day <= today) return [];
      return [found(`TransDocDt ${String(field(doc, 'TransDocDt'))} is in the future (today is ${context.today}).`, 'TransDocDt')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-EXPSHIP-STATE',
    code: 'SVC-410',
    severity: 'error',
    certainty: 'likely',
    description: 'ExpShipDtls.Stcd must be an Indian state code in use (the port or place goods leave from), not 96.',
    check(doc) {
      const ship = shipOf(doc);
      if (ship === undefined || !isGiven(ship['Stcd'])) return [];
      const n = integerOf(ship['Stcd']);
      const entry = n === undefined ? undefined : state(n);
      if (entry !== undefined && entry.validForNewDocuments && entry.code !== '96' && entry.code !== '99') return [];
      return [found(`ExpShipDtls.Stcd ${String(ship['Stcd'])} is not a state code in use for a place in India.`, 'ExpShipDtls', 'Stcd')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWBIRN-EXPSHIP-PIN',
    code: '2178',
    severity: 'error',
    certainty: 'likely',
    description: 'ExpShipDtls.Pin must be a six-digit PIN belonging to the state in ExpShipDtls.Stcd (unknown prefixes pass).',
    check(doc) {
      const ship = shipOf(doc);
      if (ship === undefined || !isGiven(ship['Pin'])) return [];
      const pin = digitsOf(ship['Pin']);
      if (pin === undefined || !/^[1-9][0-9]{5}$/.test(pin)) {
        return [found(`ExpShipDtls.Pin ${String(ship['Pin'])} is not a six-digit PIN that starts with 1-9.`, 'ExpShipDtls', 'Pin')];
      }
      const st = integerOf(ship['Stcd']);
      if (st === undefined || pin === '999999' || pinMatchesState(pin, st) !== false) return [];
      return [found(`ExpShipDtls.Pin ${pin} does not belong to the state in ExpShipDtls.Stcd (${st}).`, 'ExpShipDtls', 'Pin')];
    },
  }),
];
