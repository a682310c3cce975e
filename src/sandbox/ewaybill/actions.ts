/**
 * The sandbox portal's actions on an e-waybill after its generation: Part-B update, transporter change,
 * extension, rejection and the transporter's and rejection lists. Each judges the stored e-waybill with
 * the portal's codes; the e-waybill and its history (the `actions` of its entry and one event per change)
 * live in the store.
 * @module
 */
import type { EwbActions } from '../../ports/index.js';
import type { ActionDeps } from './revise.js';
import { updateVehicle } from './update-vehicle.js';
import { updateTransporter } from './update-transporter.js';
import { extendValidity } from './extend-validity.js';
import { rejectEwb } from './reject.js';
import { listForTransporter, listRejectedByOthers } from './lists.js';

export type { ActionDeps } from './revise.js';
export * from './state.js';
export { activeOfDay, ofOtherParty } from './lists.js';
export { listedOf } from './listed.js';

/** The actions, bound to the portal's store and clock. */
export function createEwbActions(deps: ActionDeps): Required<EwbActions> {
  return {
    updateVehicle: (ctx, gstin, request) => updateVehicle(deps, ctx, gstin, request),
    updateTransporter: (ctx, gstin, request) => updateTransporter(deps, ctx, gstin, request),
    extendValidity: (ctx, gstin, request) => extendValidity(deps, ctx, gstin, request),
    reject: (ctx, gstin, request) => rejectEwb(deps, ctx, gstin, request),
    listForTransporter: (ctx, gstin, date) => listForTransporter(deps, ctx, gstin, date),
    listRejectedByOthers: (ctx, gstin, date) => listRejectedByOthers(deps, ctx, gstin, date),
  };
}
