/**
 * The e-waybill portal port.
 * @module
 */
import type { ProviderContext } from './company.js';
import type { ProviderResult } from './result.js';
import type { EwbMovementActions } from './ewb-movement.js';

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

/** The e-waybill portal. */
export interface EwbProvider extends EwbMovementActions {
  generate(ctx: ProviderContext, gstin: string, request: Record<string, unknown>): Promise<ProviderResult<EwbGenerated>>;
  get(ctx: ProviderContext, gstin: string, ewbNo: string): Promise<ProviderResult<Record<string, unknown>>>;
  cancel(ctx: ProviderContext, gstin: string, request: CancelEwbRequest): Promise<ProviderResult<{ CancelTime: string }>>;
  close(ctx: ProviderContext, gstin: string, request: CloseEwbRequest): Promise<ProviderResult<{ ClosureAckTime: string }>>;
  listByDate(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<Record<string, unknown>[]>>;
  listOfOtherParty(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<Record<string, unknown>[]>>;
}
