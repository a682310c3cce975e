/**
 * An `ewaybill-extend` schedule on the sandbox: an e-way bill the host marks as still moving is left alone
 * before the portal's window opens, extended inside it, and reported once the window has passed; a bill the
 * extension request's own checks refuse is refused when the schedule is made.
 */
import { describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { createScheduler } from '../../src/jobs/schedule/index.js';
import { basicAuth, createSandbox, manualClock, parseIst } from '../../src/sandbox/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { example, identity } from '../http/harness.js';

const CONSIGNOR = '33AAHCT2290K1Z6';
const E = '/api/svc/einvoice';
const auth = 'Basic ' + Buffer.from('acme:secret-a').toString('base64');

function setup() {
  const clock = manualClock(parseIst('14/11/2026 11:00:00')!);
  const sandbox = createSandbox({ companies: { acme: [CONSIGNOR] }, clock, identity, seed: 11, syntheticDocumentsPerPeriod: 0 });
  const schedules = createMemoryStore();
  const handler = createGstHandler({
    ...sandbox.providers,
    clock,
    schedules,
    authenticate: basicAuth([{ keyId: 'acme', keySecret: 'secret-a', companyId: 'acme' }], new Map([['acme', [CONSIGNOR]]])),
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await handler(
      new Request(`http://t${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };
  const scheduler = createScheduler({ store: schedules, jobs: sandbox.jobs, returns: sandbox.providers.returnStore, clock });
  /** Runs what is due at `time` and answers the result of the one job it submitted. */
  const runAt = async (time: string) => {
    clock.set(parseIst(time)!);
    const [report] = await scheduler.runDue();
    expect(report?.jobIds).toHaveLength(1);
    await sandbox.jobs.idle();
    const status = await call('GET', `/api/svc/robot/jobstatus/${report!.jobIds[0]}`);
    expect(status.body.jobStatusText, JSON.stringify(status.body)).toBe('done');
    return status.body.result as { gstin: string; extended: number; bills: Array<Record<string, unknown>> };
  };
  return { call, runAt };
}

describe('the ewaybill-extend schedule', () => {
  it('extends a moving bill inside the window only', async () => {
    const { call, runAt } = setup();
    const made = await call('POST', `${E}/generateewaybill?gstin=${CONSIGNOR}`, { ...example('ewb'), docNo: 'TFPL/2026/5001' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ewbNo = String(made.body['EwbNo']); // 505 km by road: valid until 17/11/2026 23:59
    const bill = { ...example('extend-validity'), ewbNo, remainingDistance: 120 };

    const schedule = await call('POST', '/api/svc/schedules', { type: 'ewaybill-extend', gstins: [CONSIGNOR], params: { bills: [bill] } });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    expect(schedule.body['when']).toBe('*/30 * * * *');

    const early = await runAt('17/11/2026 12:00:00');
    expect(early.bills).toEqual([
      { ewbNo, status: 'not-yet', validUpto: '17/11/2026 23:59:00', windowOpensAt: parseIst('17/11/2026 16:00:00')!.toISOString() },
    ]);
    expect(early.extended).toBe(0);

    const inside = await runAt('17/11/2026 20:00:00');
    expect(inside.extended).toBe(1);
    expect(inside.bills[0]).toMatchObject({ ewbNo, status: 'extended', updatedDate: '17/11/2026 20:00:00' });
    const validUpto = String(inside.bills[0]?.['validUpto']);
    expect(parseIst(validUpto)!.getTime()).toBeGreaterThan(parseIst('17/11/2026 23:59:00')!.getTime());
    const detail = await call('GET', `${E}/getewaybill?gstin=${CONSIGNOR}&ewbNo=${ewbNo}`);
    expect(detail.body['Response']['validUpto']).toBe(validUpto);

    const late = await runAt('30/11/2026 12:00:00');
    expect(late.bills).toEqual([{ ewbNo, status: 'window-passed', validUpto }]);
  });

  it('refuses, when the schedule is made, a bill the extension request checks refuse', async () => {
    const { call } = setup();
    const bad = await call('POST', '/api/svc/schedules', {
      type: 'ewaybill-extend',
      gstins: [CONSIGNOR],
      params: { bills: [{ ...example('extend-validity'), extnRsnCode: '77', fromState: 99 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('svc-errormessage')).toMatch(/\/params\/bills\/0\//);
    const none = await call('POST', '/api/svc/schedules', { type: 'ewaybill-extend', gstins: [CONSIGNOR], params: { bills: [] } });
    expect(none.headers.get('svc-errorcode')).toBe('SVC-792');
  });
});
