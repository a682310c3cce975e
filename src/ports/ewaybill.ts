/**
 * The e-waybill portal port.
 * @module
 */
import type { ProviderContext } from './company.js';
import type { ProviderResult } from './result.js';
import type { EwbMovementActions } from './ewaybill-movement.js';
import type { EwbDetail, EwbPayload, ExtendValidityPayload, RejectEwbPayload, UpdateTransporterPayload, UpdateVehiclePayload } from '../types/payloads.js';

/**
 * One e-waybill as the portal gives it back (GetEwayBill): the `Response` of the generated `EwbDetail`
 * (schemas/ewb-detail), with its items and Part-B history.
 */
export type EwbRecord = NonNullable<EwbDetail['Response']>;

export interface EwbGenerated {
  EwbNo: string;
  /** `DD/MM/YYYY HH:MM:SS` */
  EwbTime: string;
  /** `DD/MM/YYYY HH:MM:SS`, null while Part-B is missing. */
  EwbValidTill: string | null;
  EwbStatus: 'ACT' | 'CNL';
}

export interface CancelEwbRequest {
  ewbNo: string | number;
  cancelRsnCode: string | number;
  cancelRmrk: string;
}

export interface CloseEwbRequest {
  ewbNo: string | number;
  closureDate: string;
  remarks: string;
}

/** The answer to a Part-B update (VEHEWB), in NIC's names. */
export interface VehicleUpdated {
  /** `DD/MM/YYYY HH:MM:SS` */
  vehUpdDate: string;
  /** `DD/MM/YYYY HH:MM:SS`; null only while the e-waybill has no Part-B. */
  validUpto: string | null;
}

/** The answer to a transporter change (UPDATETRANSPORTER). */
export interface TransporterUpdated {
  transUpdateDate: string;
}

/** The answer to an extension (EXTENDVALIDITY). */
export interface ValidityExtended {
  updatedDate: string;
  validUpto: string;
}

/** The answer to a rejection (REJEWB). */
export interface EwbRejected {
  ewbRejectedDate: string;
}

/**
 * The actions on an e-waybill after its generation (NIC VEHEWB, UPDATETRANSPORTER, EXTENDVALIDITY, REJEWB
 * and the transporter's and rejection lists). Optional: a provider without them answers those routes with
 * SVC-955. Requests are the canonical payloads of the kinds update-vehicle, update-transporter,
 * extend-validity and reject-ewb; `gstin` is the caller's.
 */
export interface EwbActions {
  updateVehicle?(ctx: ProviderContext, gstin: string, request: UpdateVehiclePayload): Promise<ProviderResult<VehicleUpdated>>;
  updateTransporter?(ctx: ProviderContext, gstin: string, request: UpdateTransporterPayload): Promise<ProviderResult<TransporterUpdated>>;
  extendValidity?(ctx: ProviderContext, gstin: string, request: ExtendValidityPayload): Promise<ProviderResult<ValidityExtended>>;
  reject?(ctx: ProviderContext, gstin: string, request: RejectEwbPayload): Promise<ProviderResult<EwbRejected>>;
  /** Active e-waybills generated on `date` (DD/MM/YYYY) and assigned to `gstin` as transporter. */
  listForTransporter?(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<EwbDayListAnswer>>;
  /** The caller's e-waybills generated on `date` that the other party rejected. */
  listRejectedByOthers?(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<EwbDayListAnswer>>;
}

/**
 * A day list of e-waybills: whole, or page by page as the provider reads it from its store (the HTTP
 * adapter then writes each page as it comes, so a long list neither sits whole in memory nor holds the
 * serving thread while it is read).
 */
export type EwbDayListAnswer = Record<string, unknown>[] | AsyncIterable<Record<string, unknown>[]>;

/**
 * The e-waybill portal. `generate` takes the canonical request of the kind `ewb` (what `validate('ewb', ...)`
 * returns) and `get` answers the e-waybill's record, both under the types generated from schemas/.
 */
export interface EwbProvider extends EwbMovementActions, EwbActions {
  generate(ctx: ProviderContext, gstin: string, request: EwbPayload): Promise<ProviderResult<EwbGenerated>>;
  get(ctx: ProviderContext, gstin: string, ewbNo: string): Promise<ProviderResult<EwbRecord>>;
  cancel(ctx: ProviderContext, gstin: string, request: CancelEwbRequest): Promise<ProviderResult<{ CancelTime: string }>>;
  close(ctx: ProviderContext, gstin: string, request: CloseEwbRequest): Promise<ProviderResult<{ ClosureAckTime: string }>>;
  listByDate(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<EwbDayListAnswer>>;
  listOfOtherParty(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<EwbDayListAnswer>>;
  /**
   * The e-waybill `gstin` generated for a document (NIC's GetEwayBillGeneratedByConsigner): how a bulk run
   * finds what an interrupted run generated when the portal's 604 does not name it. Optional.
   */
  generatedForDocument?(ctx: ProviderContext, gstin: string, doc: { docType: string; docNo: string }): Promise<ProviderResult<EwbGenerated>>;
}
