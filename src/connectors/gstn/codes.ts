/**
 * Codes of the GST portal connector where the portal has none of its own (it could not be reached, its
 * answer could not be read, the settings are unusable), and the one way this folder builds an issue.
 * Portal refusals keep the portal's own codes (`AUTH4034`, `RET2B1023`, ...): see portal-codes.ts.
 * @module
 */
import { gstrCodes, type Issue, type Outcome } from './port.js';

export const gstnCodes = {
  /** The portal could not be reached, or kept failing (5xx, timeouts, dropped connections) through every retry. */
  unreachable: 'SVC-980',
  /** The connector's settings are unusable: address, client credentials, public key. */
  misconfigured: 'SVC-981',
  /** The portal answered something the protocol does not allow: not JSON, undecryptable, a wrong HMAC. */
  badAnswer: 'SVC-982',
  /** A large file's part kept failing its SHA-256 check, or is not a readable archive. */
  badFile: 'SVC-983',
  /** The request itself is unusable (a period that is not YYYY-MM, an empty OTP, an unknown section). */
  badRequest: gstrCodes.badRequest,
  /** No session for the GSTIN: the taxpayer has to connect it by OTP. */
  notConnected: gstrCodes.notConnected,
  /** `connect` was called without an OTP request before it (or the request has lapsed). */
  noOtpRequest: 'SVC-984',
  /** The answer is larger than the connector accepts. */
  tooLarge: 'SVC-985',
} as const;

/** A connector failure raised at construction (bad settings): carries its code. */
export class GstnConfigError extends Error {
  readonly code: string = gstnCodes.misconfigured;
  constructor(message: string) {
    super(message);
    this.name = 'GstnConfigError';
  }
}

export function issue(code: string, message: string, path = ''): Issue {
  return { code, message, path, severity: 'error' };
}

export function refuse<T>(code: string, message: string, path = ''): Outcome<T> {
  return { ok: false, errors: [issue(code, message, path)] };
}
