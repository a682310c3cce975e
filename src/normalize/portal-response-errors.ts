/**
 * The portals' error lists read into the service's `[{Code, Message}]`.
 *
 * The IRP's `ErrorDetails` is documented as base64 of `[{ErrorCode, ErrorMessage}]` and seen as the plain
 * array (research/nic.md); both read, and JSON text too. The e-waybill system's `error` is documented as
 * `{errorCodes: "301,312,"}` (a list that may end with a comma), arrives base64-encoded from the portal
 * itself, and its GetGSTINDetails page writes the code as a number (`{"errorCodes": 240}`): all read.
 * Codes are trimmed (`" 238 "` is 238) and empty entries of a list dropped (`"100,"` is 100).
 * @module
 */

import { isPlainObject } from '../json.js';

/** One error in the service's names. */
export interface PortalError {
  Code: string;
  Message: string;
}

/**
 * A value that is JSON, JSON text, or base64 of JSON text, as the portals and GSPs send their nested
 * parts; anything else (encrypted text, a message) comes back as it is.
 */
export function looseJsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }
  if (text.length >= 4 && /^[A-Za-z0-9+/]+={0,2}$/.test(text)) {
    const decoded = Buffer.from(text, 'base64').toString('utf8').trim();
    if (decoded.startsWith('{') || decoded.startsWith('[')) {
      try {
        return JSON.parse(decoded);
      } catch {
        return value;
      }
    }
  }
  return value;
}

/** The value of a key in any letter case. */
export function field(record: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(record, name)) return record[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(record)) if (key.toLowerCase() === lower) return record[key];
  return undefined;
}

const codeText = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** The IRP's `ErrorDetails` (array, one object, JSON text or base64) as errors; empty when it holds none. */
export function irpErrors(errorDetails: unknown): PortalError[] {
  const parsed = looseJsonValue(errorDetails);
  const items = Array.isArray(parsed) ? parsed : isPlainObject(parsed) ? [parsed] : [];
  const out: PortalError[] = [];
  for (const item of items) {
    if (!isPlainObject(item)) continue;
    const code = codeText(field(item, 'ErrorCode') ?? field(item, 'Code'));
    if (code === '') continue;
    const message = codeText(field(item, 'ErrorMessage') ?? field(item, 'Message'));
    out.push({ Code: code, Message: message || `The e-invoice portal refused the request with code ${code}.` });
  }
  return out;
}

/** A comma-separated code list (`"312,604,"`, `240`) as trimmed codes. */
export function codeList(value: unknown): string[] {
  return codeText(value)
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/** The e-waybill system's `error` (or a bare `{errorCodes}`) as errors; empty when it holds no code. */
export function ewbErrors(error: unknown): PortalError[] {
  const parsed = looseJsonValue(error);
  if (!isPlainObject(parsed)) return [];
  const codes = codeList(field(parsed, 'errorCodes') ?? field(parsed, 'errorCode'));
  return codes.map((code) => ({ Code: code, Message: `The e-waybill portal refused the request with code ${code}.` }));
}
