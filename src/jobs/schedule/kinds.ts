/**
 * What each schedule type runs: the jobs one run submits, for which GSTINs, and what it skips and why. A
 * run is jobs like any other (the routes' own job types), so its outcome is the jobs' outcome.
 *
 * The period a run works on is `params.period` (YYYY-MM) or, by default, the month before the run's IST
 * date: the month whose returns are being prepared.
 * @module
 */
import { error, type Issue } from '../../issue.js';
import type { JobRequest } from '../../ports/jobs.js';
import type { ReturnStore } from '../../ports/returns.js';
import type { ScheduleRow } from '../../ports/store.js';
import { istIsoDate } from '../../compute/dates.js';
import { validate } from '../../validate.js';
import { scheduleCodes } from './codes.js';

export const scheduleTypes = ['gstr2b-pull', 'gstr2a-pull', 'ims-pull', 'reconcile', 'gstr-export', 'ewaybill-extend'] as const;
export type ScheduleType = (typeof scheduleTypes)[number];

/** What a run has to hand: its time and the company's stored returns. */
export interface ScheduleRunContext {
  now: Date;
  returns: ReturnStore | undefined;
}

/** What one run does: the jobs to submit, what it skipped, and what the schedule remembers after it. */
export interface PlannedRun {
  jobs: JobRequest[];
  skipped: Array<{ gstin: string; reason: string }>;
  memo: Record<string, unknown>;
}

/** One schedule type. */
export interface ScheduleKind {
  readonly type: ScheduleType;
  /** The `when` used when a request gives none; a type without one needs `when`. */
  readonly defaultWhen?: string;
  /** Problems with the type's parameters, as a request gives them. */
  checkParams(params: Record<string, unknown>): Issue[];
  plan(schedule: ScheduleRow, context: ScheduleRunContext): Promise<PlannedRun>;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month before `now`'s IST date, as YYYY-MM. */
export function previousPeriod(now: Date): string {
  const [y, m] = istIsoDate(now).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const periodOf = (s: ScheduleRow, now: Date): string => (typeof s.params['period'] === 'string' ? s.params['period'] : previousPeriod(now));

function checkPeriod(params: Record<string, unknown>): Issue[] {
  const p = params['period'];
  return p === undefined || (typeof p === 'string' && PERIOD.test(p))
    ? []
    : [error(scheduleCodes.badParams, 'params.period must be a return period YYYY-MM (or be left out: the month before each run)', '/params/period')];
}

/** When the GSTIN's return of the period was pulled, if the store holds it. */
async function pulledAt(returns: ReturnStore | undefined, gstin: string, period: string): Promise<string | undefined> {
  if (!returns) return undefined;
  if (returns.info) return (await returns.info(gstin, 'gstr2b', period))?.pulledAt;
  return (await returns.get(gstin, 'gstr2b', period))?.pulledAt;
}

const job = (s: ScheduleRow, type: JobRequest['type'], params: Record<string, unknown>): JobRequest => ({ type, companyId: s.companyId, params });

/** GSTR-2B appears on the 14th for the month before: pulled from the 14th, daily, until the store holds it. */
const gstr2bPull: ScheduleKind = {
  type: 'gstr2b-pull',
  defaultWhen: '0 6 14-31 * *',
  checkParams: checkPeriod,
  async plan(s, { now, returns }) {
    const period = periodOf(s, now);
    const out: PlannedRun = { jobs: [], skipped: [], memo: s.memo };
    for (const gstin of s.gstins) {
      if (await pulledAt(returns, gstin, period)) out.skipped.push({ gstin, reason: `GSTR-2B of ${period} is already held` });
      else out.jobs.push(job(s, 'gstr2b/pull', { gstin, returnType: 'gstr2b', period }));
    }
    return out;
  },
};

/** GSTR-2A changes as suppliers file, so it is pulled again at each run. */
const gstr2aPull: ScheduleKind = {
  type: 'gstr2a-pull',
  checkParams: checkPeriod,
  async plan(s, { now }) {
    const period = periodOf(s, now);
    return { jobs: s.gstins.map((gstin) => job(s, 'gstr2a/pull', { gstin, returnType: 'gstr2a', period })), skipped: [], memo: s.memo };
  },
};

/** The IMS inbox, pulled daily by default: actions are due before GSTR-3B is filed. */
const imsPull: ScheduleKind = {
  type: 'ims-pull',
  defaultWhen: '0 7 * * *',
  checkParams: checkPeriod,
  async plan(s, { now }) {
    const period = periodOf(s, now);
    return { jobs: s.gstins.map((gstin) => job(s, 'ims/pull', { gstin, period })), skipped: [], memo: s.memo };
  },
};

/**
 * The purchase register in the parameters (the last one given) reconciled against each new GSTR-2B: a run
 * reconciles a GSTIN only when its 2B of the period was pulled since the schedule last reconciled it.
 */
const reconcile: ScheduleKind = {
  type: 'reconcile',
  defaultWhen: '0 8 * * *',
  checkParams(params) {
    const issues = checkPeriod(params);
    if (!Array.isArray(params['purchases']) && typeof params['purchasesCsv'] !== 'string')
      issues.push(error(scheduleCodes.badParams, 'params.purchases (rows) or params.purchasesCsv (CSV text) is needed: the register to reconcile', '/params'));
    const format = params['format'];
    if (format !== undefined && format !== 'xlsx' && format !== 'json')
      issues.push(error(scheduleCodes.badParams, 'params.format must be xlsx or json', '/params/format'));
    return issues;
  },
  async plan(s, { now, returns }) {
    const period = periodOf(s, now);
    const done = { ...((s.memo['reconciled'] as Record<string, string> | undefined) ?? {}) };
    const out: PlannedRun = { jobs: [], skipped: [], memo: { ...s.memo, reconciled: done } };
    const { purchases, purchasesCsv, options, format } = s.params;
    for (const gstin of s.gstins) {
      const pulled = await pulledAt(returns, gstin, period);
      if (!pulled) out.skipped.push({ gstin, reason: `no GSTR-2B of ${period} is held yet` });
      else if (done[`${gstin}/${period}`] === pulled)
        out.skipped.push({ gstin, reason: `already reconciled against the GSTR-2B of ${period} pulled at ${pulled}` });
      else {
        done[`${gstin}/${period}`] = pulled;
        out.jobs.push(
          job(s, 'gstr2b/reconcile', {
            gstin,
            startPeriod: period,
            endPeriod: period,
            ...(purchases !== undefined ? { purchases } : {}),
            ...(purchasesCsv !== undefined ? { purchasesCsv } : {}),
            ...(options !== undefined ? { options } : {}),
            ...(format !== undefined ? { format } : {}),
          }),
        );
      }
    }
    return out;
  },
};

/** The stored GSTR-2B (or 2A) of every GSTIN of the schedule, one workbook per run. */
const gstrExport: ScheduleKind = {
  type: 'gstr-export',
  checkParams(params) {
    const issues = checkPeriod(params);
    const rt = params['returnType'];
    if (rt !== undefined && rt !== 'gstr2a' && rt !== 'gstr2b')
      issues.push(error(scheduleCodes.badParams, 'params.returnType must be gstr2a or gstr2b', '/params/returnType'));
    return issues;
  },
  async plan(s, { now }) {
    const period = periodOf(s, now);
    const returnType = s.params['returnType'] === 'gstr2a' ? 'gstr2a' : 'gstr2b';
    const reportType = typeof s.params['reportType'] === 'number' ? s.params['reportType'] : 100;
    return {
      jobs: [job(s, `${returnType}/export`, { returnType, gstins: s.gstins, startPeriod: period, endPeriod: period, reportType })],
      skipped: [],
      memo: s.memo,
    };
  },
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A bill without the schedule's own field (`gstin`), as the extension request takes it. */
function extensionRequest(bill: Record<string, unknown>): Record<string, unknown> {
  const { gstin: _gstin, ...request } = bill;
  return request;
}

/**
 * The e-way bills the host marks as still moving (`params.bills`: each an extend-validity request, with the
 * `gstin` that extends it when the schedule has several), extended inside the portal's window. Run every 30
 * minutes by default: the window is 16 hours wide, so no bill is missed. The host unmarks a bill that has
 * arrived by giving the schedule its list without it (`POST /api/svc/schedules/{id}`).
 */
const ewaybillExtend: ScheduleKind = {
  type: 'ewaybill-extend',
  defaultWhen: '*/30 * * * *',
  checkParams(params) {
    const bills = params['bills'];
    if (!Array.isArray(bills) || bills.length === 0)
      return [error(scheduleCodes.badParams, 'params.bills must list the e-way bills still moving, each an extend-validity request', '/params/bills')];
    const issues: Issue[] = [];
    bills.forEach((bill, i) => {
      if (!isObject(bill)) {
        issues.push(error(scheduleCodes.badParams, 'each bill must be an extend-validity request object', `/params/bills/${i}`));
        return;
      }
      for (const e of validate('extend-validity', extensionRequest(bill)).errors) issues.push({ ...e, path: `/params/bills/${i}${e.path}` });
    });
    return issues;
  },
  async plan(s) {
    const out: PlannedRun = { jobs: [], skipped: [], memo: s.memo };
    const byGstin = new Map<string, Record<string, unknown>[]>();
    for (const bill of (s.params['bills'] as unknown[]).filter(isObject)) {
      const gstin = typeof bill['gstin'] === 'string' ? bill['gstin'].toUpperCase() : (s.gstins[0] ?? '');
      if (!s.gstins.includes(gstin))
        out.skipped.push({ gstin, reason: `e-way bill ${String(bill['ewbNo'])}: ${gstin || 'no GSTIN'} is not a GSTIN of the schedule` });
      else byGstin.set(gstin, [...(byGstin.get(gstin) ?? []), extensionRequest(bill)]);
    }
    for (const [gstin, bills] of byGstin) out.jobs.push(job(s, 'ewaybill/extend', { gstin, bills }));
    return out;
  },
};

export const scheduleKinds: Readonly<Record<ScheduleType, ScheduleKind>> = {
  'gstr2b-pull': gstr2bPull,
  'gstr2a-pull': gstr2aPull,
  'ims-pull': imsPull,
  reconcile,
  'gstr-export': gstrExport,
  'ewaybill-extend': ewaybillExtend,
};

export const isScheduleType = (t: unknown): t is ScheduleType => typeof t === 'string' && (scheduleTypes as readonly string[]).includes(t);
