/**
 * The schedule routes: a company's jobs on a calendar. `POST /api/svc/schedules` `{type, gstins, when?,
 * params?}` answers the schedule with its first due time; `GET` lists them, `GET /{id}` shows one with its
 * last run, `POST /{id}` changes its `when` or `params` (a reconcile schedule's newer purchase register),
 * `DELETE /{id}` ends it.
 * @module
 */
import { newScheduleRow, readScheduleRequest, scheduleCodes, scheduleView } from '../jobs/schedule/index.js';
import { nextRunOf } from '../jobs/schedule/runner.js';
import type { ScheduleStore } from '../ports/store.js';
import { gstrCodes, httpCodes } from './codes.js';
import { readObjectBody } from './object-body.js';
import { storedId } from './stored-id.js';
import { headerFailure, json } from './responses.js';
import type { Route, RouteContext } from './types.js';

function storeOf(ctx: RouteContext): ScheduleStore | Response {
  return ctx.options.schedules ?? headerFailure(503, httpCodes.notConfigured, 'schedules are not configured on this server');
}

const refused = (errors: ReadonlyArray<{ code: string; path: string; message: string }>): Response =>
  headerFailure(400, errors[0]?.code ?? gstrCodes.badRequest, errors.map((e) => `${e.path || '(body)'}: ${e.message}`).join('; '));

const notFound = (): Response => headerFailure(404, scheduleCodes.notFound, 'no such schedule');

export async function createScheduleRoute(ctx: RouteContext): Promise<Response> {
  const store = storeOf(ctx);
  if (store instanceof Response) return store;
  const b = await readObjectBody(ctx);
  if (b instanceof Response) return b;
  const request = readScheduleRequest(b, ctx.company.gstins);
  if (!request.ok) return refused(request.errors);
  const row = newScheduleRow(ctx.company.id, request.value, ctx.clock.now());
  await store.addSchedule(row);
  return json(201, scheduleView(row));
}

export async function listSchedulesRoute(ctx: RouteContext): Promise<Response> {
  const store = storeOf(ctx);
  if (store instanceof Response) return store;
  return json(200, { schedules: (await store.listSchedules(ctx.company.id)).map(scheduleView) });
}

export async function getScheduleRoute(ctx: RouteContext): Promise<Response> {
  const store = storeOf(ctx);
  if (store instanceof Response) return store;
  const id = storedId(ctx, 'id');
  const row = id === undefined ? undefined : await store.getSchedule(ctx.company.id, id);
  return row ? json(200, scheduleView(row)) : notFound();
}

/** `{when?, params?}`: what is given replaces what the schedule had; its next run is counted again from now. */
export async function changeScheduleRoute(ctx: RouteContext): Promise<Response> {
  const store = storeOf(ctx);
  if (store instanceof Response) return store;
  const id = storedId(ctx, 'id');
  const row = id === undefined ? undefined : await store.getSchedule(ctx.company.id, id);
  if (!row || id === undefined) return notFound();
  const b = await readObjectBody(ctx);
  if (b instanceof Response) return b;
  const request = readScheduleRequest(
    { type: row.type, gstins: row.gstins, when: b['when'] ?? row.when, params: b['params'] ?? row.params },
    ctx.company.gstins,
  );
  if (!request.ok) return refused(request.errors);
  const change = { when: request.value.when, params: request.value.params, nextRunAt: nextRunOf(request.value.when, ctx.clock.now()) };
  if (!(await store.updateSchedule(ctx.company.id, id, change))) return notFound();
  return json(200, scheduleView({ ...row, ...change }));
}

export async function deleteScheduleRoute(ctx: RouteContext): Promise<Response> {
  const store = storeOf(ctx);
  if (store instanceof Response) return store;
  const id = storedId(ctx, 'id');
  return id !== undefined && (await store.deleteSchedule(ctx.company.id, id)) ? json(200, { id, deleted: true }) : notFound();
}

const S = '/api/svc/schedules';
const row = (operationId: string, method: Route['method'], path: string, summary: string, run: Route['run']): Route => ({
  operationId,
  method,
  path,
  style: 'gstr',
  auth: true,
  tag: 'schedules',
  summary,
  flags: [],
  run,
});

/** The schedule routes' rows of the route table. */
export const scheduleRoutes: Route[] = [
  row(
    'createSchedule',
    'POST',
    S,
    'Schedule jobs on a calendar: {type: gstr2b-pull | gstr2a-pull | ims-pull | reconcile | gstr-export | ewaybill-extend, gstins, when? (cron, IST), params?} (answers the schedule with nextRunAt)',
    createScheduleRoute,
  ),
  row('listSchedules', 'GET', S, "The company's schedules, each with its next and last run", listSchedulesRoute),
  row('getSchedule', 'GET', `${S}/{id}`, 'One schedule, with what its last run submitted or skipped', getScheduleRoute),
  row(
    'changeSchedule',
    'POST',
    `${S}/{id}`,
    "Change a schedule's when or params (a newer purchase register); its next run is counted from now",
    changeScheduleRoute,
  ),
  row('deleteSchedule', 'DELETE', `${S}/{id}`, 'End a schedule', deleteScheduleRoute),
];
