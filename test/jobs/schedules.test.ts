/**
 * Schedules: cron read in IST, each type's run (a 2B pull from the 14th until the 2B is held, a reconcile
 * after each new 2B), a run missed while no server was up made once at start, a failed submission kept for
 * the next time, and on every store two schedulers sharing it running each occurrence once.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.js';
import { parseIst } from '../../src/compute/dates.js';
import {
  createScheduler,
  newScheduleRow,
  nextOccurrence,
  previousPeriod,
  readCron,
  readScheduleRequest,
  type ScheduleRequest,
} from '../../src/jobs/schedule/index.js';
import type { JobRequest } from '../../src/ports/jobs.js';
import { createMemoryStore, openPostgresStore } from '../../src/store/index.js';
import { createMemoryReturnStore } from '../../src/store/memory-returns.js';
import { databaseUrl, freshDatabase, need } from '../support/services.js';
import { storeAdapters } from '../support/stores.js';

const G1 = '29AAGCK4821M1Z4';
const G2 = '33AAHCT2290K1Z6';
const ist = (text: string): Date => parseIst(text)!;

/** A job runner that keeps what it was given. */
function recordingJobs() {
  const submitted: JobRequest[] = [];
  return { submitted, jobs: { submit: async (job: JobRequest) => (submitted.push(job), { jobId: `job-${submitted.length}` }) } };
}

function request(body: Record<string, unknown>): ScheduleRequest {
  const read = readScheduleRequest(body, [G1, G2]);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.value;
}

describe('cron in IST', () => {
  it('reads five-part expressions and refuses others with SVC-791', () => {
    expect(readCron('0   6 14 * *')).toEqual({ ok: true, value: '0 6 14 * *' });
    for (const bad of ['', 'every day', '0 0 6 14 * *', '61 * * * *', 5]) {
      const read = readCron(bad);
      expect(read.ok, String(bad)).toBe(false);
      if (!read.ok) expect(read.errors[0]?.code).toBe('SVC-791');
    }
  });

  it('gives occurrences in IST, whatever the machine is set to', () => {
    // 06:00 IST on the 14th is 00:30 UTC.
    expect(nextOccurrence('0 6 14 * *', new Date('2026-11-28T00:00:00Z'))?.toISOString()).toBe('2026-12-14T00:30:00.000Z');
    // 23:30 IST is 18:00 UTC; an occurrence is strictly after the time given.
    expect(nextOccurrence('30 23 * * *', new Date('2026-11-28T17:59:00Z'))?.toISOString()).toBe('2026-11-28T18:00:00.000Z');
    expect(nextOccurrence('30 23 * * *', new Date('2026-11-28T18:00:00Z'))?.toISOString()).toBe('2026-11-29T18:00:00.000Z');
  });

  it('takes the month before the IST date as the default period', () => {
    expect(previousPeriod(new Date('2026-11-30T19:00:00Z'))).toBe('2026-11'); // 1 December 00:30 IST
    expect(previousPeriod(new Date('2026-11-30T18:00:00Z'))).toBe('2026-10'); // 30 November 23:30 IST
    expect(previousPeriod(ist('05/01/2027 10:00:00'))).toBe('2026-12');
  });
});

describe('a schedule request', () => {
  it('gives a 2B pull its default calendar and refuses what no run could use', () => {
    expect(request({ type: 'gstr2b-pull', gstins: [G1.toLowerCase()] })).toEqual({ type: 'gstr2b-pull', gstins: [G1], when: '0 6 14-31 * *', params: {} });
    const codes = (body: Record<string, unknown>): string[] => {
      const read = readScheduleRequest(body, [G1]);
      return read.ok ? [] : read.errors.map((e) => e.code);
    };
    expect(codes({ type: 'gstr9-pull', gstins: [G1] })).toEqual(['SVC-790']);
    expect(codes({ type: 'gstr2a-pull', gstins: [G1] })).toEqual(['SVC-791']); // no default calendar
    expect(codes({ type: 'gstr2b-pull', gstins: [G2] })).toEqual(['SVC-792']); // another company's GSTIN
    expect(codes({ type: 'gstr2b-pull', gstins: [] })).toEqual(['SVC-792']);
    expect(codes({ type: 'reconcile', gstins: [G1] })).toEqual(['SVC-792']); // no register
    expect(codes({ type: 'gstr2b-pull', gstins: [G1], params: { period: '2026-13' } })).toEqual(['SVC-792']);
  });
});

describe('the scheduler', () => {
  it('pulls GSTR-2B from the 14th, daily, for the GSTINs whose 2B is not yet held', async () => {
    const clock = manualClock(ist('13/11/2026 10:00:00'));
    const store = createMemoryStore();
    const returns = createMemoryReturnStore();
    const { submitted, jobs } = recordingJobs();
    const row = newScheduleRow('acme', request({ type: 'gstr2b-pull', gstins: [G1, G2] }), clock.now());
    expect(row.nextRunAt).toBe(ist('14/11/2026 06:00:00').toISOString());
    await store.addSchedule(row);
    const scheduler = createScheduler({ store, jobs, returns, clock });

    expect(await scheduler.runDue()).toEqual([]); // not due yet
    clock.set(ist('14/11/2026 06:00:00'));
    const [first] = await scheduler.runDue();
    expect(first?.jobIds).toEqual(['job-1', 'job-2']);
    expect(submitted.map((j) => j.params)).toEqual([
      { gstin: G1, returnType: 'gstr2b', period: '2026-10' },
      { gstin: G2, returnType: 'gstr2b', period: '2026-10' },
    ]);
    expect(submitted.every((j) => j.type === 'gstr2b/pull' && j.companyId === 'acme')).toBe(true);
    expect(first?.nextRunAt).toBe(ist('15/11/2026 06:00:00').toISOString());

    // G1's 2B arrived with the first pull; the next day only G2 is pulled.
    await returns.put({ gstin: G1, returnType: 'gstr2b', period: '2026-10', pulledAt: clock.now().toISOString(), data: {} });
    clock.set(ist('15/11/2026 06:00:00'));
    const [second] = await scheduler.runDue();
    expect(second?.skipped).toEqual([{ gstin: G1, reason: 'GSTR-2B of 2026-10 is already held' }]);
    expect(submitted.slice(2).map((j) => j.params['gstin'])).toEqual([G2]);

    const stored = await store.getSchedule('acme', row.scheduleId);
    expect(stored).toMatchObject({ runs: 2, lastRunAt: clock.now().toISOString(), nextRunAt: ist('16/11/2026 06:00:00').toISOString() });
    expect(stored?.claimedUntil).toBeUndefined();
    expect(await store.getSchedule('beta', row.scheduleId)).toBeUndefined();
  });

  it('runs a schedule missed while no server was up once at start, then from now on', async () => {
    const clock = manualClock(ist('13/11/2026 10:00:00'));
    const store = createMemoryStore();
    const { submitted, jobs } = recordingJobs();
    const row = newScheduleRow('acme', request({ type: 'ims-pull', gstins: [G1] }), clock.now());
    await store.addSchedule(row);
    // Every server was down for five days (five 07:00 occurrences).
    clock.set(ist('18/11/2026 12:00:00'));
    const scheduler = createScheduler({ store, jobs, clock, pollMs: 60_000 });
    scheduler.start();
    await scheduler.close();
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({ type: 'ims/pull', params: { gstin: G1, period: '2026-10' } });
    expect((await store.getSchedule('acme', row.scheduleId))?.nextRunAt).toBe(ist('19/11/2026 07:00:00').toISOString());
    expect(await scheduler.runDue()).toEqual([]);
  });

  it('reconciles the register against each new GSTR-2B once', async () => {
    const clock = manualClock(ist('14/11/2026 07:00:00'));
    const store = createMemoryStore();
    const returns = createMemoryReturnStore();
    const { submitted, jobs } = recordingJobs();
    const purchasesCsv = 'supplier_gstin,invoice_no,invoice_date,taxable_value\n29AADCN7314Q1ZU,INV-1,2026-10-03,1000\n';
    const row = newScheduleRow('acme', request({ type: 'reconcile', gstins: [G1], params: { purchasesCsv, format: 'json' } }), clock.now());
    await store.addSchedule(row);
    const scheduler = createScheduler({ store, jobs, returns, clock });

    clock.set(ist('14/11/2026 08:00:00'));
    expect((await scheduler.runDue())[0]?.skipped).toEqual([{ gstin: G1, reason: 'no GSTR-2B of 2026-10 is held yet' }]);
    await returns.put({ gstin: G1, returnType: 'gstr2b', period: '2026-10', pulledAt: ist('14/11/2026 09:00:00').toISOString(), data: {} });
    clock.set(ist('15/11/2026 08:00:00'));
    expect((await scheduler.runDue())[0]?.jobIds).toEqual(['job-1']);
    expect(submitted[0]).toEqual({
      type: 'gstr2b/reconcile',
      companyId: 'acme',
      params: { gstin: G1, startPeriod: '2026-10', endPeriod: '2026-10', purchasesCsv, format: 'json' },
    });
    clock.set(ist('16/11/2026 08:00:00'));
    expect((await scheduler.runDue())[0]?.jobIds).toEqual([]); // the same 2B
    await returns.put({ gstin: G1, returnType: 'gstr2b', period: '2026-10', pulledAt: ist('16/11/2026 09:00:00').toISOString(), data: {} });
    clock.set(ist('17/11/2026 08:00:00'));
    expect((await scheduler.runDue())[0]?.jobIds).toEqual(['job-2']);
  });

  it('keeps a run whose jobs could not be submitted for the next time, with SVC-794', async () => {
    const clock = manualClock(ist('14/11/2026 05:00:00'));
    const store = createMemoryStore();
    const row = newScheduleRow('acme', request({ type: 'gstr2a-pull', gstins: [G1], when: '0 6 * * *' }), clock.now());
    await store.addSchedule(row);
    const scheduler = createScheduler({ store, jobs: { submit: () => Promise.reject(new Error('the job queue is full')) }, clock });
    clock.set(ist('14/11/2026 06:00:00'));
    const [report] = await scheduler.runDue();
    expect(report?.error).toEqual({ code: 'SVC-794', message: 'the run could not submit its jobs: the job queue is full' });
    const stored = await store.getSchedule('acme', row.scheduleId);
    expect(stored?.lastOutcome).toMatchObject({ error: { code: 'SVC-794' } });
    expect(stored?.nextRunAt).toBe(ist('15/11/2026 06:00:00').toISOString());
  });
});

describe.each(storeAdapters())('schedules on the %s store', (_name, open) => {
  it('are listed, changed and deleted per company', async () => {
    const { store, done } = await open();
    try {
      const now = ist('13/11/2026 10:00:00');
      const a = newScheduleRow('acme', request({ type: 'gstr2b-pull', gstins: [G1] }), now, 'sch-a');
      const b = newScheduleRow('beta', request({ type: 'gstr2b-pull', gstins: [G1] }), new Date(now.getTime() + 1000), 'sch-b');
      await store.addSchedule(a);
      await store.addSchedule(b);
      await store.addSchedule({ ...a, type: 'ims-pull' }); // again: the first is kept
      expect((await store.listSchedules('acme')).map((s) => [s.scheduleId, s.type])).toEqual([['sch-a', 'gstr2b-pull']]);
      expect(await store.getSchedule('acme', 'sch-a')).toEqual(a);
      expect(await store.updateSchedule('beta', 'sch-a', { when: '0 9 * * *', params: {}, nextRunAt: a.nextRunAt })).toBe(false);
      expect(await store.updateSchedule('acme', 'sch-a', { when: '0 9 * * *', params: { period: '2026-09' }, nextRunAt: now.toISOString() })).toBe(true);
      expect(await store.getSchedule('acme', 'sch-a')).toMatchObject({ when: '0 9 * * *', params: { period: '2026-09' }, nextRunAt: now.toISOString() });
      expect(await store.deleteSchedule('beta', 'sch-a')).toBe(false);
      expect(await store.deleteSchedule('acme', 'sch-a')).toBe(true);
      expect(await store.listSchedules('acme')).toEqual([]);
      expect(await store.listSchedules('beta')).toHaveLength(1);
    } finally {
      await done();
    }
  });

  it('are run once per occurrence by two schedulers sharing the store, and again after a claim runs out', async () => {
    const { store, done } = await open();
    try {
      const clock = manualClock(ist('13/11/2026 10:00:00'));
      const { submitted, jobs } = recordingJobs();
      const rows = Array.from({ length: 6 }, (_, i) =>
        newScheduleRow('acme', request({ type: 'gstr2a-pull', gstins: [G1], when: '0 6 * * *' }), clock.now(), `sch-${i}`),
      );
      for (const r of rows) await store.addSchedule(r);
      const one = createScheduler({ store, jobs, clock });
      const two = createScheduler({ store, jobs, clock });
      clock.set(ist('14/11/2026 06:00:00'));
      await Promise.all([one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
      expect(submitted).toHaveLength(6);

      // A server claimed the next occurrence and died before recording it: after the lease another runs it.
      clock.set(ist('15/11/2026 06:00:00'));
      const [claimed] = await store.claimDueSchedules(clock.now().toISOString(), ist('15/11/2026 06:05:00').toISOString(), 1);
      expect(claimed?.claimedUntil).toBe(ist('15/11/2026 06:05:00').toISOString());
      await one.runDue();
      expect(submitted).toHaveLength(11);
      clock.set(ist('15/11/2026 06:05:00'));
      await two.runDue();
      expect(submitted).toHaveLength(12);
      expect(
        await store.recordScheduleRun(claimed!.scheduleId, claimed!.claimedUntil!, {
          nextRunAt: clock.now().toISOString(),
          lastRunAt: clock.now().toISOString(),
          lastOutcome: {},
          memo: {},
        }),
      ).toBe(false);
    } finally {
      await done();
    }
  });
});

describe.runIf(need(databaseUrl))('two servers on one PostgreSQL', () => {
  it('run each due schedule once', async () => {
    const db = await freshDatabase(databaseUrl as string);
    const a = await openPostgresStore(db.url);
    const b = await openPostgresStore(db.url);
    try {
      const clock = manualClock(ist('13/11/2026 10:00:00'));
      const { submitted, jobs } = recordingJobs();
      for (let i = 0; i < 40; i++)
        await a.addSchedule(newScheduleRow('acme', request({ type: 'gstr2a-pull', gstins: [G1], when: '0 6 * * *' }), clock.now(), `race-${i}`));
      clock.set(ist('14/11/2026 06:00:00'));
      const one = createScheduler({ store: a, jobs, clock });
      const two = createScheduler({ store: b, jobs, clock });
      const [ra, rb] = await Promise.all([one.runDue(), two.runDue()]);
      expect(submitted).toHaveLength(40);
      expect(new Set([...ra, ...rb].map((r) => r.scheduleId)).size).toBe(40);
      expect((await a.listSchedules('acme')).every((s) => s.runs === 1)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
