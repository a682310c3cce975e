/**
 * The sandbox portal's movement actions (consolidated e-waybills and multi-vehicle movement), bound to
 * its store and clock, as the optional methods of the e-waybill port.
 * @module
 */
import type { EwbMovementActions } from '../../ports/index.js';
import type { CounterStore } from '../../ports/store.js';
import type { EwbAccess } from './revise.js';
import { consolidate, getTripSheet, regenerateTripSheet, type TripSheetDeps } from './consolidated.js';
import { addMultiVehicle, changeMultiVehicle, initiateMultiVehicle } from './multivehicle.js';

/** Trip sheet numbers: 10 digits, 3 first for the sandbox, spread out like the e-waybill numbers. */
export function tripSheetNumbers(store: CounterStore, seed: number): () => Promise<string> {
  const first = 1_000_000 + (seed % 8_000_000);
  return async () => {
    const n = await store.nextNumber('trip-sheet-no', first);
    return (
      '3' +
      String(n * 7 + (n % 7))
        .padStart(9, '0')
        .slice(-9)
    );
  };
}

/** The actions, bound to the portal's dependencies. */
export function createEwbMovementActions(deps: EwbAccess & { seed: number }): Required<EwbMovementActions> {
  const trip: TripSheetDeps = { ...deps, nextTripSheetNo: tripSheetNumbers(deps.store, deps.seed) };
  return {
    consolidate: (ctx, gstin, request) => consolidate(trip, ctx, gstin, request),
    regenerateTripSheet: (ctx, gstin, request) => regenerateTripSheet(trip, ctx, gstin, request),
    getTripSheet: (ctx, gstin, tripSheetNo) => getTripSheet(trip, ctx, gstin, tripSheetNo),
    initiateMultiVehicle: (ctx, gstin, request) => initiateMultiVehicle(deps, ctx, gstin, request),
    addMultiVehicle: (ctx, gstin, request) => addMultiVehicle(deps, ctx, gstin, request),
    changeMultiVehicle: (ctx, gstin, request) => changeMultiVehicle(deps, ctx, gstin, request),
  };
}
