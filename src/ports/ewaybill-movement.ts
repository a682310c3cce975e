/**
 * The movement actions of the e-waybill portal beyond a single Part-B: consolidated e-waybills (trip
 * sheets) and multi-vehicle movement (NIC GENCEWB, REGENTRIPSHEET, GetTripSheet, MULTIVEHMOVINT,
 * MULTIVEHADD, MULTIVEHUPD). Optional on a provider: without them the routes answer SVC-955. Requests are
 * the canonical payloads of the kinds consolidated-ewb, regenerate-trip-sheet, initiate-multi-vehicle,
 * add-multi-vehicle and change-multi-vehicle; `gstin` is the caller's. Answers use NIC's field names.
 * @module
 */
import type { ProviderContext } from './company.js';
import type { ProviderResult } from './result.js';
import type {
  AddMultiVehiclePayload,
  ChangeMultiVehiclePayload,
  ConsolidatedEwbPayload,
  InitiateMultiVehiclePayload,
  RegenerateTripSheetPayload,
} from '../types/payloads.js';

/** A consolidated e-waybill made (or made again). */
export interface TripSheetIssued {
  cEwbNo: string;
  /** `DD/MM/YYYY HH:MM:SS`; absent when the portal gives none (NIC's REGENTRIPSHEET answer documents no date). */
  cEWBDate?: string;
}

/** A multi-vehicle movement started. */
export interface MultiVehicleInitiated {
  ewbNo: string;
  groupNo: number;
  /** `DD/MM/YYYY HH:MM:SS` */
  createdDate: string;
}

/** A vehicle added to a multi-vehicle group. */
export interface MultiVehicleAdded {
  ewbNo: string;
  groupNo: number;
  vehAddedDate: string;
}

/** A vehicle of a multi-vehicle group replaced. */
export interface MultiVehicleChanged {
  vehUpdDate: string;
}

export interface EwbMovementActions {
  consolidate?(ctx: ProviderContext, gstin: string, request: ConsolidatedEwbPayload): Promise<ProviderResult<TripSheetIssued>>;
  regenerateTripSheet?(ctx: ProviderContext, gstin: string, request: RegenerateTripSheetPayload): Promise<ProviderResult<TripSheetIssued>>;
  /** The trip sheet record (the `Response` of the trip-sheet kind). */
  getTripSheet?(ctx: ProviderContext, gstin: string, tripSheetNo: string): Promise<ProviderResult<Record<string, unknown>>>;
  initiateMultiVehicle?(ctx: ProviderContext, gstin: string, request: InitiateMultiVehiclePayload): Promise<ProviderResult<MultiVehicleInitiated>>;
  addMultiVehicle?(ctx: ProviderContext, gstin: string, request: AddMultiVehiclePayload): Promise<ProviderResult<MultiVehicleAdded>>;
  changeMultiVehicle?(ctx: ProviderContext, gstin: string, request: ChangeMultiVehiclePayload): Promise<ProviderResult<MultiVehicleChanged>>;
}
