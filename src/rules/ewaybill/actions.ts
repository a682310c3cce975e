/**
 * The request rules of the actions on an e-waybill after its generation.
 * @module
 */
export { updateVehicleRules } from './update-vehicle.js';
export { updateTransporterRules } from './update-transporter.js';
export { extendValidityRules } from './extend-validity.js';
export { rejectEwbRules } from './reject.js';
