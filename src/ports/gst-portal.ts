/**
 * The port through which returns are fetched from the GST System (a GSP client, or the sandbox).
 * @module
 */
import type { Outcome } from '../issue.js';

/** The returns the portal gives: GSTR-2A, GSTR-2B and GSTR-3B. */
export type ReturnType = 'gstr2a' | 'gstr2b' | 'gstr3b';

export interface GstPortal {
  /** True when the taxpayer has connected this GSTIN (API access granted by OTP). */
  isConnected(gstin: string): boolean | Promise<boolean>;
  /** The return as GSTN JSON (GSTR-2A sections merged under `{gstin, fp, ...}`). */
  fetchReturn(gstin: string, returnType: ReturnType, period: string): Promise<Outcome<unknown>>;
}

/** Codes of the GSTR operations (the Svc-ErrorCode values of the specification). */
export const GstrCode = {
  rangeTooLong: '100',
  badRequest: '1000',
  notConnected: '2000',
  /** Nothing stored for the requested returns (our own code, not in the specification). */
  nothingStored: '1001',
} as const;
