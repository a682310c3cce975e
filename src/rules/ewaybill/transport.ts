/**
 * Rules on Part B: mode, distance, vehicle, transporter and transport document.
 * @module
 */

import { ewbDayNumber } from '../../compute/ewaybill-dates.js';
import type { Evidence, Rule } from '../rule.js';
import {
  digitsOf,
  field,
  found,
  integerOf,
  isGiven,
  isVehicleNumber,
  numberOf,
  textOf,
  TRANSPORTER_ID_PATTERN,
  findingReader,
} from '../support.js';
import { defineRule } from '../define.js';
import { ewb, RAIL_ADVISORIES } from './evidence.js';
import { FOREIGN_PIN, MAX_DISTANCE_KM, modeOf, todayOf } from './shared.js';

/** A railway receipt as the EWB system wants it: P (parcel, PMS) or F (freight, FOIS), station code, RR number. */
const RAIL_RECEIPT_PATTERN = /^[PF][A-Z]{1,5}[0-9][0-9/-]*$/i;

/** Rules on Part B, in the order they are reported. */
export const transportRules: Rule[] = [
  defineRule(findingReader, {
    id: 'EWB-DISTANCE',
    code: '221',
    severity: 'error',
    certainty: 'likely',
    description: 'transDistance must be a whole number of kilometres from 0 (the portal computes it) to 4000.',
    check(doc) {
      const value = field(doc, 'transDistance');
      if (!isGiven(value)) return [];
      const n = numberOf(value);
      if (n === undefined) return [];
      if (!Number.isInteger(n) || n < 0 || n > MAX_DISTANCE_KM) {
        return [found(`transDistance ${n} must be a whole number of kilometres from 0 (computed by the portal) to ${MAX_DISTANCE_KM}.`, 'transDistance')];
      }
      return [];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-DISTANCE-SAME-PIN',
    code: '221',
    severity: 'error',
    certainty: 'likely',
    description:
      'When fromPincode equals toPincode, transDistance must be given explicitly (0 is not accepted) and be at most 100 km.',
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
  defineRule(findingReader, {
    id: 'EWB-TRANSMODE-FOR-VEHICLE',
    code: '621',
    severity: 'error',
    certainty: 'certain',
    description: 'transMode is required when vehicleNo is given.',
    check(doc) {
      if (!isGiven(field(doc, 'vehicleNo')) || isGiven(field(doc, 'transMode'))) return [];
      return [found('transMode is required because vehicleNo is given.', 'transMode')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-TRANSMODE-FOR-DOC',
    code: '622',
    severity: 'error',
    certainty: 'certain',
    description: 'transMode is required when transDocNo is given.',
    check(doc) {
      if (!isGiven(field(doc, 'transDocNo')) || isGiven(field(doc, 'transMode'))) return [];
      return [found('transMode is required because transDocNo is given.', 'transMode')];
    },
  }),
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
  defineRule(findingReader, {
    id: 'EWB-PARTA-TRANSPORTER',
    code: '619',
    severity: 'error',
    certainty: 'certain',
    description: 'Without transMode, vehicleNo and transDocNo (a Part-A slip), transporterId is required.',
    // The portal has no exception for movements between branches of one PAN or GSTIN (stock transfers):
    // a consignor moving its own goods names its own GSTIN as transporterId and adds Part-B later.
    check(doc) {
      if (['transMode', 'vehicleNo', 'transDocNo', 'transporterId'].some((k) => isGiven(field(doc, k)))) return [];
      return [
        found(
          'transporterId is required when no transMode, vehicleNo or transDocNo is given (Part-A slip); a consignor moving its own goods gives its own GSTIN.',
          'transporterId',
        ),
      ];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-TRANSPORTER-ID',
    code: '222',
    severity: 'error',
    certainty: 'likely',
    description: 'transporterId, when given, must be 15 characters: two digits, then 13 letters or digits (a GSTIN or transporter id).',
    check(doc) {
      const id = textOf(field(doc, 'transporterId'));
      if (id === undefined || TRANSPORTER_ID_PATTERN.test(id)) return [];
      return [found(`transporterId ${id} is not a GSTIN or transporter id (15 characters, starting with two digits).`, 'transporterId')];
    },
  }),
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

// The Part-B checks the actions after generation repeat (Part-B update, extension, trip sheets,
// multi-vehicle movement), built per action so that the rule id names the action; the code is the
// action's where the portal answers another than on generation.

const MODE_NAMES = ['', 'Road', 'Rail', 'Air', 'Ship'];

/** The mode of transport 2 (Rail), 3 (Air) or 4 (Ship), or undefined for road or none. */
function nonRoadMode(doc: unknown): number | undefined {
  const mode = modeOf(doc);
  return mode !== undefined && mode >= 2 && mode <= 4 ? mode : undefined;
}

/** transMode, when given, 1 to 4 (220 on generation, 302 on the actions after it). */
export function transModeRule(id: string, code: string): Rule {
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: 'transMode, when given, must be 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).',
    check(doc) {
      const value = field(doc, 'transMode');
      if (!isGiven(value)) return [];
      const n = modeOf(doc);
      if (n !== undefined && n >= 1 && n <= 4) return [];
      return [found(`transMode ${String(value)} is not 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).`, 'transMode')];
    },
  });
}

/** By rail, air or ship the transport document number is required (394). */
export function nonRoadDocNoRule(id: string): Rule {
  return defineRule(findingReader, {
    id,
    code: '394',
    severity: 'error',
    certainty: 'certain',
    description: 'With transMode 2 (Rail), 3 (Air) or 4 (Ship), transDocNo is required.',
    check(doc) {
      const mode = nonRoadMode(doc);
      if (mode === undefined || isGiven(field(doc, 'transDocNo'))) return [];
      return [found(`transDocNo is required for transMode ${mode} (${MODE_NAMES[mode]}).`, 'transDocNo')];
    },
  });
}

/** By rail, air or ship the transport document date is required (385). */
export function nonRoadDocDateRule(id: string): Rule {
  return defineRule(findingReader, {
    id,
    code: '385',
    severity: 'error',
    certainty: 'certain',
    description: 'With transMode 2 (Rail), 3 (Air) or 4 (Ship), transDocDate is required.',
    check(doc) {
      const mode = nonRoadMode(doc);
      if (mode === undefined || isGiven(field(doc, 'transDocDate'))) return [];
      return [found(`transDocDate is required for transMode ${mode} (${MODE_NAMES[mode]}).`, 'transDocDate')];
    },
  });
}

/** Both documents by rail, air or ship (394, 385), as the actions after generation check them. */
export function nonRoadDocumentRules(prefix: string): Rule[] {
  return [nonRoadDocNoRule(`${prefix}-NONROAD-DOCNO`), nonRoadDocDateRule(`${prefix}-NONROAD-DOCDATE`)];
}

/** A vehicle number field (`key`) in a format the portal accepts (225 on generation, 304 on the actions). */
export function vehicleFormatRule(id: string, code: string, key = 'vehicleNo', evidence?: Evidence): Rule {
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
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

/** vehicleType, when given, R or O (361). */
export function vehicleTypeRule(id: string): Rule {
  return defineRule(findingReader, {
    id,
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
  });
}

/** Over-dimensional cargo moves by road only (634). */
export function odcRoadRule(id: string): Rule {
  return defineRule(findingReader, {
    id,
    code: '634',
    severity: 'error',
    certainty: 'certain',
    description: 'vehicleType O (over-dimensional cargo) is allowed only with transMode 1 (Road).',
    check(doc) {
      const type = textOf(field(doc, 'vehicleType'))?.toUpperCase();
      const mode = modeOf(doc);
      if (type !== 'O' || mode === undefined || mode === 1) return [];
      return [found(`vehicleType O (over-dimensional cargo) needs transMode 1 (Road), not ${mode}.`, 'vehicleType')];
    },
  });
}

/**
 * A transport document date (`key`) must be a real DD/MM/YYYY date not after today: 224 on generation and
 * on the Part-B update; the movement actions' code is not published, so there gstkit's own code warns.
 */
export function transDocDateRule(id: string, options: { code?: string; key?: string; evidence?: Evidence } = {}): Rule {
  const { code = '224', key = 'transDocDate', evidence } = options;
  const verb = evidence === 'own' ? 'should' : 'must'; // gstkit's own rules warn
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'likely',
    ...(evidence ? { evidence } : {}),
    description: `${key}, when given, ${verb} be a real DD/MM/YYYY date not after today.`,
    check(doc, context) {
      const value = field(doc, key);
      if (typeof value !== 'string' || value.trim() === '') return [];
      const day = ewbDayNumber(value);
      if (day === undefined) return [found(`${key} ${value} is not a real date in the form DD/MM/YYYY.`, key)];
      const today = todayOf(context);
      if (today !== undefined && day > today) return [found(`${key} ${value} is in the future (today is ${context.today}).`, key)];
      return [];
    },
  });
}
