/**
 * The Invoice Management System: a section's records (GETINV; large lists through the file download),
 * the recipient's accept / reject / pending actions (SAVE), their reset (RESETIMS) and the status of
 * either (REQSTS). Credit notes acted on must carry the ITC-reduction declaration `itcRedReq` (GSTN
 * refuses a save without it with IMSSAV0054 since 2026); it is checked before anything is sent.
 * @module
 */
import { isObj, type Obj } from './answer.js';
import { call, failed } from './call.js';
import { gstnCodes, refuse } from './codes.js';
import type { Connections } from './connection.js';
import type { Context } from './context.js';
import { largeFileToken, mergeSections, readLargeFile } from './large-file.js';
import { imsSections, type ImsActionRequest, type ImsSection, type Outcome } from './port.js';

export { imsSections };

export async function imsRecords(ctx: Context, connections: Connections, gstin: string, section: ImsSection): Promise<Outcome<unknown>> {
  if (!imsSections.includes(section)) return refuse(gstnCodes.badRequest, `IMS section should be one of ${imsSections.join(', ')}`, '/section');
  const out = await call(ctx, connections, gstin, { method: 'GET', api: 'ims', query: { action: 'GETINV', gstin, section } });
  if (!out.ok) return out.kind === 'no-data' ? { ok: true, value: {} } : failed(out);
  const large = largeFileToken(out.value);
  if (!large) return { ok: true, value: out.value };
  const merged: Obj = {};
  const read = await readLargeFile(ctx, connections, 'ims', gstin, '', large.token, large.est, (value) => mergeSections(merged, value));
  return read.ok ? { ok: true, value: merged } : failed(read);
}

/** Credit-note records accepted without their ITC-reduction declaration, as JSON Pointers. */
function missingDeclarations(invdata: Obj): string[] {
  const missing: string[] = [];
  for (const key of ['cn', 'cna']) {
    const records = invdata[key];
    if (!Array.isArray(records)) continue;
    records.forEach((record, i) => {
      if (isObj(record) && record['action'] === 'A' && record['itcRedReq'] === undefined) missing.push(`/invdata/${key}/${i}/itcRedReq`);
    });
  }
  return missing;
}

async function act(ctx: Context, connections: Connections, request: ImsActionRequest, action: 'SAVE' | 'RESETIMS'): Promise<Outcome<{ referenceId: string }>> {
  const { gstin, invdata } = request;
  if (!isObj(invdata) || Object.keys(invdata).length === 0)
    return refuse(gstnCodes.badRequest, 'invdata should hold the records to act on, by section', '/invdata');
  if (action === 'SAVE') {
    const missing = missingDeclarations(invdata);
    if (missing.length > 0) {
      return {
        ok: false,
        errors: missing.map((path) => ({
          code: 'IMSSAV0054',
          message: 'an accepted credit note needs its ITC-reduction declaration (itcRedReq): declare it and save again',
          path,
          severity: 'error' as const,
        })),
      };
    }
  }
  const data = { rtin: gstin, reqtyp: action === 'SAVE' ? 'SAVE' : 'RESET', invdata };
  const out = await call(ctx, connections, gstin, { method: 'PUT', api: 'ims', body: { action }, data });
  if (!out.ok) return failed(out);
  const ref = isObj(out.value) ? (out.value['reference_id'] ?? out.value['int_tran_id'] ?? out.value['ref_id']) : undefined;
  if (typeof ref !== 'string' && typeof ref !== 'number')
    return refuse(gstnCodes.badAnswer, `the GST portal accepted the IMS ${action} without a reference to follow it by`);
  return { ok: true, value: { referenceId: String(ref) } };
}

export const imsSave = (ctx: Context, connections: Connections, request: ImsActionRequest) => act(ctx, connections, request, 'SAVE');
export const imsReset = (ctx: Context, connections: Connections, request: ImsActionRequest) => act(ctx, connections, request, 'RESETIMS');

export async function imsRequestStatus(ctx: Context, connections: Connections, gstin: string, referenceId: string): Promise<Outcome<unknown>> {
  if (!referenceId) return refuse(gstnCodes.badRequest, 'the reference of the IMS request is required', '/referenceId');
  const out = await call(ctx, connections, gstin, { method: 'GET', api: 'ims', query: { action: 'REQSTS', gstin, int_tran_id: referenceId } });
  return out.ok ? { ok: true, value: out.value } : failed(out);
}
