/**
 * A schedule as a company asks for it (`POST /api/svc/schedules`), checked, and a stored schedule as the
 * routes show it. The purchase register a reconcile schedule carries is shown by its size, not echoed.
 * @module
 */
import { error, type Issue, type Outcome } from '../../issue.js';
import type { ScheduleRow } from '../../ports/store.js';
import { scheduleCodes } from './codes.js';
import { readCron } from './cron.js';
import { isScheduleType, scheduleKinds, scheduleTypes, type ScheduleType } from './kinds.js';
import { nextRunOf } from './runner.js';

/** What a request asks for, checked. */
export interface ScheduleRequest {
  type: ScheduleType;
  gstins: string[];
  when: string;
  params: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Reads `{type, gstins, when?, params?}`; `ownGstins` are the GSTINs the company may act for. */
export function readScheduleRequest(body: Record<string, unknown>, ownGstins: readonly string[]): Outcome<ScheduleRequest> {
  const type = body['type'];
  if (!isScheduleType(type)) return { ok: false, errors: [error(scheduleCodes.unknownType, `type must be one of ${scheduleTypes.join(', ')}`, '/type')] };
  const kind = scheduleKinds[type];
  const errors: Issue[] = [];
  const raw = body['gstins'];
  const gstins = Array.isArray(raw) ? [...new Set(raw.map((g) => (typeof g === 'string' ? g.trim().toUpperCase() : '')))] : [];
  if (gstins.length === 0) errors.push(error(scheduleCodes.badParams, 'gstins must list at least one GSTIN', '/gstins'));
  for (const g of gstins)
    if (!ownGstins.includes(g)) errors.push(error(scheduleCodes.badParams, `the company may not act for GSTIN ${g || '(blank)'}`, '/gstins'));
  const when = body['when'] === undefined && kind.defaultWhen ? { ok: true as const, value: kind.defaultWhen } : readCron(body['when']);
  if (!when.ok) errors.push(...when.errors);
  const params = body['params'] === undefined ? {} : body['params'];
  if (!isObject(params)) errors.push(error(scheduleCodes.badParams, 'params must be an object', '/params'));
  else errors.push(...kind.checkParams(params));
  if (errors.length > 0 || !when.ok || !isObject(params)) return { ok: false, errors };
  return { ok: true, value: { type, gstins, when: when.value, params } };
}

/** A new schedule's row: first due at the expression's next occurrence after `now`. */
export function newScheduleRow(companyId: string, request: ScheduleRequest, now: Date, scheduleId: string = `sch_${crypto.randomUUID()}`): ScheduleRow {
  return {
    scheduleId,
    companyId,
    type: request.type,
    gstins: request.gstins,
    when: request.when,
    params: request.params,
    nextRunAt: nextRunOf(request.when, now),
    memo: {},
    runs: 0,
    createdAt: now.toISOString(),
  };
}

/** A schedule as the routes answer it. */
export function scheduleView(row: ScheduleRow): Record<string, unknown> {
  const { purchases, purchasesCsv, ...params } = row.params;
  return {
    id: row.scheduleId,
    type: row.type,
    gstins: row.gstins,
    when: row.when,
    timeZone: 'Asia/Kolkata',
    params: {
      ...params,
      ...(Array.isArray(purchases) ? { purchases: { rows: purchases.length } } : {}),
      ...(typeof purchasesCsv === 'string' ? { purchasesCsv: { bytes: new TextEncoder().encode(purchasesCsv).length } } : {}),
    },
    nextRunAt: row.nextRunAt,
    ...(row.lastRunAt ? { lastRunAt: row.lastRunAt } : {}),
    ...(row.lastOutcome ? { lastRun: row.lastOutcome } : {}),
    runs: row.runs,
    createdAt: row.createdAt,
  };
}
