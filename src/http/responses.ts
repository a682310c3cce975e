/**
 * The three response styles of the service (DESIGN.md section 3), built in one place.
 * @module
 */
import type { Issue } from '../issue.js';
import { boundIssue, boundText } from '../quote.js';
import { rememberJson } from './json-body.js';
import { lightReply } from './light-reply.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return rememberJson(new Response(text, { status, headers: { 'content-type': JSON_TYPE, ...headers } }), text, body);
}

/**
 * A JSON reply without a body stream, for the node binding's light path only: the binding writes the text
 * remembered beside it (json-body.ts). Any other host must get {@link json}'s, which `RouteContext.reply` picks.
 */
export function streamlessJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const light = lightReply(status, { text, value: body }, { 'content-type': JSON_TYPE, ...headers });
  // Seen as a Response by the handler's code, which reads only status, headers and knownJson of it.
  if (light) return light as unknown as Response;
  return rememberJson(new Response(null, { status, headers: { 'content-type': JSON_TYPE, ...headers } }), text, body);
}

/** Errors list of the `Success` style: one entry per issue, duplicates removed. */
export function errorList(issues: readonly Issue[]): Array<{ Code: string; Message: string }> {
  const seen = new Set<string>();
  const out: Array<{ Code: string; Message: string }> = [];
  for (const raw of issues) {
    const i = boundIssue(raw); // a provider's message may quote the request too
    const k = `${i.code}\u0000${i.message}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ Code: i.code, Message: i.path ? `${i.message} (${i.path})` : i.message });
  }
  return out;
}

/** `Success:false` with `Errors` (e-invoice, e-waybill, GSTIN and payment-QR routes). */
export function svcFailure(status: number, issues: readonly Issue[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return json(status, { Success: false, ...extra, Errors: errorList(issues) }, headers);
}

/** Header values must be one line of visible ASCII. */
function headerText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, ' ').slice(0, 500);
}

/** HTTP 4xx/5xx with `Svc-ErrorCode` and `Svc-ErrorMessage` (GSTR and job routes). The body repeats them as JSON. */
export function headerFailure(status: number, code: string, text: string, headers: Record<string, string> = {}): Response {
  const message = boundText(text);
  return json(status, { errorCode: code, errorMessage: message }, { 'svc-errorcode': code, 'svc-errormessage': headerText(message), ...headers });
}

export type DealCode = 'VALIDATION_ERROR' | 'CAPTCHA_FAILED' | 'MISSING_CONFIG' | 'BACKEND_ERROR' | 'UNKNOWN_ERROR';

/** `{success:false, error, code, resolution}` (sales inquiry). */
export function dealFailure(status: number, code: DealCode, message: string, resolution?: string, extra: Record<string, unknown> = {}): Response {
  return json(status, { success: false, error: boundText(message), code, ...(resolution ? { resolution } : {}), ...extra });
}
