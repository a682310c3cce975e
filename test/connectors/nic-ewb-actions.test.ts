/**
 * The NIC e-waybill connector's actions after generation (VEHEWB, UPDATETRANSPORTER, EXTENDVALIDITY, REJEWB
 * and the two GET lists) behind createGstHandler, against the fake portal: the data NIC receives has its
 * types, and NIC's answers (12-hour AM/PM times, bare objects) come out in the kinds' response shapes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validate } from '../../src/validate.js';
import type { FakeNic } from '../support/fake-nic.js';
import { call, ctx, example, nicHandler, SHIPPER, startFake } from './helpers.js';

const E = '/api/svc/einvoice/';
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;

describe('NIC e-waybill actions after generation', () => {
  let fake: FakeNic;
  beforeEach(async () => {
    fake = await startFake();
  });
  afterEach(async () => {
    await fake.stop();
  });

  it('sends each action with NIC types and answers in the service shapes', async () => {
    const { handler, ewb } = nicHandler(fake);
    const gen = await call(handler, 'POST', `${E}generateewaybill?gstin=${SHIPPER}`, example('ewb'));
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    const ewbNo = String(gen.body.EwbNo);

    const vehicle = await call(handler, 'POST', `${E}updatevehicle?gstin=${SHIPPER}`, { ...example('update-vehicle'), ewbNo });
    expect(vehicle.status, JSON.stringify(vehicle.body)).toBe(200);
    expect(validate('update-vehicle-response', vehicle.body).errors).toEqual([]);
    expect(vehicle.body.vehUpdDate).toMatch(DATE_TIME);
    expect(vehicle.body.validUpto).toMatch(/ 23:59:00$/); // NIC's "11:59:00 PM"
    expect(fake.ewbPosts.at(-1)).toEqual({
      action: 'VEHEWB',
      data: { ...example('update-vehicle'), ewbNo: Number(ewbNo) },
    });

    const transporter = await call(handler, 'POST', `${E}updatetransporter?gstin=${SHIPPER}`, { ewbNo, transporterId: '33AABCK5523R1Z9' });
    expect(transporter.status).toBe(200);
    expect(validate('update-transporter-response', transporter.body).errors).toEqual([]);
    expect(transporter.body).toMatchObject({ Success: true, ewayBillNo: ewbNo, transporterId: '33AABCK5523R1Z9' });
    expect(transporter.body.transUpdateDate).toMatch(DATE_TIME);
    expect(fake.ewbPosts.at(-1)).toEqual({ action: 'UPDATETRANSPORTER', data: { ewbNo: Number(ewbNo), transporterId: '33AABCK5523R1Z9' } });

    const extended = await call(handler, 'POST', `${E}extendvalidity?gstin=${SHIPPER}`, { ...example('extend-validity'), ewbNo });
    expect(extended.status).toBe(200);
    expect(validate('extend-validity-response', extended.body).errors).toEqual([]);
    expect(extended.body.updatedDate).toMatch(DATE_TIME);
    const sent = fake.ewbPosts.at(-1)!.data;
    expect([sent['ewbNo'], sent['fromState'], sent['fromPincode'], sent['remainingDistance']]).toEqual([Number(ewbNo), 33, 641604, 52]);

    const rejected = await call(handler, 'POST', `${E}rejectewb?gstin=${SHIPPER}`, { ewbNo });
    expect(rejected.status).toBe(200);
    expect(validate('reject-ewb-response', rejected.body).errors).toEqual([]);
    expect(rejected.body.ewbRejectedDate).toMatch(DATE_TIME);

    const today = gen.body.EwbTime.slice(0, 10);
    const list = await ewb.listRejectedByOthers(ctx, SHIPPER, today);
    expect(list.ok).toBe(true);
    if (list.ok) {
      expect(list.value).toHaveLength(1);
      expect(list.value[0]!['rejectedDate']).toMatch(DATE_TIME);
      expect(validate('ewb-list-rejected', { Success: true, Response: list.value }).errors).toEqual([]);
    }
    const routeList = await call(handler, 'GET', `${E}getewaybillsrejectedbyothers?gstin=${SHIPPER}&date=${today}`);
    expect(routeList.status).toBe(200);
    expect(validate('ewb-list-rejected', routeList.body).errors).toEqual([]);
    const carried = await ewb.listForTransporter(ctx, SHIPPER, today);
    expect(carried.ok && carried.value).toEqual([]);
  });

  it('passes the portal refusal code on', async () => {
    const { handler } = nicHandler(fake);
    const out = await call(handler, 'POST', `${E}updatevehicle?gstin=${SHIPPER}`, { ...example('update-vehicle'), ewbNo: '391099999999' });
    expect(out.status).toBeGreaterThanOrEqual(400);
    expect(out.body.Errors.map((e: { Code: string }) => e.Code)).toContain('325');
  });
});
