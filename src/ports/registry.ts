/**
 * The GSTIN registry port: taxpayer search and the e-invoice party record.
 * @module
 */
import type { ProviderResult } from './result.js';

export interface GstinSuggestion {
  Gstin: string;
  LegalName: string;
  TradeName: string;
  StateName: string;
  StateCode: string;
}

/** Taxpayer search (SPEC 2.10) and the party record of the e-invoice area (SPEC 2.11). */
export interface GstinRegistry {
  /** GstinInfo fields; a refusal carries `info.Suggestions`. */
  lookup(gstin: string): Promise<ProviderResult<Record<string, unknown>>>;
  /** Party GSTIN record (without `Success`). */
  party(gstin: string): Promise<ProviderResult<Record<string, unknown>>>;
}
