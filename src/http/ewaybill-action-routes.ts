/**
 * Routes of the actions on an e-waybill after its generation: Part-B update, transporter change,
 * extension, rejection, and the transporter's and rejection lists. All under /api/svc/einvoice/ with the
 * caller's `gstin` required, answering in the Success/Errors style with NIC's field names.
 * @module
 */
import { error } from '../issue.js';
import type { EwbActions, ProviderContext, ProviderResult } from '../ports/index.js';
import type { ExtendValidityPayload, RejectEwbPayload, UpdateTransporterPayload, UpdateVehiclePayload } from '../types/payloads.js';
import { httpCodes } from './codes.js';
import { flag, type FlagSpec } from './query.js';
import { json, svcFailure } from './responses.js';
import type { Route, RouteContext } from './types.js';
import { dayListAnswer } from './day-list-answer.js';

const E = '/api/svc/einvoice/';
const gstin = (): FlagSpec => flag('gstin', true);
const pctx = (ctx: RouteContext): ProviderContext => ({ company: ctx.company });

/** The provider's action, or the answer that this host's e-waybill provider lacks it. */
function action<K extends keyof EwbActions>(ctx: RouteContext, name: K): NonNullable<EwbActions[K]> | Response {
  const fn = ctx.options.ewb?.[name];
  if (typeof fn !== 'function') return svcFailure(501, [error(httpCodes.notConfigured, `this server's e-waybill provider does not offer ${String(name)}`)]);
  return fn.bind(ctx.options.ewb) as NonNullable<EwbActions[K]>;
}

/** A provider answer in the Success style, its fields flat. */
function answer<T extends object>(out: ProviderResult<T>): Response {
  if (!out.ok) return svcFailure(out.status ?? 422, out.errors);
  return json(200, { Success: true, ...out.value });
}

async function updateVehicle(ctx: RouteContext): Promise<Response> {
  const run = action(ctx, 'updateVehicle');
  if (run instanceof Response) return run;
  return answer(await run(pctx(ctx), ctx.flags.gstin!, ctx.body as unknown as UpdateVehiclePayload));
}

async function updateTransporter(ctx: RouteContext): Promise<Response> {
  const run = action(ctx, 'updateTransporter');
  if (run instanceof Response) return run;
  return answer(await run(pctx(ctx), ctx.flags.gstin!, ctx.body as unknown as UpdateTransporterPayload));
}

async function extendValidity(ctx: RouteContext): Promise<Response> {
  const run = action(ctx, 'extendValidity');
  if (run instanceof Response) return run;
  return answer(await run(pctx(ctx), ctx.flags.gstin!, ctx.body as unknown as ExtendValidityPayload));
}

async function rejectEwb(ctx: RouteContext): Promise<Response> {
  const run = action(ctx, 'reject');
  if (run instanceof Response) return run;
  return answer(await run(pctx(ctx), ctx.flags.gstin!, ctx.body as unknown as RejectEwbPayload));
}

async function listForTransporter(ctx: RouteContext): Promise<Response> {
  const run = action(ctx, 'listForTransporter');
  if (run instanceof Response) return run;
  return dayListAnswer(ctx, await run(pctx(ctx), ctx.flags.gstin!, ctx.flags.date!));
}

async function listRejectedByOthers(ctx: RouteContext): Promise<Response> {
  const run = action(ctx, 'listRejectedByOthers');
  if (run instanceof Response) return run;
  return dayListAnswer(ctx, await run(pctx(ctx), ctx.flags.gstin!, ctx.flags.date!));
}

/** The routes, in the order the route table lists them. */
export const ewbActionRoutes: Route[] = [
  {
    operationId: 'updateVehicle',
    method: 'POST',
    path: E + 'updatevehicle',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Enter or change Part-B (the vehicle or transport document) of an e-waybill',
    flags: [gstin()],
    ownGstinFlag: 'gstin',
    requestKind: 'update-vehicle',
    responseKind: 'update-vehicle-response',
    run: updateVehicle,
  },
  {
    operationId: 'updateTransporter',
    method: 'POST',
    path: E + 'updatetransporter',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Assign an e-waybill to another transporter',
    flags: [gstin()],
    ownGstinFlag: 'gstin',
    requestKind: 'update-transporter',
    responseKind: 'update-transporter-response',
    run: updateTransporter,
  },
  {
    operationId: 'extendValidity',
    method: 'POST',
    path: E + 'extendvalidity',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Extend the validity of an e-waybill (8 hours either side of expiry)',
    flags: [gstin()],
    ownGstinFlag: 'gstin',
    requestKind: 'extend-validity',
    responseKind: 'extend-validity-response',
    run: extendValidity,
  },
  {
    operationId: 'rejectEwb',
    method: 'POST',
    path: E + 'rejectewb',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: "Reject the other party's e-waybill within 72 hours",
    flags: [gstin()],
    ownGstinFlag: 'gstin',
    requestKind: 'reject-ewb',
    responseKind: 'reject-ewb-response',
    run: rejectEwb,
  },
  {
    operationId: 'getEwaybillsForTransporter',
    method: 'GET',
    path: E + 'getewaybillsfortransporter',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Active e-waybills generated on a date and assigned to you as transporter',
    flags: [gstin(), flag('date', true)],
    ownGstinFlag: 'gstin',
    responseKind: 'ewb-list-for-transporter',
    run: listForTransporter,
  },
  {
    operationId: 'getEwaybillsRejectedByOthers',
    method: 'GET',
    path: E + 'getewaybillsrejectedbyothers',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Your e-waybills generated on a date that the other party rejected',
    flags: [gstin(), flag('date', true)],
    ownGstinFlag: 'gstin',
    responseKind: 'ewb-list-rejected',
    run: listRejectedByOthers,
  },
];
