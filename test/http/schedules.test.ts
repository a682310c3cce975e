/**
 * The schedule routes as a company uses them: a 2B pull scheduled with its default calendar, listed, shown
 * with its last run after the scheduler ran it, its register changed, and deleted; refusals coded; another
 * company sees none of it.
 */
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../src/jobs/schedule/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { parseIst } from '../../src/compute/dates.js';
import { targets, world } from './harness.js';

const SELLER = '29AAGCK4821M1Z4';
const authB = 'Basic ' + Buffer.from('keyB:secretB').toString('base64');

describe.each(targets)('schedule routes ($name)', (target) => {
  it('create, list, show the last run, change, delete; refuse with codes; keep companies apart', async () => {
    const schedules = createMemoryStore();
    const w = world({ schedules });
    const { call, close } = await target.start(w.handler);
    try {
      // world() starts at 14/11/2026 11:00 IST: the next 06:00 on or after the 14th is tomorrow's.
      const made = await call('POST', '/api/svc/schedules', { body: { type: 'gstr2b-pull', gstins: [SELLER] } });
      expect(made.status, made.text).toBe(201);
      expect(made.body).toMatchObject({ type: 'gstr2b-pull', gstins: [SELLER], when: '0 6 14-31 * *', timeZone: 'Asia/Kolkata', runs: 0 });
      expect(made.body.nextRunAt).toBe(parseIst('15/11/2026 06:00:00')!.toISOString());
      const id: string = made.body.id;

      const register = 'supplier_gstin,invoice_no\n29AADCN7314Q1ZU,INV-1\n';
      const rec = await call('POST', '/api/svc/schedules', { body: { type: 'reconcile', gstins: [SELLER], params: { purchasesCsv: register } } });
      expect(rec.status, rec.text).toBe(201);
      expect(rec.body.params).toEqual({ purchasesCsv: { bytes: register.length } }); // the register is not echoed

      const list = await call('GET', '/api/svc/schedules');
      expect(list.status).toBe(200);
      expect(list.body.schedules.map((s: { id: string }) => s.id).sort()).toEqual([id, rec.body.id].sort()); // made at the same instant
      expect((await call('GET', '/api/svc/schedules', { auth: authB })).body).toEqual({ schedules: [] });
      const foreign = await call('GET', `/api/svc/schedules/${id}`, { auth: authB });
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get('svc-errorcode')).toBe('SVC-793');

      // The scheduler runs it when due; the schedule then shows what the run did.
      w.clock.set(parseIst('15/11/2026 06:00:00')!);
      const scheduler = createScheduler({ store: schedules, jobs: w.sandbox.jobs, returns: w.sandbox.providers.returnStore, clock: w.clock });
      const reports = await scheduler.runDue();
      expect(reports.map((r) => r.scheduleId)).toEqual([id]);
      const shown = await call('GET', `/api/svc/schedules/${id}`);
      expect(shown.body).toMatchObject({
        runs: 1,
        lastRunAt: parseIst('15/11/2026 06:00:00')!.toISOString(),
        nextRunAt: parseIst('16/11/2026 06:00:00')!.toISOString(),
      });
      expect(shown.body.lastRun.jobIds).toHaveLength(1);
      const job = await call('GET', `/api/svc/robot/jobstatus/${shown.body.lastRun.jobIds[0]}`);
      expect(job.status, job.text).toBe(200);
      expect(job.body.jobType).toBe('gstr2b/pull');

      const changed = await call('POST', `/api/svc/schedules/${rec.body.id}`, {
        body: { when: '30 9 * * 1-5', params: { purchasesCsv: `${register}29AADCN7314Q1ZU,INV-2\n` } },
      });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body).toMatchObject({ when: '30 9 * * 1-5', params: { purchasesCsv: { bytes: register.length + 22 } } });
      expect(changed.body.nextRunAt).toBe(parseIst('16/11/2026 09:30:00')!.toISOString()); // a Monday

      for (const [body, code] of [
        [{ type: 'gstr9-pull', gstins: [SELLER] }, 'SVC-790'],
        [{ type: 'gstr2a-pull', gstins: [SELLER], when: 'daily' }, 'SVC-791'],
        [{ type: 'gstr2b-pull', gstins: ['29AADCN7314Q1ZU'] }, 'SVC-792'],
        [{ type: 'reconcile', gstins: [SELLER] }, 'SVC-792'],
      ] as const) {
        const r = await call('POST', '/api/svc/schedules', { body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.headers.get('svc-errorcode')).toBe(code);
      }
      expect((await call('POST', `/api/svc/schedules/${id}`, { body: { when: '0 25 * * *' } })).headers.get('svc-errorcode')).toBe('SVC-791');

      expect((await call('DELETE', `/api/svc/schedules/${id}`, { auth: authB })).status).toBe(404);
      const gone = await call('DELETE', `/api/svc/schedules/${id}`);
      expect(gone.status, gone.text).toBe(200);
      expect(gone.body).toEqual({ id, deleted: true });
      expect((await call('GET', `/api/svc/schedules/${id}`)).status).toBe(404);
    } finally {
      await close();
    }
  });

  it('answers 503 when the host gave no schedule store', async () => {
    const w = world();
    const { call, close } = await target.start(w.handler);
    try {
      const r = await call('GET', '/api/svc/schedules');
      expect(r.status).toBe(503);
    } finally {
      await close();
    }
  });
});
