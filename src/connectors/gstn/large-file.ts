/**
 * GSTN's large answers: a GET that would be too large answers `{est, token}`; FILEDET with the token
 * answers `{fc, ek, urls: [{ul, ic, hash}]}` once the files are ready (RTN_24 until then); each part is
 * a .tar.gz whose files hold JSON encrypted under `ek`. Parts are taken one at a time (downloaded,
 * SHA-256 checked, unpacked, decrypted, handed on, let go), so memory holds one part beside the result.
 *
 * A part whose hash does not match is downloaded once more, then refused: a second mismatch is not bad luck.
 * @module
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { type Obj, isObj } from './answer.js';
import type { Failure } from './auth.js';
import { call } from './call.js';
import { gstnCodes } from './codes.js';
import type { Connections } from './connection.js';
import type { Context } from './context.js';
import { aesDecryptBytes, isBase64, readKey, readPayload, sha256 } from './crypto.js';
import { plainHeaders } from './headers.js';
import { readTar } from './tar.js';
import { causeCode, sleep } from './wire.js';

const gunzipAsync = promisify(gunzip);

/** The FILEDET answer, checked. */
interface FileList {
  key: Buffer;
  parts: Array<{ url: string; hash: string; count?: number }>;
}

const fail = (code: string, message: string, kind: Failure['kind'] = 'connector'): Failure => ({ ok: false, code, kind, message });

/** The file key: base64 of 32 bytes, or base64 of that base64 (both are described). */
function fileKey(ek: unknown): Buffer | undefined {
  if (typeof ek !== 'string' || !isBase64(ek)) return undefined;
  try {
    return readKey(Buffer.from(ek, 'base64'));
  } catch {
    return undefined;
  }
}

function readFileList(value: unknown): FileList | Failure {
  const bad = (what: string): Failure => fail(gstnCodes.badAnswer, `the GST portal's file list (FILEDET) ${what}`);
  if (!isObj(value)) return bad('is not an object');
  const key = fileKey(value['ek']);
  if (!key) return bad('has no usable file key (ek)');
  const urls = value['urls'];
  if (!Array.isArray(urls) || urls.length === 0) return bad('lists no files');
  const parts: FileList['parts'] = [];
  for (const u of urls) {
    if (!isObj(u) || typeof u['ul'] !== 'string' || typeof u['hash'] !== 'string') return bad('has a file without an address or hash');
    const count = Number(u['ic']);
    parts.push({ url: u['ul'], hash: u['hash'], ...(Number.isFinite(count) ? { count } : {}) });
  }
  return { key, parts };
}

/** Asks FILEDET until the files are ready or the wait is over (then RTN_24, to pull again later). */
async function fileList(
  ctx: Context,
  connections: Connections,
  api: 'returns' | 'ims',
  gstin: string,
  period: string,
  token: string,
  estMinutes: number,
): Promise<FileList | Failure> {
  // Time waited is counted in the waits themselves: the injected clock is for tokens, and may stand still.
  let waited = Math.min(Math.max(0, estMinutes) * 60_000, ctx.large.maxWaitMs);
  if (waited > 0) await sleep(waited);
  for (;;) {
    const query = { action: 'FILEDET', gstin, ...(period !== '' ? { ret_period: period } : {}), token };
    const out = await call(ctx, connections, gstin, { method: 'GET', api, query, ...(period !== '' ? { period } : {}) });
    if (out.ok) return readFileList(out.value);
    if (out.kind !== 'queued') return out;
    if (waited + ctx.large.pollMs > ctx.large.maxWaitMs) return out;
    await sleep(ctx.large.pollMs);
    waited += ctx.large.pollMs;
  }
}

function sameHash(expected: string, actual: Buffer): boolean {
  const e = expected.trim();
  return /^[0-9a-fA-F]{64}$/.test(e) ? e.toLowerCase() === actual.toString('hex') : e === actual.toString('base64');
}

/** Downloads one part into memory (bounded), hashing as it comes. */
async function download(ctx: Context, url: string, headers: Record<string, string>): Promise<{ ok: true; bytes: Buffer } | Failure> {
  const signal = AbortSignal.timeout(ctx.large.timeoutMs);
  try {
    const response = await ctx.wire.fetch(url, { method: 'GET', headers, signal });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return fail(gstnCodes.unreachable, `a file part answered HTTP ${response.status}`, 'transient');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > ctx.large.maxPartBytes) {
        await reader.cancel().catch(() => {});
        return fail(gstnCodes.tooLarge, `a file part is larger than the ${ctx.large.maxPartBytes} bytes accepted`);
      }
      chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
    return { ok: true, bytes: Buffer.concat(chunks, size) };
  } catch (e) {
    if (signal.aborted) return fail(gstnCodes.unreachable, `a file part was not downloaded within ${ctx.large.timeoutMs} ms`, 'transient');
    const code = causeCode(e);
    return fail(gstnCodes.unreachable, `a file part's download failed${code ? ` (${code})` : ''}`, 'transient');
  }
}

/** Where a part's relative address points, and whether the GSP's headers may go with it (same origin only). */
function partRequest(ctx: Context, gstin: string, ul: string): { url: string; headers: Record<string, string> } | undefined {
  let url: URL;
  try {
    url = new URL(ul, `${ctx.prepared.baseUrl}/`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return { url: url.toString(), headers: url.origin === ctx.prepared.origin ? plainHeaders(ctx.headers, gstin) : {} };
}

/** The JSON values of one part's archive, decrypted. */
async function* partValues(ctx: Context, key: Buffer, archive: Buffer): AsyncGenerator<unknown> {
  const tar = await gunzipAsync(archive, { maxOutputLength: ctx.large.maxUnpackedBytes });
  for (const entry of readTar(tar)) {
    const textForm = entry.content.toString('latin1').trim();
    // The files hold the ciphertext as base64 text (as described) or as raw bytes.
    const cipherText = isBase64(textForm) ? Buffer.from(textForm, 'base64') : entry.content;
    yield readPayload(aesDecryptBytes(key, cipherText)).value;
  }
}

/**
 * Fetches the files of `token` (FILEDET of the returns API, or of IMS; `period` empty where there is none) and hands each decrypted JSON value to `take`, part by part. Answers the
 * number of parts read.
 */
export async function readLargeFile(
  ctx: Context,
  connections: Connections,
  api: 'returns' | 'ims',
  gstin: string,
  period: string,
  token: string,
  estMinutes: number,
  take: (value: unknown) => void,
): Promise<{ ok: true; parts: number } | Failure> {
  const list = await fileList(ctx, connections, api, gstin, period, token, estMinutes);
  if ('ok' in list) return list;
  for (const [index, part] of list.parts.entries()) {
    const target = partRequest(ctx, gstin, part.url);
    if (!target) return fail(gstnCodes.badAnswer, `file part ${index + 1} of ${list.parts.length} has an unusable address`);
    let bytes: Buffer | undefined;
    for (let attempt = 1; attempt <= 2 && !bytes; attempt++) {
      const got = await download(ctx, target.url, target.headers);
      if (!got.ok) {
        if (got.kind !== 'transient' || attempt === 2) return got;
        continue;
      }
      if (sameHash(part.hash, sha256(got.bytes))) bytes = got.bytes;
    }
    if (!bytes)
      return fail(
        gstnCodes.badFile,
        `file part ${index + 1} of ${list.parts.length} failed its SHA-256 check twice: the download is corrupt; pull again later`,
      );
    try {
      for await (const value of partValues(ctx, list.key, bytes)) take(value);
    } catch (e) {
      const tooBig = causeCode(e) === 'ERR_BUFFER_TOO_LARGE' || (e instanceof RangeError && /too large|maxOutputLength/i.test(e.message));
      if (tooBig) return fail(gstnCodes.tooLarge, `file part ${index + 1} of ${list.parts.length} unpacks to more than ${ctx.large.maxUnpackedBytes} bytes`);
      return fail(gstnCodes.badFile, `file part ${index + 1} of ${list.parts.length} is not a readable encrypted archive`);
    }
  }
  return { ok: true, parts: list.parts.length };
}

/** Appends every array of `value` to the same key of `into` (the sections of a return); keeps the first of anything else. */
export function mergeSections(into: Obj, value: unknown): void {
  if (!isObj(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (Array.isArray(item)) {
      const list = into[key];
      if (Array.isArray(list)) for (const element of item) list.push(element);
      else into[key] = item;
    } else if (into[key] === undefined) into[key] = item;
  }
}

/** The large-file marker of an answer: `{est, token}`. */
export function largeFileToken(value: unknown): { token: string; est: number } | undefined {
  if (!isObj(value) || typeof value['token'] !== 'string' || value['token'] === '') return undefined;
  const est = Number(value['est']);
  return { token: value['token'], est: Number.isFinite(est) ? est : 0 };
}
