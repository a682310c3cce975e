/**
 * Rules of the validity extension request (extendvalidity, NIC action EXTENDVALIDITY) judged from the
 * request alone. The extension window (382), the 360-day cap (821), the remaining distance against the
 * original (390) and who may extend (637, 700) need the stored e-waybill: see src/sandbox/ewaybill-actions/.
 *
 * Goods are either moving (consignmentStatus M: vehicle or transport document as for a Part-B update) or
 * in transit (T: transMode 5, a transit type and the address where they wait). The codes 705-713 are the
 * portal's (GetErrorList); which address lines it requires is not written down beyond the code texts, so
 * lines 2 and 3 only warn.
 * @module
 */

import { pinMatchesState } from '../../masters/pin.js';
import type { Rule } from '../rule.js';
import { digitsOf, field, found, integerOf, isGiven, textOf, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { ewb } from './evidence.js';
import { nonRoadDocumentRules, roadVehicleRule, transDocDateRule, vehicleFormatRule } from './transport-fields.js';
import { ewbNoRule, fromStateRule, textRule } from './action-shared.js';
import { modeOf } from './shared.js';
import { specificationLimitRule } from '../specification-limits.js';

const REASONS = '1 Natural calamity, 2 Law and order, 4 Transshipment, 5 Accident, 99 Others';
const REASON_CODES = new Set([1, 2, 4, 5, 99]);
const TRANSIT_TYPES = new Set(['R', 'W', 'O']);

const statusOf = (doc: unknown): string | undefined => textOf(field(doc, 'consignmentStatus'))?.toUpperCase();
const moving = (doc: unknown): boolean => statusOf(doc) === 'M';
const inTransit = (doc: unknown): boolean => statusOf(doc) === 'T';

/** An address line goods in transit need (706, 707, 708). */
function transitAddressRule(line: 1 | 2 | 3): Rule {
  const key = `addressLine${line}`;
  return defineRule(findingReader, {
    id: `EXTEWB-TRANSIT-ADDRESS${line}`,
    code: String(705 + line),
    severity: 'error',
    certainty: line === 1 ? 'likely' : 'uncertain',
    description: `With consignmentStatus T (in transit), ${key} of the place where the goods wait is required.`,
    check(doc) {
      if (!inTransit(doc) || isGiven(field(doc, key))) return [];
      return [found(`${key} is required while the goods are in transit (consignmentStatus T).`, key)];
    },
  });
}

/** The extension request rules, in the order they are reported. */
export const extendValidityRules: Rule[] = [
  ewbNoRule('EXTEWB'),
  defineRule(findingReader, {
    id: 'EXTEWB-STATUS',
    code: '711',
    severity: 'error',
    certainty: 'certain',
    description: 'consignmentStatus must be M (moving) or T (in transit).',
    check(doc) {
      const value = field(doc, 'consignmentStatus');
      if (!isGiven(value) || moving(doc) || inTransit(doc)) return [];
      return [found(`consignmentStatus ${String(value)} is not M (moving) or T (in transit).`, 'consignmentStatus')];
    },
  }),
  defineRule(findingReader, {
    id: 'EXTEWB-TRANSMODE',
    code: '302',
    severity: 'error',
    certainty: 'likely',
    description: 'transMode must be 1 to 4 (Road, Rail, Air, Ship) while the goods are moving, and 5 (in transit) while they are in transit.',
    check(doc) {
      const value = field(doc, 'transMode');
      const mode = modeOf(doc);
      if (!isGiven(value)) return [];
      if (moving(doc) && (mode === undefined || mode < 1 || mode > 4)) {
        return [found(`transMode ${String(value)} is not 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship), which moving goods need.`, 'transMode')];
      }
      if (inTransit(doc) && mode !== 5) return [found(`transMode must be 5 (in transit) while the goods are in transit, not ${String(value)}.`, 'transMode')];
      if (!moving(doc) && !inTransit(doc) && (mode === undefined || mode < 1 || mode > 5)) {
        return [found(`transMode ${String(value)} is not 1 to 5.`, 'transMode')];
      }
      return [];
    },
  }),
  roadVehicleRule('EXTEWB-ROAD-VEHICLE', { applies: moving }),
  vehicleFormatRule('EXTEWB-VEHICLE-FORMAT', '304'),
  ...nonRoadDocumentRules('EXTEWB'),
  transDocDateRule('EXTEWB-TRANSDOC-DATE'),
  textRule('EXTEWB-FROM-PLACE', '305', 'fromPlace', 50, 'certain', 'the place where the goods are now'),
  fromStateRule('EXTEWB-FROM-STATE', '306'),
  defineRule(findingReader, {
    id: 'EXTEWB-PIN-STATE',
    code: '710',
    severity: 'error',
    certainty: 'likely',
    evidence: ewb('710'),
    description: "fromPincode must belong to the state in fromState (judged on the PIN's first three digits; unknown prefixes pass).",
    check(doc) {
      const pin = digitsOf(field(doc, 'fromPincode'));
      const st = integerOf(field(doc, 'fromState'));
      if (pin === undefined || st === undefined || pinMatchesState(pin, st) !== false) return [];
      return [found(`fromPincode ${pin} does not belong to the state in fromState (${st}).`, 'fromPincode')];
    },
  }),
  defineRule(findingReader, {
    id: 'EXTEWB-REMAINING-DISTANCE',
    code: '389',
    severity: 'error',
    certainty: 'uncertain',
    description: 'remainingDistance should be more than 0 km: an extension is for goods that still have a way to go.',
    check(doc) {
      const value = field(doc, 'remainingDistance');
      if (!isGiven(value) || integerOf(value) !== 0) return [];
      return [found('remainingDistance is 0; an extension is for goods with a distance still to go.', 'remainingDistance')];
    },
  }),
  defineRule(findingReader, {
    id: 'EXTEWB-REASON',
    code: '386',
    severity: 'error',
    certainty: 'likely',
    description: `extnRsnCode must be one of ${REASONS}.`,
    check(doc) {
      const value = field(doc, 'extnRsnCode');
      if (!isGiven(value) || (typeof value !== 'string' && typeof value !== 'number')) return [];
      const n = integerOf(value);
      if (n !== undefined && REASON_CODES.has(n)) return [];
      return [found(`extnRsnCode ${String(value)} is not a reason for an extension (${REASONS}).`, 'extnRsnCode')];
    },
  }),
  textRule('EXTEWB-REMARKS', '386', 'extnRemarks', 50, 'likely', 'the remarks on the reason'),
  defineRule(findingReader, {
    id: 'EXTEWB-TRANSIT-TYPE',
    code: '705',
    severity: 'error',
    certainty: 'likely',
    description: 'With consignmentStatus T (in transit), transitType must be R (road), W (warehouse) or O (others).',
    check(doc) {
      if (!inTransit(doc)) return [];
      const t = textOf(field(doc, 'transitType'))?.toUpperCase();
      if (t !== undefined && TRANSIT_TYPES.has(t)) return [];
      return [found(`transitType ${t ?? '(missing)'} is not R (road), W (warehouse) or O (others), which goods in transit need.`, 'transitType')];
    },
  }),
  transitAddressRule(1),
  transitAddressRule(2),
  transitAddressRule(3),
  defineRule(findingReader, {
    id: 'EXTEWB-MOVING-NO-TRANSIT-TYPE',
    code: '712',
    severity: 'error',
    certainty: 'certain',
    description: 'With consignmentStatus M (moving), transitType must not be given.',
    check(doc) {
      if (!moving(doc) || !isGiven(field(doc, 'transitType'))) return [];
      return [found('transitType is only for goods in transit (consignmentStatus T), not for moving goods.', 'transitType')];
    },
  }),
  defineRule(findingReader, {
    id: 'EXTEWB-MOVING-NO-ADDRESS',
    code: '713',
    severity: 'error',
    certainty: 'certain',
    description: 'With consignmentStatus M (moving), addressLine1 to addressLine3 must not be given.',
    check(doc) {
      if (!moving(doc)) return [];
      const given = ['addressLine1', 'addressLine2', 'addressLine3'].find((k) => isGiven(field(doc, k)));
      return given ? [found(`${given} is only for goods in transit (consignmentStatus T), not for moving goods.`, given)] : [];
    },
  }),
  specificationLimitRule('extend-validity', 'EWB'),
];
