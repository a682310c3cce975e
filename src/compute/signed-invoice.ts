/**
 * The invoice inside a SignedInvoice. An IRP signs the invoice it registered as the JWS's `data` claim:
 * JSON text of the invoice with AckNo, AckDt and Irn put first. An e-invoice has no top-level field of
 * those names (its schema allows none), so taking the three away gives back the invoice as registered.
 * @module
 */
import { isPlainObject } from '../json.js';

type Obj = Record<string, unknown>;

/** The claims of a compact JWS (`header.payload.signature`), unverified; undefined when it is not one. */
export function jwsClaims(token: unknown): Obj | undefined {
  if (typeof token !== 'string') return undefined;
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return isPlainObject(claims) ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** The invoice of a signed `data` claim already read (an object, or its JSON text), without the IRP's three fields. */
export function invoiceOfSignedData(data: unknown): Obj | undefined {
  let read = data;
  if (typeof data === 'string') {
    try {
      read = JSON.parse(data) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!isPlainObject(read)) return undefined;
  const { AckNo: _ackNo, AckDt: _ackDt, Irn: _irn, ...invoice } = read;
  return invoice;
}

/** The invoice a SignedInvoice carries, or undefined when the token holds none. Does not check the signature. */
export function invoiceInSignedInvoice(token: unknown): Obj | undefined {
  return invoiceOfSignedData(jwsClaims(token)?.['data']);
}
