/**
 * The GSTIN registry port: taxpayer search and the e-invoice party record.
 * @module
 */
import type { ProviderResult } from './result.js';
import type { GstinInfo, PartyGstin } from '../types/payloads.js';

export interface GstinSuggestion {
  Gstin: string;
  LegalName: string;
  TradeName: string;
  StateName: string;
  StateCode: string;
}

/** A taxpayer as the search finds it: the `Result` of the generated `GstinInfo` (schemas/gstin-info). */
export type GstinDetails = NonNullable<GstinInfo['Result']>;

/** A party's record in the e-invoice area: the generated `PartyGstin` (schemas/party-gstin) without `Success` and `Errors`. */
export type PartyGstinRecord = Omit<PartyGstin, 'Success' | 'Errors'>;

/** Taxpayer search (SPEC 2.10) and the party record of the e-invoice area (SPEC 2.11). */
export interface GstinRegistry {
  /** The taxpayer's details; a refusal carries `info.Suggestions` (GstinSuggestion[]). */
  lookup(gstin: string): Promise<ProviderResult<GstinDetails>>;
  /** The party's record (without `Success`). */
  party(gstin: string): Promise<ProviderResult<PartyGstinRecord>>;
}
