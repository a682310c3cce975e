/**
 * Request rules of multi-vehicle movement (initiatemultivehicle, addmultivehicle, changemultivehicle;
 * NIC MULTIVEHMOVINT, MULTIVEHADD, MULTIVEHUPD), judged from the request alone. That the vehicles'
 * quantities stay within the quantity initiated, that the group exists and that the unit is one of the
 * e-waybill's need the portal's records: the sandbox checks them (src/sandbox/ewaybill/multivehicle.ts).
 * @module
 */

import type { Evidence, Rule } from '../rule.js';
import { ewb } from './evidence.js';
import { field, found, isGiven, numberOf, textOf, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { conveyanceRules, ewbNumberRules, movementTransDocDateRule, placeRules, reasonRules } from './movement-fields.js';
import { vehicleFormatRule } from './transport-fields.js';

/** The multi-vehicle codes are not in the shared EWB list; india-compliance keeps a copy of NIC's GetErrorList with them. */
const IC_LIST =
  'NIC GetErrorList as copied in https://github.com/resilient-tech/india-compliance/blob/b2664d6/india_compliance/gst_india/api_classes/nic/e_waybill_errors.py';
const mv = (code: string): Evidence => ewb(code, IC_LIST);

/** groupNo given and not zero (406). */
function groupRule(prefix: string): Rule {
  return defineRule(findingReader, {
    id: `${prefix}-GROUP`,
    code: '406',
    certainty: 'certain',
    evidence: mv('406'),
    description: 'groupNo must be given and must not be zero.',
    check(doc) {
      const value = field(doc, 'groupNo');
      const n = numberOf(value);
      if (value !== undefined && value !== null && (n === undefined || n !== 0)) return [];
      return [found('groupNo must be given and must not be zero.', 'groupNo')];
    },
  });
}

/** A quantity more than zero. */
function positiveRule(id: string, code: string, key: string, certainty: 'certain' | 'likely' | 'uncertain'): Rule {
  return defineRule(findingReader, {
    id,
    code,
    certainty,
    evidence: mv(code),
    description: `${key} must be more than zero.`,
    check(doc) {
      const n = numberOf(field(doc, key));
      if (n === undefined || n > 0) return [];
      return [found(`${key} ${n} must be more than zero.`, key)];
    },
  });
}

/** The initiate multi-vehicle movement request rules. */
export const initiateMultiVehicleRules: Rule[] = [
  ...ewbNumberRules('MVINIT'),
  ...reasonRules('MVINIT'),
  ...placeRules('MVINIT'),
  ...placeRules('MVINIT', 'toPlace', 'toState', { place: '321', state: '320' }),
  ...conveyanceRules('MVINIT').filter((r) => r.id === 'MVINIT-TRANSMODE'),
  positiveRule('MVINIT-QUANTITY', '402', 'totalQuantity', 'certain'),
];

/**
 * The add-vehicle request rules. The vehicle and transport document follow the Part-B checks; which of
 * them the portal wants per mode on this action is not written down, so the mode-dependent ones are not
 * repeated here (the request carries no mode: the group's mode applies).
 */
export const addMultiVehicleRules: Rule[] = [
  ...ewbNumberRules('MVADD'),
  groupRule('MVADD'),
  vehicleFormatRule('MVADD-VEHICLE-FORMAT', '304'),
  movementTransDocDateRule('MVADD-TRANSDOC-DATE'),
  defineRule(findingReader, {
    id: 'MVADD-CONVEYANCE',
    code: '403',
    certainty: 'likely',
    evidence: mv('403'),
    description: 'A vehicle added needs vehicleNo or transDocNo.',
    check(doc) {
      if (isGiven(field(doc, 'vehicleNo')) || isGiven(field(doc, 'transDocNo'))) return [];
      return [found('vehicleNo (or, by rail, air and ship, transDocNo) is required to add a vehicle.', 'vehicleNo')];
    },
  }),
  // The portal's code for a zero quantity on this action is not documented; 403 ("details are wrong") is the closest.
  positiveRule('MVADD-QUANTITY', '403', 'quantity', 'uncertain'),
];

/** The change-vehicle request rules. */
export const changeMultiVehicleRules: Rule[] = [
  ...ewbNumberRules('MVCHG'),
  groupRule('MVCHG'),
  vehicleFormatRule('MVCHG-OLD-VEHICLE', '407', { key: 'oldvehicleNo', evidence: mv('407') }),
  vehicleFormatRule('MVCHG-NEW-VEHICLE', '408', { key: 'newVehicleNo', evidence: mv('408') }),
  defineRule(findingReader, {
    id: 'MVCHG-PAIR',
    code: '405',
    certainty: 'likely',
    evidence: mv('405'),
    description: 'The vehicle to replace is named by oldvehicleNo or oldTranNo, and the one taking over by newVehicleNo or newTranNo.',
    check(doc) {
      const out = [];
      if (!isGiven(field(doc, 'oldvehicleNo')) && !isGiven(field(doc, 'oldTranNo')))
        out.push(found('oldvehicleNo (or oldTranNo) must name the vehicle to replace.', 'oldvehicleNo'));
      if (!isGiven(field(doc, 'newVehicleNo')) && !isGiven(field(doc, 'newTranNo')))
        out.push(found('newVehicleNo (or newTranNo) must name the vehicle taking over.', 'newVehicleNo'));
      return out;
    },
  }),
  defineRule(findingReader, {
    id: 'MVCHG-SAME',
    code: 'SVC-472',
    certainty: 'likely',
    evidence: 'own',
    description: 'newVehicleNo and newTranNo should differ from oldvehicleNo and oldTranNo: the change should change something.',
    check(doc) {
      const same = (a: string, b: string): boolean => (textOf(field(doc, a)) ?? '').toUpperCase() === (textOf(field(doc, b)) ?? '').toUpperCase();
      if (!same('oldvehicleNo', 'newVehicleNo') || !same('oldTranNo', 'newTranNo')) return [];
      return [found('the new vehicle and transport document are the old ones: nothing would change.', 'newVehicleNo')];
    },
  }),
  ...placeRules('MVCHG'),
  ...reasonRules('MVCHG'),
];
