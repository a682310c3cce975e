/**
 * Routes of consolidated e-waybills (trip sheets) and multi-vehicle movement, under /api/svc/einvoice/
 * with the caller's `gstin` required, answering in the Success/Errors style with NIC's field names.
 * @module
 */
import { error } from '../issue.js';
import type { EwbMovementActions, ProviderContext, ProviderResult } from '../ports/index.js';
import type {
  AddMultiVehiclePayload,
  ChangeMultiVehiclePayload,
  ConsolidatedEwbPayload,
  InitiateMultiVehiclePayload,
  RegenerateTripSheetPayload,
} from '../types/payloads.js';
import { inlinePdfRenderer } from '../render/pdf/renderer.js';
import { pdfFileName, pdfFileResponse } from './pdf-file.js';
import { httpCodes } from './codes.js';
import { flag, type FlagSpec } from './query.js';
import { json, svcFailure } from './responses.js';
import type { Route, RouteContext } from './types.js';

const E = '/api/svc/einvoice/';
const gstin = (): FlagSpec => flag('gstin', true);
const pctx = (ctx: RouteContext): ProviderContext => ({ company: ctx.company });

/** The provider's action, or the answer that this host's e-waybill provider lacks it. */
function movement<K extends keyof EwbMovementActions>(ctx: RouteContext, name: K): NonNullable<EwbMovementActions[K]> | Response {
  const fn = ctx.options.ewb?.[name];
  if (typeof fn !== 'function') return svcFailure(501, [error(httpCodes.notConfigured, `this server's e-waybill provider does not offer ${String(name)}`)]);
  return fn.bind(ctx.options.ewb) as NonNullable<EwbMovementActions[K]>;
}

function flat<T extends object>(out: ProviderResult<T>): Response {
  return out.ok ? json(200, { Success: true, ...out.value }) : svcFailure(out.status ?? 422, out.errors);
}

/** A POST action whose request is the route's kind and whose answer is flat. */
function post<K extends Exclude<keyof EwbMovementActions, 'getTripSheet'>, P>(name: K) {
  return async (ctx: RouteContext): Promise<Response> => {
    const run = movement(ctx, name);
    if (run instanceof Response) return run;
    const call = run as unknown as (c: ProviderContext, g: string, r: P) => Promise<ProviderResult<object>>;
    return flat(await call(pctx(ctx), ctx.flags.gstin!, ctx.body as unknown as P));
  };
}

async function tripSheet(ctx: RouteContext): Promise<Response> {
  const run = movement(ctx, 'getTripSheet');
  if (run instanceof Response) return run;
  const out = await run(pctx(ctx), ctx.flags.gstin!, ctx.flags.tripSheetNo!);
  if (!out.ok) return svcFailure(out.status ?? 422, out.errors);
  if (ctx.flags.pdf === 'file') {
    const pdf = await (ctx.options.pdfRenderer ?? inlinePdfRenderer).tripSheet(out.value);
    return pdfFileResponse(pdf, pdfFileName('trip-sheet', ctx.flags.tripSheetNo!));
  }
  const body: Record<string, unknown> = { Success: true, Response: out.value };
  if (ctx.flags.pdf === 'yes') {
    const pdf = await (ctx.options.pdfRenderer ?? inlinePdfRenderer).tripSheet(out.value);
    body['TripSheetPdf'] = pdf.ok ? Buffer.from(pdf.value).toString('base64') : null;
  }
  return json(200, body);
}

/** The routes, in the order the route table lists them. */
export const ewbMovementRoutes: Route[] = [
  {
    operationId: 'generateConsolidatedEwb',
    method: 'POST',
    path: E + 'generateconsolidatedewb',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Put the e-waybills travelling in one vehicle on one consolidated e-waybill (trip sheet)',
    flags: [gstin()],
    ownGstinFlag: 'gstin',
    requestKind: 'consolidated-ewb',
    responseKind: 'consolidated-ewb-response',
    run: post<'consolidate', ConsolidatedEwbPayload>('consolidate'),
  },
  {
    operationId: 'regenerateTripSheet',
    method: 'POST',
    path: E + 'regeneratetripsheet',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Move the active e-waybills of a trip sheet to another vehicle under a new consolidated e-waybill',
    flags: [gstin()],
    ownGstinFlag: 'gstin',
    requestKind: 'regenerate-trip-sheet',
    responseKind: 'consolidated-ewb-response',
    run: post<'regenerateTripSheet', RegenerateTripSheetPayload>('regenerateTripSheet'),
  },
  {
    operationId: 'getTripSheet',
    method: 'GET',
    path: E + 'gettripsheet',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Get a consolidated e-waybill (trip sheet) with its members and vehicles',
    flags: [gstin(), flag('tripSheetNo', true), flag('pdf')],
    ownGstinFlag: 'gstin',
    responseKind: 'trip-sheet',
    run: tripSheet,
  },
  {
    operationId: 'initiateMultiVehicle',
    method: 'POST',
    path: E + 'initiatemultivehicle',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Start moving the goods of an e-waybill in several vehicles',
    flags: [gstin()],
    ownGstinFlag: 'gstin',
    requestKind: 'initiate-multi-vehicle',
    responseKind: 'initiate-multi-vehicle-response',
    run: post<'initiateMultiVehicle', InitiateMultiVehiclePayload>('initiateMultiVehicle'),
  },
  {
    operationId: 'addMultiVehicle',
    method: 'POST',
    path: E + 'addmultivehicle',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Add a vehicle with its share of the quantity to a multi-vehicle movement',
    flags: [gstin()],
    ownGstinFlag: 'gstin',
    requestKind: 'add-multi-vehicle',
    responseKind: 'add-multi-vehicle-response',
    run: post<'addMultiVehicle', AddMultiVehiclePayload>('addMultiVehicle'),
  },
  {
    operationId: 'changeMultiVehicle',
    method: 'POST',
    path: E + 'changemultivehicle',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Replace a vehicle of a multi-vehicle movement',
    flags: [gstin()],
    ownGstinFlag: 'gstin',
    requestKind: 'change-multi-vehicle',
    responseKind: 'change-multi-vehicle-response',
    run: post<'changeMultiVehicle', ChangeMultiVehiclePayload>('changeMultiVehicle'),
  },
];
