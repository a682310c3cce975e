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
import { digitsOf, field, findingReader, found, integerOf, irnShapeRule, isGiven, isRecord } from '../support.js';
import { defineRule } from '../define.js';
import { GST_START_DAY } from './shared.js';
import {
  distanceRule,
  irpPartB,
  nonRoadDocDateRule,
  nonRoadDocNoRule,
  odcRoadRule,
  partATransporterRule,
  roadVehicleRule,
  transporterIdRule,
  vehicleFormatRule,
  vehicleTypeRule,
} from './transport-fields.js';

const modeOf = (doc: unknown): number | undefined => integerOf(field(doc, irpPartB.mode));
const shipOf = (doc: unknown): Record<string, unknown> | undefined => {
  const value = field(doc, 'ExpShipDtls');
  return isRecord(value) ? value : undefined;
};

/** The e-waybill-by-IRN request rules. */
export const ewbByIrnRules: Rule[] = [
  irnShapeRule('EWBIRN-IRN'),
  specificationLimitRule('ewb-by-irn', 'IRP'),
  distanceRule('EWBIRN-DISTANCE', '4013', 'the IRP', irpPartB),
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
  roadVehicleRule('EWBIRN-ROAD-VEHNO', { code: '4011', certainty: 'certain', fields: irpPartB }),
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
  nonRoadDocNoRule('EWBIRN-NONROAD-DOCNO', '4012', irpPartB),
  nonRoadDocDateRule('EWBIRN-NONROAD-DOCDT', '4023', irpPartB),
  vehicleFormatRule('EWBIRN-VEHNO-FORMAT', '4014', {
    key: irpPartB.vehicle,
    whenGiven: false,
    note: 'Registration in Vahan is checked only by the IRP.',
  }),
  vehicleTypeRule('EWBIRN-VEHTYPE', '4020', irpPartB),
  odcRoadRule('EWBIRN-ODC-ROAD', '4024', irpPartB),
  partATransporterRule('EWBIRN-PARTA-TRANSID', '4019', irpPartB, { described: 'Part-A only', reported: 'Part-A only' }),
  transporterIdRule('EWBIRN-TRANSID', '4018', irpPartB),
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
      if (entry?.validForNewDocuments && entry.code !== '96' && entry.code !== '99') return [];
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
