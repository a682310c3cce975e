/**
 * Rule builders for the fields every movement action of the e-waybill portal repeats (consolidated
 * e-waybill, trip sheet regeneration, multi-vehicle movement): the e-waybill number, the place and state
 * the goods are at, the mode, the vehicle and the transport document, the reason and its remarks. Each
 * builder takes the id prefix of its action so the catalogue names the action a rule belongs to. The
 * codes are those of the e-waybill portal's Part-B and multi-vehicle checks (GetErrorList).
 * @module
 */

import type { Rule } from '../rule.js';
import { field, found, textOf, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { nonRoadDocumentRules, roadVehicleRule, transDocDateRule, transModeRule, vehicleFormatRule } from './transport-fields.js';
import { ewbNoRule, reasonCodeRule, stateRule, textRule } from './action-shared.js';

const REASONS = '1 Due to break down, 2 Due to transshipment, 3 Others, 4 First time';

/** An e-waybill number must be 12 digits (301), as on the actions after generation. */
export function ewbNumberRules(prefix: string): Rule[] {
  return [ewbNoRule(prefix)];
}

/** fromPlace not blank (305); fromState a state of the master (306). */
export function placeRules(
  prefix: string,
  placeKey = 'fromPlace',
  stateKey = 'fromState',
  codes: { place: string; state: string } = { place: '305', state: '306' },
): Rule[] {
  return [
    textRule(`${prefix}-${placeKey.toUpperCase()}`, codes.place, placeKey, undefined, 'certain'),
    stateRule({
      id: `${prefix}-${stateKey.toUpperCase()}`,
      code: codes.state,
      key: stateKey,
      certainty: 'likely',
      description: `${stateKey} must be a state or union territory code of the state master.`,
      notAState: 'is not a state code.',
      refuseNonNumbers: false,
    }),
  ];
}

/**
 * The vehicle and transport document of a Part B, checked as on generation (src/rules/ewaybill/transport-fields.ts)
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

/** reasonCode 1 to 4 (307); reasonRem not blank (386). */
export function reasonRules(prefix: string): Rule[] {
  return [
    reasonCodeRule(`${prefix}-REASON`, REASONS),
    defineRule(findingReader, {
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
