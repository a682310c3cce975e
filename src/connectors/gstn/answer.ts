/**
 * Reading GSTN's answers: `{status_cd: "1", data, rek, hmac}` on success (the REK under the session key,
 * the data under the REK, the HMAC over the decrypted base64 under the REK), `{status_cd: "0", error:
 * {error_cd, message}}` on refusal. Every form of each layer the sources describe is accepted.
 *
 * A portal's text is never passed on as it came: every secret of the call is scrubbed from it first.
 * @module
 */
import { gstnCodes } from './codes.js';
import { aesDecrypt, decryptKey, hmacBase64, readPayload, sameMac } from './crypto.js';
import { codeKind, codeMessage, type CodeKind } from './portal-codes.js';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What an answer said. */
export type Answer = { ok: true; value: unknown; envelope: Obj } | { ok: false; code: string; kind: CodeKind | 'connector'; message: string };

/** Replaces every secret found in `text` (at least 4 characters long) and caps its length. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[withheld]');
  return out.length > 300 ? `${out.slice(0, 300)}…` : out;
}

/** The refusal an error envelope carries. */
function refusal(envelope: Obj, secrets: readonly string[]): Answer {
  const raw = envelope['error'];
  const error = isObj(raw) ? raw : {};
  const code = String(error['error_cd'] ?? error['errorCode'] ?? error['code'] ?? envelope['error_cd'] ?? '').trim();
  const text =
    typeof error['message'] === 'string'
      ? error['message']
      : typeof raw === 'string'
        ? raw
        : typeof envelope['message'] === 'string'
          ? envelope['message']
          : '';
  const portalText = scrub(text, secrets);
  if (code === '')
    return {
      ok: false,
      code: gstnCodes.badAnswer,
      kind: 'connector',
      message: `the GST portal refused the request without a code${portalText ? `: ${portalText}` : ''}`,
    };
  return { ok: false, code, kind: codeKind(code), message: codeMessage(code, portalText) };
}

const succeeded = (status: unknown): boolean => status === '1' || status === 1 || status === '3' || status === 3;

/**
 * Reads an answer under the session key `sek` (absent for calls made before the session exists). An
 * answer with `data` and `rek` is decrypted; `data` without `rek` is read under the SEK; without `data`
 * the envelope itself is the value (OTPREQUEST, AUTHTOKEN).
 */
export function readAnswer(json: unknown, sek: Buffer | undefined, secrets: readonly string[]): Answer {
  if (!isObj(json)) return { ok: false, code: gstnCodes.badAnswer, kind: 'connector', message: 'the GST portal answered JSON that is not an object' };
  if (!succeeded(json['status_cd'])) {
    if (json['error'] !== undefined || json['status_cd'] === '0' || json['status_cd'] === 0) return refusal(json, secrets);
    return { ok: false, code: gstnCodes.badAnswer, kind: 'connector', message: 'the GST portal answered without a status' };
  }
  const data = json['data'];
  if (typeof data !== 'string' || sek === undefined) return { ok: true, value: data === undefined ? json : data, envelope: json };
  try {
    const rek = typeof json['rek'] === 'string' && json['rek'] !== '' ? decryptKey(sek, json['rek']) : sek;
    const plain = aesDecrypt(rek, data);
    const { value, base64 } = readPayload(plain);
    const hmac = json['hmac'];
    if (typeof hmac === 'string' && hmac !== '') {
      // Over the decrypted base64 (GSTN's samples); over the JSON bytes where the data was plain JSON.
      const expected = hmacBase64(rek, base64 !== undefined ? Buffer.from(base64, 'utf8') : plain);
      if (!sameMac(hmac, expected))
        return {
          ok: false,
          code: gstnCodes.badAnswer,
          kind: 'connector',
          message: "the GST portal's answer failed its HMAC check (altered in transit, or another session's answer)",
        };
    }
    return { ok: true, value, envelope: json };
  } catch {
    return { ok: false, code: gstnCodes.badAnswer, kind: 'connector', message: "the GST portal's answer could not be decrypted with this session's key" };
  }
}
