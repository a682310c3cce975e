/**
 * The headers of a call to GSTN through a GSP: the GSP client's credentials, the taxpayer's state and
 * the end user's IP on every call; the session's token, user name and GSTIN on every call after the OTP.
 * @module
 */
import { randomBytes } from 'node:crypto';

export interface HeaderBase {
  clientId: string;
  clientSecret: string;
  ipUsr: string;
  extraHeaders?: Record<string, string>;
}

/** A fresh transaction id (GSTN asks for a unique `txn` per request). */
export function newTxn(): string {
  return randomBytes(12).toString('hex');
}

/** Headers of a call made without a session (OTP request, AUTHTOKEN). */
export function plainHeaders(base: HeaderBase, gstin: string): Record<string, string> {
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    ...(base.extraHeaders ?? {}),
    clientid: base.clientId,
    'client-secret': base.clientSecret,
    'state-cd': gstin.slice(0, 2),
    'ip-usr': base.ipUsr,
    txn: newTxn(),
    gstin,
  };
}

/** Headers of a call under a session; `period` (MMYYYY) goes in `ret_period` as well as in the query. */
export function sessionHeaders(base: HeaderBase, session: { gstin: string; username: string; authToken: string }, period?: string): Record<string, string> {
  return {
    ...plainHeaders(base, session.gstin),
    username: session.username,
    'auth-token': session.authToken,
    ...(period !== undefined ? { ret_period: period } : {}),
  };
}
