/**
 * Rules of the Part-B update request (updatevehicle, NIC action VEHEWB) judged from the request alone.
 * Who may update, and whether the e-waybill is still active and valid, is the portal's (the sandbox's)
 * judgement on the stored e-waybill: see src/sandbox/ewaybill-actions/.
 * @module
 */

import type { Rule } from '../rule.js';
import { defineRule, field, found, integerOf, isGiven, textOf } from '../ewaybill-support.js';
import {
  ewbNoRule,
  fromStateRule,
  modeNumber,
  nonRoadDocumentRules,
  odcRoadRule,
  roadVehicleRule,
  textRule,
  transDocDateRule,
  vehicleFormatRule,
} from './shared.js';

const REASONS = '1 Breakdown, 2 Transshipment, 3 Others, 4 First time';

/** The Part-B update request rules, in the order they are reported. */
export const updateVehicleRules: Rule[] = [
  ewbNoRule('VEHEWB'),
  defineRule({
    id: 'VEHEWB-TRANSMODE',
    code: '302',
    severity: 'error',
    certainty: 'certain',
    description: 'transMode must be 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).',
    check(doc) {
      const value = field(doc, 'transMode');
      if (!isGiven(value)) return [];
      const mode = modeNumber(doc);
      if (mode !== undefined && mode >= 1 && mode <= 4) return [];
      return [found(`transMode ${String(value)} is not 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).`, 'transMode')];
    },
  }),
  roadVehicleRule('VEHEWB-ROAD-VEHICLE'),
  vehicleFormatRule('VEHEWB-VEHICLE-FORMAT'),
  textRule('VEHEWB-FROM-PLACE', '305', 'fromPlace', 50, 'certain', 'the place where the vehicle changes'),
  fromStateRule('VEHEWB-FROM-STATE', '306'),
  defineRule({
    id: 'VEHEWB-REASON',
    code: '307',
    severity: 'error',
    certainty: 'certain',
    description: `reasonCode must be 1 to 4 (${REASONS}).`,
    check(doc) {
      const value = field(doc, 'reasonCode');
      if (!isGiven(value) || (typeof value !== 'string' && typeof value !== 'number')) return [];
      const n = integerOf(value);
      if (n !== undefined && n >= 1 && n <= 4) return [];
      return [found(`reasonCode ${String(value)} is not a reason for a Part-B update (${REASONS}).`, 'reasonCode')];
    },
  }),
  textRule('VEHEWB-REMARKS', '308', 'reasonRem', 50, 'likely', 'the remarks on the reason'),
  ...nonRoadDocumentRules('VEHEWB'),
  transDocDateRule('VEHEWB-TRANSDOC-DATE'),
  defineRule({
    id: 'VEHEWB-VEHICLE-TYPE',
    code: '361',
    severity: 'error',
    certainty: 'certain',
    description: 'vehicleType, when given, must be R (regular) or O (over-dimensional cargo).',
    check(doc) {
      const value = field(doc, 'vehicleType');
      const t = textOf(value)?.toUpperCase();
      if (t === undefined || t === 'R' || t === 'O') return [];
      return [found(`vehicleType ${String(value)} is not R (regular) or O (over-dimensional cargo).`, 'vehicleType')];
    },
  }),
  odcRoadRule('VEHEWB-ODC-ROAD'),
];
