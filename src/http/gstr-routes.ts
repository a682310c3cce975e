/**
 * The GSTR routes: pull GSTR-2A, 2B and 3B from the GST portal and export them to Excel (each a job), and
 * the jobs' status and file (Robot-JobStatus). They answer in the Svc-Error header style.
 * @module
 */
import { httpCodes, gstrCodes } from './codes.js';
import { headerFailure, json } from './responses.js';
import { storedId } from './stored-id.js';
import type { RouteContext } from './types.js';
import type { JobType } from '../ports/index.js';
import { str } from '../compute/payload.js';
import { owns } from './route-kit.js';

function gstrForbidden(gstin: string): Response {
  return headerFailure(403, httpCodes.forbidden, `the company may not act for GSTIN ${gstin}`);
}

export function gstrPull(returnType: 'gstr2a' | 'gstr2b' | 'gstr3b') {
  return async (ctx: RouteContext): Promise<Response> => {
    const gstin = str(ctx.body['gstin']).toUpperCase();
    if (!owns(ctx, gstin)) return gstrForbidden(gstin);
    const portal = ctx.options.gstPortal;
    if (!portal || !ctx.options.returnStore) return headerFailure(503, httpCodes.notConfigured, 'GSTR pulls are not configured on this server');
    if (!(await portal.isConnected(gstin))) return headerFailure(400, gstrCodes.notConnected, 'not connected to GST System');
    const job = await ctx.options.jobs.submit({
      type: `${returnType}/pull` as JobType,
      companyId: ctx.company.id,
      params: { gstin, returnType, period: str(ctx.body['returnPeriod']) },
    });
    return json(200, job);
  };
}

function monthsBetween(a: string, b: string): number {
  const [ya, ma] = a.split('-').map(Number) as [number, number];
  const [yb, mb] = b.split('-').map(Number) as [number, number];
  return (yb - ya) * 12 + (mb - ma) + 1;
}

export function gstrExport(returnType: 'gstr2a' | 'gstr2b' | 'gstr3b') {
  return async (ctx: RouteContext): Promise<Response> => {
    const b = ctx.body;
    const gstins = returnType === 'gstr3b' ? [str(b['gstin']).toUpperCase()] : (Array.isArray(b['gstins']) ? b['gstins'] : []).map((g) => str(g).toUpperCase());
    for (const g of gstins) if (!owns(ctx, g)) return gstrForbidden(g);
    if (!ctx.options.returnStore) return headerFailure(503, httpCodes.notConfigured, 'GSTR exports are not configured on this server');
    const startPeriod = returnType === 'gstr3b' ? str(b['returnPeriod']) : str(b['startReturnPeriod']);
    const endPeriod = returnType === 'gstr3b' ? str(b['returnPeriod']) : str(b['endReturnPeriod']);
    const span = monthsBetween(startPeriod, endPeriod);
    if (span > 24) return headerFailure(400, gstrCodes.periodRange, 'maximum 24 months of data can be exported');
    if (span < 1) return headerFailure(400, gstrCodes.badRequest, 'endReturnPeriod is before startReturnPeriod');
    const job = await ctx.options.jobs.submit({
      type: `${returnType}/export` as JobType,
      companyId: ctx.company.id,
      params: {
        returnType,
        gstins,
        startPeriod,
        endPeriod,
        ...(returnType !== 'gstr3b' ? { reportType: b['reportType'] === undefined ? 100 : Number(b['reportType']) } : {}),
      },
    });
    return json(200, job);
  };
}

export async function jobStatus(ctx: RouteContext): Promise<Response> {
  const id = storedId(ctx, 'jobId');
  const status = id === undefined ? undefined : await ctx.options.jobs.status(ctx.company.id, id);
  if (!status) return headerFailure(404, httpCodes.jobNotFound, 'no such job');
  return json(200, status);
}

export async function jobFile(ctx: RouteContext): Promise<Response> {
  const id = storedId(ctx, 'jobId');
  const status = id === undefined ? undefined : await ctx.options.jobs.status(ctx.company.id, id);
  if (!status || id === undefined) return headerFailure(404, httpCodes.jobNotFound, 'no such job');
  const file = await ctx.options.jobs.file(ctx.company.id, id);
  if (!file) return headerFailure(404, httpCodes.jobFileMissing, status.jobStatus === 100 ? 'this job produced no file' : 'the job has not finished');
  const body = 'data' in file ? (file.data as Uint8Array<ArrayBuffer>) : streamOf(file.chunks());
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'content-length': String('data' in file ? file.data.byteLength : file.size),
      'content-disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
    },
  });
}

/** A byte stream pulled chunk by chunk from where a job's file is kept. */
function streamOf(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}
