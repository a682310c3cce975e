/**
 * GSTR-2A, GSTR-2B and GSTR-3B pulled from the portal, in the JSON `fetchReturn` has always answered:
 * GSTR-2A as its sections merged under `{gstin, fp, ...}` (one GET per section, large sections through the
 * file download), GSTR-2B as `{chksum, data}` with every `file_num` page's documents merged, GSTR-3B as the
 * portal's RETSUM.
 * @module
 */
import { isObj, type Obj } from './answer.js';
import type { Failure } from './auth.js';
import { call, failed } from './call.js';
import { gstnCodes } from './codes.js';
import type { Connections } from './connection.js';
import type { Context } from './context.js';
import { largeFileToken, mergeSections, readLargeFile } from './large-file.js';
import type { Outcome } from './port.js';

/** One GSTR-2A section merged into `into` (directly, or through the file download). */
async function pull2aSection(
  ctx: Context,
  connections: Connections,
  gstin: string,
  period: string,
  action: string,
  into: Obj,
): Promise<{ ok: true } | Failure> {
  const out = await call(ctx, connections, gstin, { method: 'GET', api: 'gstr2a', query: { action, gstin, ret_period: period }, period });
  if (!out.ok) return out.kind === 'no-data' ? { ok: true } : out;
  const large = largeFileToken(out.value);
  if (!large) {
    mergeSections(into, out.value);
    return { ok: true };
  }
  const read = await readLargeFile(ctx, connections, 'returns', gstin, period, large.token, large.est, (value) => mergeSections(into, value));
  return read.ok ? { ok: true } : read;
}

export async function pull2a(ctx: Context, connections: Connections, gstin: string, period: string): Promise<Outcome<unknown>> {
  const merged: Obj = { gstin, fp: period };
  for (const action of ctx.gstr2aSections) {
    const out = await pull2aSection(ctx, connections, gstin, period, action, merged);
    if (!out.ok) return failed(out);
  }
  // The envelope keys stay as they were set: a section answer carrying its own gstin/fp does not move them.
  merged['gstin'] = gstin;
  merged['fp'] = period;
  return { ok: true, value: merged };
}

/** The file count of a 2B answer: `fc` at the top, or under `data`. */
function fileCount(value: unknown): number | undefined {
  if (!isObj(value)) return undefined;
  const raw = value['fc'] ?? (isObj(value['data']) ? value['data']['fc'] : undefined);
  const fc = Number(raw);
  return Number.isInteger(fc) && fc > 0 ? fc : undefined;
}

/** Merges a later page's documents (docdata, docRejdata sections) into the first page's statement. */
function mergePage(into: Obj, page: unknown): void {
  const data = isObj(page) && isObj(page['data']) ? page['data'] : page;
  if (!isObj(data)) return;
  for (const block of ['docdata', 'docRejdata', 'cpsumm', 'cpSummRej']) {
    const section = data[block];
    if (!isObj(section)) continue;
    const existing = into[block];
    if (isObj(existing)) mergeSections(existing, section);
    else into[block] = { ...section };
  }
}

export async function pull2b(ctx: Context, connections: Connections, gstin: string, period: string): Promise<Outcome<unknown>> {
  const get = (fileNum?: number) =>
    call(ctx, connections, gstin, {
      method: 'GET',
      api: 'gstr2b',
      query: { action: 'GET2B', gstin, rtnprd: period, ...(fileNum !== undefined ? { file_num: String(fileNum) } : {}) },
      period,
    });
  const first = await get();
  if (!first.ok) {
    if (first.kind === 'no-data') return { ok: true, value: { chksum: '', data: { gstin, rtnprd: period, docdata: {} } } };
    return failed(first);
  }
  const fc = fileCount(first.value);
  if (fc === undefined) return { ok: true, value: first.value };
  let statement: Obj | undefined;
  let chksum: unknown;
  for (let n = 1; n <= fc; n++) {
    const page = await get(n);
    if (!page.ok) return failed(page);
    if (!isObj(page.value)) return failed({ ok: false, code: gstnCodes.badAnswer, kind: 'connector', message: `GSTR-2B page ${n} of ${fc} is not an object` });
    const data = isObj(page.value['data']) ? page.value['data'] : page.value;
    if (!statement) {
      statement = { ...data };
      chksum = page.value['chksum'];
      delete statement['fc'];
    } else mergePage(statement, data);
  }
  return { ok: true, value: { ...(chksum !== undefined ? { chksum } : {}), data: statement ?? { gstin, rtnprd: period } } };
}

export async function pull3b(ctx: Context, connections: Connections, gstin: string, period: string): Promise<Outcome<unknown>> {
  const out = await call(ctx, connections, gstin, { method: 'GET', api: 'gstr3b', query: { action: 'RETSUM', gstin, ret_period: period }, period });
  return out.ok ? { ok: true, value: out.value } : failed(out);
}
