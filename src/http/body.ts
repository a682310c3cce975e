/**
 * Reading a JSON request body within a size limit.
 * @module
 */
import { error, type Issue } from '../issue.js';
import { httpCodes } from './codes.js';
import { nulAt } from './text-check.js';
import type { RequestExtras } from './types.js';
import type { RequestLike } from './light-request.js';

/** Default body limit: 5 MiB, room for an invoice of a thousand lines. */
export const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * A body read as JSON. `parsed` is set when the value is this reader's own parse of the text (nothing else
 * holds it), with `plainText` true when that text had no `\u` escape; a body the host parsed has neither.
 */
export type BodyResult = { ok: true; value: unknown; parsed?: { plainText: boolean } } | { ok: false; status: 400 | 413; issue: Issue };

/**
 * The body of a request as JSON: a body the host already parsed is taken as it is, bytes the binding already
 * read are parsed, else the request's own body is read.
 */
export async function readJson(request: RequestLike, limit: number, extras: RequestExtras = {}): Promise<BodyResult> {
  if (extras.hasParsedBody) {
    const nul = nulAt(extras.parsedBody);
    return nul === undefined ? { ok: true, value: extras.parsedBody } : nulFound(nul);
  }
  if (extras.bodyBytes)
    return extras.bodyBytes.byteLength > limit
      ? tooLarge(limit)
      : parseText(Buffer.from(extras.bodyBytes.buffer, extras.bodyBytes.byteOffset, extras.bodyBytes.byteLength).toString('utf8'));
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    return tooLarge(limit);
  }
  if (!request.body) return malformed('the request has no body');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return tooLarge(limit);
    }
    chunks.push(value);
  }
  return parseText(Buffer.concat(chunks).toString('utf8'));
}

function parseText(text: string): BodyResult {
  if (text.trim() === '') return malformed('the request has no body');
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    return malformed(`the body is not valid JSON (${e instanceof Error ? e.message : 'parse error'})`);
  }
  // JSON carries a NUL only as the escape \u0000 (and a lone surrogate only as a \u escape), so most bodies
  // are not walked.
  const plainText = !text.includes('\\u');
  const nul = plainText || !text.includes('\\u0000') ? undefined : nulAt(value);
  return nul === undefined ? { ok: true, value, parsed: { plainText } } : nulFound(nul);
}

function nulFound(at: string): BodyResult {
  return { ok: false, status: 400, issue: error(httpCodes.nulInText, 'the text holds a NUL character (\\u0000), which cannot be kept', at) };
}

function tooLarge(limit: number): BodyResult {
  return { ok: false, status: 413, issue: error(httpCodes.bodyTooLarge, `the body is larger than ${limit} bytes`) };
}

function malformed(message: string): BodyResult {
  return { ok: false, status: 400, issue: error(httpCodes.malformedJson, message) };
}
