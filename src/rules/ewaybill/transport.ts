/**
 * The generation request's rules on Part B: mode, distance, vehicle, transporter and transport document
 * (the checks the other requests repeat are built from field names in transport-fields.ts).
 * @module
 */

import { ewbDayNumber } from '../../compute/ewaybill-dates.js';
import type { Rule } from '../rule.js';
import { defineRule } from '../define.js';
import { digitsOf, field, findingReader, found, integerOf, isGiven, textOf } from '../support.js';
import { ewb, RAIL_ADVISORIES } from './evidence.js';
import { FOREIGN_PIN, modeOf } from './shared.js';
import {
  distanceRule,
  ewbPartB,
  nonRoadDocDateRule,
  nonRoadDocNoRule,
  odcRoadRule,
  partATransporterRule,
  transDocDateRule,
  transModeRule,
  transporterIdRule,
  vehicleFormatRule,
  vehicleTypeRule,
} from './transport-fields.js';

/** A railway receipt as the EWB system wants it: P (parcel, PMS) or F (freight, FOIS), station code, RR number. */
const RAIL_RECEIPT_PATTERN = /^[PF][A-Z]{1,5}[0-9][0-9/-]*$/i;

/** Rules on Part B, in the order they are reported. */
export const transportRules: Rule[] = [
  distanceRule('EWB-DISTANCE', '221', 'the portal'),
  defineRule(findingReader, {
    id: 'EWB-DISTANCE-SAME-PIN',
    code: '221',
    severity: 'error',
    certainty: 'likely',
    description: 'When fromPincode equals toPincode, transDistance must be given explicitly (0 is not accepted) and be at most 100 km.',
    check(doc) {
      const fromPin = digitsOf(field(doc, 'fromPincode'));
      const toPin = digitsOf(field(doc, 'toPincode'));
      const n = integerOf(field(doc, 'transDistance'));
      if (fromPin === undefined || fromPin !== toPin || fromPin === FOREIGN_PIN || n === undefined) return [];
      if (n === 0) return [found('transDistance 0 (computed) is not accepted when fromPincode equals toPincode; give the distance.', 'transDistance')];
      if (n > 100) return [found(`transDistance ${n} exceeds 100 km although fromPincode equals toPincode.`, 'transDistance')];
      return [];
    },
  }),
  transModeRule('EWB-TRANSMODE', '220'),
  modeNeededForRule('EWB-TRANSMODE-FOR-VEHICLE', '621', 'vehicleNo'),
  modeNeededForRule('EWB-TRANSMODE-FOR-DOC', '622', 'transDocNo'),
  defineRule(findingReader, {
    id: 'EWB-ROAD-PARTB',
    code: '226',
    severity: 'error',
    certainty: 'likely',
    description: 'With transMode 1 (Road), vehicleNo or transDocNo must be given.',
    check(doc) {
      if (modeOf(doc) !== 1) return [];
      if (isGiven(field(doc, 'vehicleNo')) || isGiven(field(doc, 'transDocNo'))) return [];
      return [found('vehicleNo (or transDocNo) is required for transMode 1 (Road).', 'vehicleNo')];
    },
  }),
  nonRoadDocNoRule('EWB-NONROAD-DOCNO'),
  // The portal checks railway receipt numbers against the railways' data from 01/01/2025 (823), first as
  // an alert; the exact check is not published, so the documented format only warns unless strict.
  defineRule(findingReader, {
    id: 'EWB-RAIL-RR',
    code: '823',
    severity: 'error',
    certainty: 'uncertain',
    evidence: ewb('823', RAIL_ADVISORIES),
    since: '01/01/2025',
    dateBasis: 'reporting',
    description:
      'From 01/01/2025, with transMode 2 (Rail) transDocNo should be the railway receipt as the advisories write it: P + station code + RR number (parcels, PMS) or F + station code + RR number (freight, FOIS), e.g. PNZM2020-307306, FSJWT123456789.',
    check(doc) {
      if (modeOf(doc) !== 2) return [];
      const no = textOf(field(doc, 'transDocNo'));
      if (no === undefined || RAIL_RECEIPT_PATTERN.test(no)) return [];
      return [found(`transDocNo ${no} is not a railway receipt number in the form P<station><RR no> (parcel) or F<station><RR no> (freight).`, 'transDocNo')];
    },
  }),
  nonRoadDocDateRule('EWB-NONROAD-DOCDATE'),
  // The portal has no exception for movements between branches of one PAN or GSTIN (stock transfers):
  // a consignor moving its own goods names its own GSTIN as transporterId and adds Part-B later.
  partATransporterRule('EWB-PARTA-TRANSPORTER', '619', ewbPartB, {
    described: 'a Part-A slip',
    reported: 'Part-A slip',
    advice: 'a consignor moving its own goods gives its own GSTIN',
  }),
  transporterIdRule('EWB-TRANSPORTER-ID', '222'),
  vehicleFormatRule('EWB-VEHICLE-FORMAT', '225'),
  vehicleTypeRule('EWB-VEHICLE-TYPE'),
  odcRoadRule('EWB-ODC-ROAD'),
  transDocDateRule('EWB-TRANSDOC-DATE'),
  defineRule(findingReader, {
    id: 'EWB-TRANSDOC-BEFORE-DOC',
    code: '362',
    severity: 'error',
    certainty: 'certain',
    description: 'transDocDate must not be earlier than docDate.',
    check(doc) {
      const trans = ewbDayNumber(field(doc, 'transDocDate'));
      const docDay = ewbDayNumber(field(doc, 'docDate'));
      if (trans === undefined || docDay === undefined || trans >= docDay) return [];
      return [found(`transDocDate ${String(field(doc, 'transDocDate'))} is earlier than docDate ${String(field(doc, 'docDate'))}.`, 'transDocDate')];
    },
  }),
];

/** transMode is required when `key` is given: 621 for vehicleNo, 622 for transDocNo. */
function modeNeededForRule(id: string, code: string, key: string): Rule {
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `transMode is required when ${key} is given.`,
    check(doc) {
      if (!isGiven(field(doc, key)) || isGiven(field(doc, 'transMode'))) return [];
      return [found(`transMode is required because ${key} is given.`, 'transMode')];
    },
  });
}
