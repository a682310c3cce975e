/**
 * The transport envelopes around a portal's answer, opened: what is left is the bare answer, or the
 * refusal in the service's `[{Code, Message}]`.
 *
 * - The IRP: `{Status: 1|0, Data, ErrorDetails, InfoDtls}` (its v1.01 cancel page writes `status` and
 *   `data` in lower case). `Data` is the decrypted answer when a GSP has decrypted it: an object, or JSON
 *   text, or base64 of JSON text.
 * - The e-waybill system: `{status: "1"|"0", data, error, info, alert, rek, hmac}`, and a bare
 *   `{errorCodes: "..."}` for a refusal.
 * - A GSP's `{data: "<JSON text>"}` with nothing else.
 *
 * Still-encrypted data cannot be read here: such an envelope is left as it is, and the schema reports it.
 * The service's own `{Success, ...}` is no transport envelope and is left alone too.
 * @module
 */

import { ewbErrors, field, irpErrors, looseJsonValue, type PortalError } from './portal-response-errors.js';
import { isPlainObject } from '../json.js';

export type OpenedEnvelope = { form: 'success'; answer: unknown; info?: unknown[] } | { form: 'failure'; errors: PortalError[]; info?: unknown[] };

/** The keys a transport envelope may carry besides its status, data and errors (lower case). */
const ENVELOPE_KEYS = new Set([
  'status',
  'data',
  'error',
  'errordetails',
  'errorcodes',
  'errorcode',
  'infodtls',
  'info',
  'alert',
  'additionalinfo',
  'rek',
  'hmac',
]);

function statusOf(record: Record<string, unknown>): '0' | '1' | undefined {
  const raw = field(record, 'status');
  const text = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : '';
  return text === '0' || text === '1' ? text : undefined;
}

/** The notes an envelope carries (`InfoDtls`), when they are a non-empty list. */
function infoOf(record: Record<string, unknown>): unknown[] | undefined {
  const info = looseJsonValue(field(record, 'InfoDtls'));
  return Array.isArray(info) && info.length > 0 ? info : undefined;
}

function withInfo<T extends object>(opened: T, info: unknown[] | undefined): T & { info?: unknown[] } {
  return info ? { ...opened, info } : opened;
}

/** The envelope around `payload` opened; undefined when it is no transport envelope (or cannot be read). */
export function openPortalEnvelope(payload: unknown): OpenedEnvelope | undefined {
  if (!isPlainObject(payload)) return undefined;
  const keys = Object.keys(payload).map((k) => k.toLowerCase());
  if (keys.includes('success')) return undefined;
  // Every key must be one an envelope carries: a bare record with a `status` field (ACT, CNL) is no envelope.
  if (!keys.every((k) => ENVELOPE_KEYS.has(k))) return undefined;
  const status = statusOf(payload);
  if (field(payload, 'status') !== undefined && status === undefined) return undefined;
  const info = infoOf(payload);
  const errors = [...irpErrors(field(payload, 'ErrorDetails')), ...ewbErrors(field(payload, 'error')), ...ewbErrors(payload)];
  if (status === '0' || (status === undefined && errors.length > 0)) {
    return errors.length > 0 ? withInfo({ form: 'failure' as const, errors }, info) : undefined;
  }
  const data = looseJsonValue(field(payload, 'data'));
  if (!isPlainObject(data) && !Array.isArray(data)) return undefined;
  return withInfo({ form: 'success' as const, answer: data }, info);
}
