/**
 * Rules of the Part-B update request (updatevehicle, NIC action VEHEWB) judged from the request alone.
 * Who may update, and whether the e-waybill is still active and valid, is the portal's (the sandbox's)
 * judgement on the stored e-waybill: see src/sandbox/ewaybill-actions/.
 * @module
 */

import type { Rule } from '../rule.js';
import { nonRoadDocumentRules, odcRoadRule, roadVehicleRule, transDocDateRule, transModeRule, vehicleFormatRule, vehicleTypeRule } from './transport-fields.js';
import { ewbNoRule, fromStateRule, reasonCodeRule, textRule } from './action-shared.js';

const REASONS = '1 Breakdown, 2 Transshipment, 3 Others, 4 First time';

/** The Part-B update request rules, in the order they are reported. */
export const updateVehicleRules: Rule[] = [
  ewbNoRule('VEHEWB'),
  transModeRule('VEHEWB-TRANSMODE', '302'),
  roadVehicleRule('VEHEWB-ROAD-VEHICLE'),
  vehicleFormatRule('VEHEWB-VEHICLE-FORMAT', '304'),
  textRule('VEHEWB-FROM-PLACE', '305', 'fromPlace', 50, 'certain', 'the place where the vehicle changes'),
  fromStateRule('VEHEWB-FROM-STATE', '306'),
  reasonCodeRule('VEHEWB-REASON', REASONS, 'a Part-B update'),
  textRule('VEHEWB-REMARKS', '308', 'reasonRem', 50, 'likely', 'the remarks on the reason'),
  ...nonRoadDocumentRules('VEHEWB'),
  transDocDateRule('VEHEWB-TRANSDOC-DATE'),
  vehicleTypeRule('VEHEWB-VEHICLE-TYPE'),
  odcRoadRule('VEHEWB-ODC-ROAD'),
];
