/**
 * Portal refusals as gstkit issues, with the portal's own codes and messages.
 *
 * E-invoice: `ErrorDetails` is documented as base64 but seen as a plain JSON array; both are read.
 * E-waybill: `error` is base64 of `{"errorCodes":"301,312,"}` (a list that may end with a comma);
 * the portal sends codes only, so the messages come from {@link ewbErrorMessages}.
 * @module
 */
import { error, type Issue } from '../../issue.js';
import type { Refusal } from '../../ports/index.js';
import { connectorCodes } from './codes.js';
import { ewbErrorMessages } from './ewaybill-messages.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a value that is JSON, or a string of JSON, or a string of base64 JSON. */
export function looseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    /* not plain JSON */
  }
  if (/^[A-Za-z0-9+/=\s]+$/.test(text)) {
    try {
      return JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    } catch {
      /* not base64 JSON either */
    }
  }
  return text;
}

/** Issues from an e-invoice `ErrorDetails`. */
export function einvoiceIssues(errorDetails: unknown): Issue[] {
  const list = looseJson(errorDetails);
  const items = Array.isArray(list) ? list : isObj(list) ? [list] : [];
  const issues = items.filter(isObj).map((d) => {
    const code = String(d['ErrorCode'] ?? d['errorCode'] ?? '').trim() || connectorCodes.badAnswer;
    const message = String(d['ErrorMessage'] ?? d['errorMessage'] ?? '').trim() || `e-invoice portal error ${code}`;
    return error(code, message);
  });
  if (issues.length === 0 && typeof list === 'string' && list !== '')
    issues.push(error(connectorCodes.badAnswer, `the e-invoice portal refused the request: ${list.slice(0, 300)}`));
  return issues;
}

/** The codes of an e-waybill `error` field. */
export function ewbErrorCodes(errorField: unknown): { codes: string[]; message?: string } {
  const parsed = looseJson(errorField);
  if (isObj(parsed)) {
    const raw = parsed['errorCodes'] ?? parsed['errorCode'] ?? parsed['code'];
    const codes = String(raw ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const message = typeof parsed['message'] === 'string' ? parsed['message'] : undefined;
    return message !== undefined ? { codes, message } : { codes };
  }
  if (typeof parsed === 'string') return { codes: [], message: parsed };
  return { codes: [] };
}

/** Issues from an e-waybill `error` field. */
export function ewbIssues(errorField: unknown): Issue[] {
  const { codes, message } = ewbErrorCodes(errorField);
  if (codes.length === 0)
    return [error(connectorCodes.badAnswer, `the e-waybill portal refused the request${message ? `: ${message.slice(0, 300)}` : ' without an error code'}`)];
  return codes.map((code) => error(code, ewbErrorMessages[code] ?? message ?? `e-waybill portal error ${code}`));
}

/** Codes that mean "not found" (HTTP 404) and "already exists" (409); everything else is 422. */
const NOT_FOUND = new Set(['2154', '2283', '4005', '325', '418', '387']);
const CONFLICT = new Set(['2150', '604', '343', '2230', '4002']);

/** A refusal with the HTTP status that fits its first code. */
export function portalRefusal(errors: Issue[], info?: Obj): Refusal {
  const first = errors[0]?.code ?? '';
  const status = NOT_FOUND.has(first) ? 404 : CONFLICT.has(first) ? 409 : 422;
  return info ? { ok: false, errors, status, info } : { ok: false, errors, status };
}

/** A refusal of the connector's own. */
export function connectorRefusal(code: string, message: string, status: number): Refusal {
  return { ok: false, errors: [error(code, message)], status };
}
