/**
 * Rule builders for Part B (mode, distance, vehicle, transport document, transporter), built from the
 * names of its fields: the e-waybill portal's requests spell them in camelCase (`transMode`, `vehicleNo`),
 * the IRP's e-waybill by IRN in PascalCase (`TransMode`, `VehNo`), and the checks are the same. Each
 * builder takes the id of its rule, so the catalogue names the request or action a rule belongs to, and
 * the code the portal answers there.
 * @module
 */

import { ewbDayNumber } from '../../compute/ewaybill-dates.js';
import type { Evidence, Rule } from '../rule.js';
import { defineRule } from '../define.js';
import { field, findingReader, found, integerOf, isGiven, isVehicleNumber, numberOf, textOf, TRANSPORTER_ID_PATTERN } from '../support.js';
import { MAX_DISTANCE_KM, todayOf } from './shared.js';

/** What a request calls the fields of Part B. */
export interface PartBFields {
  mode: string;
  distance: string;
  vehicle: string;
  vehicleType: string;
  document: string;
  documentDate: string;
  transporter: string;
}

/** Part B as the e-waybill portal's requests spell it (generation, Part-B update, the actions). */
export const ewbPartB: PartBFields = {
  mode: 'transMode',
  distance: 'transDistance',
  vehicle: 'vehicleNo',
  vehicleType: 'vehicleType',
  document: 'transDocNo',
  documentDate: 'transDocDate',
  transporter: 'transporterId',
};

/** Part B as the IRP's e-waybill-by-IRN request (and an IRN request's EwbDtls) spells it. */
export const irpPartB: PartBFields = {
  mode: 'TransMode',
  distance: 'Distance',
  vehicle: 'VehNo',
  vehicleType: 'VehType',
  document: 'TransDocNo',
  documentDate: 'TransDocDt',
  transporter: 'TransId',
};

const MODE_NAMES = ['', 'Road', 'Rail', 'Air', 'Ship'];

/** The mode of transport as a whole number, when it is one. */
function modeIn(doc: unknown, fields: PartBFields): number | undefined {
  return integerOf(field(doc, fields.mode));
}

/** The mode of transport 2 (Rail), 3 (Air) or 4 (Ship), or undefined for road or none. */
function nonRoadMode(doc: unknown, fields: PartBFields): number | undefined {
  const mode = modeIn(doc, fields);
  return mode !== undefined && mode >= 2 && mode <= 4 ? mode : undefined;
}

/** The distance a whole number of kilometres from 0 (computed by `computedBy`) to 4000: 221 on generation, 4013 by IRN. */
export function distanceRule(id: string, code: string, computedBy: string, fields: PartBFields = ewbPartB): Rule {
  const key = fields.distance;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'likely',
    description: `${key} must be a whole number of kilometres from 0 (${computedBy} computes it) to ${MAX_DISTANCE_KM}.`,
    check(doc) {
      const n = numberOf(field(doc, key));
      if (n === undefined || (Number.isInteger(n) && n >= 0 && n <= MAX_DISTANCE_KM)) return [];
      return [found(`${key} ${n} must be a whole number of kilometres from 0 (computed by ${computedBy}) to ${MAX_DISTANCE_KM}.`, key)];
    },
  });
}

/** The mode, when given, 1 to 4 (220 on generation, 302 on the actions after it). */
export function transModeRule(id: string, code: string, fields: PartBFields = ewbPartB): Rule {
  const key = fields.mode;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `${key}, when given, must be 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).`,
    check(doc) {
      const value = field(doc, key);
      if (!isGiven(value)) return [];
      const n = modeIn(doc, fields);
      if (n !== undefined && n >= 1 && n <= 4) return [];
      return [found(`${key} ${String(value)} is not 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).`, key)];
    },
  });
}

/**
 * By road the vehicle number is required, where `applies`: 303 on the actions, 4011 by IRN. LIKELY on
 * every action: 303 "vehicle number required" is on NIC's error list (shared/reference/ewb-error-codes.csv),
 * in the block of the Part-B update's codes, but no published source says which actions answer with it, as
 * for its neighbours 302 and 304.
 */
export function roadVehicleRule(
  id: string,
  options: { code?: string; certainty?: 'certain' | 'likely'; fields?: PartBFields; applies?: (doc: unknown) => boolean } = {},
): Rule {
  const { code = '303', certainty = 'likely', fields = ewbPartB, applies } = options;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty,
    description: `With ${fields.mode} 1 (Road), ${fields.vehicle} is required.`,
    check(doc) {
      if ((applies && !applies(doc)) || modeIn(doc, fields) !== 1 || isGiven(field(doc, fields.vehicle))) return [];
      return [found(`${fields.vehicle} is required for ${fields.mode} 1 (Road).`, fields.vehicle)];
    },
  });
}

/** By rail, air or ship the transport document number is required (394; 4012 by IRN). */
export function nonRoadDocNoRule(id: string, code = '394', fields: PartBFields = ewbPartB): Rule {
  return nonRoadRequiredRule(id, code, fields, fields.document);
}

/** By rail, air or ship the transport document date is required (385; 4023 by IRN). */
export function nonRoadDocDateRule(id: string, code = '385', fields: PartBFields = ewbPartB): Rule {
  return nonRoadRequiredRule(id, code, fields, fields.documentDate);
}

/** By rail, air or ship the field `key` (of the transport document) is required. */
function nonRoadRequiredRule(id: string, code: string, fields: PartBFields, key: string): Rule {
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `With ${fields.mode} 2 (Rail), 3 (Air) or 4 (Ship), ${key} is required.`,
    check(doc) {
      const mode = nonRoadMode(doc, fields);
      if (mode === undefined || isGiven(field(doc, key))) return [];
      return [found(`${key} is required for ${fields.mode} ${mode} (${MODE_NAMES[mode]}).`, key)];
    },
  });
}

/** Both documents by rail, air or ship (394, 385), as the actions after generation check them. */
export function nonRoadDocumentRules(prefix: string): Rule[] {
  return [nonRoadDocNoRule(`${prefix}-NONROAD-DOCNO`), nonRoadDocDateRule(`${prefix}-NONROAD-DOCDATE`)];
}

/** How a vehicle-format rule reads its field and words its description. */
export interface VehicleFormatOptions {
  /** The vehicle number field (default `vehicleNo`). */
  key?: string;
  evidence?: Evidence;
  /** Whether the description says `, when given` (default yes). */
  whenGiven?: boolean;
  /** A sentence after the description. */
  note?: string;
}

/** A vehicle number field in a format the portal accepts (225 on generation, 304 on the actions, 4014 by IRN). */
export function vehicleFormatRule(id: string, code: string, options: VehicleFormatOptions = {}): Rule {
  const { key = ewbPartB.vehicle, evidence, whenGiven = true, note } = options;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'likely',
    ...(evidence ? { evidence } : {}),
    description: `${key}${whenGiven ? ', when given,' : ''} must be a registration number without spaces, e.g. KA01AB1234, KA011234, ABC1234, 22BH1234AB, or a defence (DF) or temporary (TR/TM) number.${note === undefined ? '' : ` ${note}`}`,
    check(doc) {
      const value = field(doc, key);
      if (typeof value !== 'string' || value.trim() === '' || isVehicleNumber(value)) return [];
      return [found(`${key} ${value} is not in a valid format (e.g. KA01AB1234, no spaces or hyphens).`, key)];
    },
  });
}

/** The vehicle type, when given, R or O (361; 4020 by IRN). */
export function vehicleTypeRule(id: string, code = '361', fields: PartBFields = ewbPartB): Rule {
  const key = fields.vehicleType;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `${key}, when given, must be R (regular) or O (over-dimensional cargo).`,
    check(doc) {
      const value = field(doc, key);
      const t = textOf(value)?.toUpperCase();
      if (t === undefined || t === 'R' || t === 'O') return [];
      return [found(`${key} ${String(value)} is not R (regular) or O (over-dimensional cargo).`, key)];
    },
  });
}

/** Over-dimensional cargo moves by road only (634; 4024 by IRN). */
export function odcRoadRule(id: string, code = '634', fields: PartBFields = ewbPartB): Rule {
  const key = fields.vehicleType;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `${key} O (over-dimensional cargo) is allowed only with ${fields.mode} 1 (Road).`,
    check(doc) {
      const type = textOf(field(doc, key))?.toUpperCase();
      const mode = modeIn(doc, fields);
      if (type !== 'O' || mode === undefined || mode === 1) return [];
      return [found(`${key} O (over-dimensional cargo) needs ${fields.mode} 1 (Road), not ${mode}.`, key)];
    },
  });
}

/**
 * A transport document date (`key`) must be a real DD/MM/YYYY date not after today: 224 on generation and
 * on the Part-B update; the movement actions' code is not published, so there gstkit's own code warns.
 */
export function transDocDateRule(id: string, options: { code?: string; key?: string; evidence?: Evidence } = {}): Rule {
  const { code = '224', key = ewbPartB.documentDate, evidence } = options;
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

/** How a request names a Part-A-only request: in the description (`described`) and in the message (`reported`, then `advice`). */
export interface PartAWording {
  described: string;
  reported: string;
  advice?: string;
}

/** Without mode, vehicle and transport document (Part A alone), the transporter is required: 619 on generation, 4019 by IRN. */
export function partATransporterRule(id: string, code: string, fields: PartBFields, wording: PartAWording): Rule {
  const { mode, vehicle, document, transporter } = fields;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `Without ${mode}, ${vehicle} and ${document} (${wording.described}), ${transporter} is required.`,
    check(doc) {
      if ([mode, vehicle, document, transporter].some((k) => isGiven(field(doc, k)))) return [];
      const advice = wording.advice === undefined ? '' : `; ${wording.advice}`;
      return [found(`${transporter} is required when no ${mode}, ${vehicle} or ${document} is given (${wording.reported})${advice}.`, transporter)];
    },
  });
}

/**
 * The transporter id a GSTIN or a transporter enrolment id: 15 characters, two digits first (222; 4018 by
 * IRN). `whenGiven: false` words it for a request that requires the field (the transporter change).
 */
export function transporterIdRule(id: string, code: string, fields: PartBFields = ewbPartB, whenGiven = true): Rule {
  const key = fields.transporter;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'likely',
    description: `${key}${whenGiven ? ', when given,' : ''} must be 15 characters: two digits, then 13 letters or digits (a GSTIN or transporter id).`,
    check(doc) {
      const value = textOf(field(doc, key));
      if (value === undefined || TRANSPORTER_ID_PATTERN.test(value)) return [];
      return [found(`${key} ${value} is not a GSTIN or transporter id (15 characters, starting with two digits).`, key)];
    },
  });
}
