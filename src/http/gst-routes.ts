/**
 * The routes of the GST portal's live flow, in the GSTR style (headers `Authorization` and `Svc-Company`;
 * failures as 4xx with `Svc-ErrorCode` and `Svc-ErrorMessage`, the portal's own code where it refused):
 * connecting a GSTIN by OTP (`gst/otp`, `gst/connect`, `gst/connection`, `gst/disconnect`), the IMS inbox
 * (`ims/pull`, `ims/action`, jobs) and GSTR-1 filing (`gstr1/upload` and `gstr1/file`, jobs; `gstr1/evc`).
 * They serve when the handler's `gstPortal` speaks that flow (the sandbox's and `gstkit/connectors/gstn`'s do).
 * @module
 */
import type { Issue } from '../issue.js';
import { isLiveGstPortal, type GstPortalConnection, type LiveGstPortal } from '../ports/gst-portal.js';
import type { JobType } from '../ports/jobs.js';
import { gstrCodes, httpCodes } from './codes.js';
import { flag } from './query.js';
import { headerFailure, json } from './responses.js';
import type { Route, RouteContext } from './types.js';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The HTTP status of a portal's refusal: the request's fault 400, the portal unreachable 503 or unreadable 502, else 422. */
function statusOf(code: string): number {
  if (code === 'SVC-980') return 503;
  if (code === 'SVC-982' || code === 'SVC-983' || code === 'SVC-985') return 502;
  if (code === 'SVC-981') return 503;
  if (code === gstrCodes.badRequest || code === gstrCodes.notConnected || code === 'SVC-984') return 400;
  return 422;
}

/** A refusal of the portal, its first code in Svc-ErrorCode, every message in Svc-ErrorMessage. */
export function portalRefusal(errors: readonly Issue[]): Response {
  const code = errors[0]?.code ?? httpCodes.internal;
  return headerFailure(statusOf(code), code, errors.map((e) => e.message).join('; '));
}

/** The connection as the routes answer it. */
function connectionBody(c: GstPortalConnection): Record<string, unknown> {
  return {
    gstin: c.gstin,
    status: c.connected ? 'connected' : 'not-connected',
    ...(c.connected && c.tokenExpiresAt !== undefined ? { expiresAt: new Date(c.tokenExpiresAt).toISOString() } : {}),
  };
}

/** Runs `act` with the company's own GSTIN of the body (or query) and a portal that speaks the live flow. */
function withPortal(act: (ctx: RouteContext, portal: LiveGstPortal, gstin: string) => Promise<Response>, fromQuery = false) {
  return async (ctx: RouteContext): Promise<Response> => {
    const gstin = (fromQuery ? (ctx.flags.gstin ?? '') : text(ctx.body['gstin'])).toUpperCase();
    if (!ctx.company.gstins.includes(gstin)) return headerFailure(403, httpCodes.forbidden, `the company may not act for GSTIN ${gstin}`);
    const portal = ctx.options.gstPortal;
    if (!isLiveGstPortal(portal)) return headerFailure(503, httpCodes.notConfigured, 'this server has no GST portal that connects GSTINs by OTP');
    return act(ctx, portal, gstin);
  };
}

async function requestOtp(ctx: RouteContext, portal: LiveGstPortal, gstin: string): Promise<Response> {
  const out = await portal.requestOtp(gstin, text(ctx.body['username']));
  return out.ok ? json(200, { gstin, status: 'otp-sent' }) : portalRefusal(out.errors);
}

async function connect(ctx: RouteContext, portal: LiveGstPortal, gstin: string): Promise<Response> {
  const out = await portal.connect(gstin, text(ctx.body['otp']));
  if (!out.ok) return portalRefusal(out.errors);
  const { gstin: _, ...rest } = connectionBody(out.value);
  return json(200, rest);
}

async function connection(_ctx: RouteContext, portal: LiveGstPortal, gstin: string): Promise<Response> {
  return json(200, connectionBody(await portal.connection(gstin)));
}

async function disconnect(_ctx: RouteContext, portal: LiveGstPortal, gstin: string): Promise<Response> {
  const out = await portal.disconnect(gstin);
  return out.ok ? json(200, connectionBody(out.value)) : portalRefusal(out.errors);
}

async function requestEvcOtp(ctx: RouteContext, portal: LiveGstPortal, gstin: string): Promise<Response> {
  const out = await portal.requestEvcOtp(gstin, text(ctx.body['pan']));
  return out.ok ? json(200, { gstin, status: 'otp-sent' }) : portalRefusal(out.errors);
}

/** Submits a job on a connected GSTIN (2000 when it is not): `params` beside the GSTIN and period. */
function job(type: JobType, params: (ctx: RouteContext) => Record<string, unknown> | Response = () => ({})) {
  return withPortal(async (ctx, portal, gstin) => {
    if (!ctx.options.returnStore) return headerFailure(503, httpCodes.notConfigured, 'GSTR data is not configured on this server');
    const extra = params(ctx);
    if (extra instanceof Response) return extra;
    if (!(await portal.isConnected(gstin)))
      return headerFailure(
        400,
        gstrCodes.notConnected,
        'not connected to GST System: connect the GSTIN by OTP (POST /api/svc/gst/otp, then /api/svc/gst/connect)',
      );
    const submitted = await ctx.options.jobs.submit({ type, companyId: ctx.company.id, params: { gstin, period: text(ctx.body['returnPeriod']), ...extra } });
    return json(200, submitted);
  });
}

const uploadParams = (ctx: RouteContext): Record<string, unknown> | Response => {
  if (ctx.body['gstr1'] !== undefined) return { gstr1: ctx.body['gstr1'] };
  if (!ctx.options.issuedInvoices)
    return headerFailure(503, httpCodes.notConfigured, 'this server keeps no e-invoices to build GSTR-1 from: send the gstr1 JSON');
  return {};
};

const G = '/api/svc/gst/';
const row = (operationId: string, path: string, summary: string, requestKind: Route['requestKind'], run: Route['run'], jobRoute = false): Route => ({
  operationId,
  method: 'POST',
  path,
  style: 'gstr',
  auth: true,
  tag: 'GST portal',
  summary,
  flags: [],
  requestKind,
  needs: jobRoute ? ['gstPortal', 'jobs'] : ['gstPortal'],
  ...(jobRoute ? { responseKind: 'job' as const } : {}),
  run,
});

/** The live flow's rows of the route table. */
export const gstPortalRoutes: Route[] = [
  row(
    'requestGstOtp',
    G + 'otp',
    "Ask the GST portal to send the taxpayer an OTP for connecting a GSTIN (answers {status: 'otp-sent'})",
    'gst-otp',
    withPortal(requestOtp),
  ),
  row(
    'connectGstin',
    G + 'connect',
    "Connect a GSTIN with the OTP the taxpayer received (answers {status: 'connected', expiresAt})",
    'gst-connect',
    withPortal(connect),
  ),
  {
    operationId: 'gstConnection',
    method: 'GET',
    path: G + 'connection',
    style: 'gstr',
    auth: true,
    tag: 'GST portal',
    summary: "Whether a GSTIN is connected to the GST portal: {gstin, status: 'connected' | 'not-connected', expiresAt?}",
    flags: [flag('gstin', true)],
    ownGstinFlag: 'gstin',
    needs: ['gstPortal'],
    run: withPortal(connection, true),
  },
  row('disconnectGstin', G + 'disconnect', "End the GSTIN's session with the GST portal", 'gst-disconnect', withPortal(disconnect)),
  row(
    'pullIms',
    '/api/svc/ims/pull',
    'Pull the IMS inbox of a GSTIN (a job; its result counts the documents stored by section)',
    'ims-pull',
    job('ims/pull'),
    true,
  ),
  row(
    'actIms',
    '/api/svc/ims/action',
    'Accept, reject or keep pending documents of the IMS inbox (a job; each document is completed from the pulled inbox)',
    'ims-action',
    job('ims/action', (ctx) => ({ documents: ctx.body['documents'] })),
    true,
  ),
  row(
    'uploadGstr1',
    '/api/svc/gstr1/upload',
    "Save GSTR-1 on the GST portal, the given JSON or the one built from the registered e-invoices (a job; its result has the portal's status P, PE or ER and its error report per document)",
    'gstr1-upload',
    job('gstr1/upload', uploadParams),
    true,
  ),
  row('requestGstr1Evc', '/api/svc/gstr1/evc', 'Send the EVC OTP for filing GSTR-1 to the authorised signatory', 'gstr1-evc', withPortal(requestEvcOtp)),
  row(
    'fileGstr1',
    '/api/svc/gstr1/file',
    'File GSTR-1 with the EVC OTP (a job; its result carries the ARN)',
    'gstr1-file',
    // The OTP is queued sealed: the store and a queue never hold it in clear.
    job('gstr1/file', (ctx) => ({ pan: text(ctx.body['pan']), otpSealed: ctx.options.jobSecrets?.seal('gstr1/file', text(ctx.body['otp'])) ?? '' })),
    true,
  ),
];
