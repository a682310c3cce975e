/** The consolidated e-waybill and multi-vehicle actions of the NIC e-waybill connector, against the fake portal on loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeNic } from '../support/fake-nic.js';
import { call, example, nicHandler, SHIPPER, startFake } from './helpers.js';

const E = '/api/svc/einvoice/';

describe('the NIC connector: consolidated e-waybills and multi-vehicle movement', () => {
  let fake: FakeNic;
  beforeAll(async () => {
    fake = await startFake();
  });
  afterAll(async () => {
    await fake.stop();
  });

  it('sends GENCEWB and REGENTRIPSHEET with NIC numbers and reads the trip sheet', async () => {
    const { handler } = nicHandler(fake);
    const gen = await call(handler, 'POST', `${E}generateewaybill?gstin=${SHIPPER}`, { ...example('ewb'), docNo: 'TFPL/CEWB/1' });
    expect(gen.status).toBe(200);
    const consolidated = await call(handler, 'POST', `${E}generateconsolidatedewb?gstin=${SHIPPER}`, {
      ...example('consolidated-ewb'),
      tripSheetEwbBills: [{ ewbNo: gen.body.EwbNo }],
    });
    expect(consolidated.status).toBe(200);
    expect(consolidated.body).toEqual({
      Success: true,
      cEwbNo: expect.stringMatching(/^\d{10}$/),
      cEWBDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
    });
    const sent = fake.ewbPosts.find((p) => p.action === 'GENCEWB')!.data;
    expect(sent).toMatchObject({
      fromPlace: 'Chennai',
      fromState: 33,
      vehicleNo: 'TN22CX4521',
      transMode: '1',
      tripSheetEwbBills: [{ ewbNo: Number(gen.body.EwbNo) }],
    });

    const regen = await call(handler, 'POST', `${E}regeneratetripsheet?gstin=${SHIPPER}`, {
      ...example('regenerate-trip-sheet'),
      tripSheetNo: consolidated.body.cEwbNo,
    });
    expect(regen.status).toBe(200);
    expect(regen.body.cEwbNo).not.toBe(consolidated.body.cEwbNo);
    expect(fake.ewbPosts.find((p) => p.action === 'REGENTRIPSHEET')!.data).toMatchObject({ tripSheetNo: Number(consolidated.body.cEwbNo), reasonCode: '1' });

    const sheet = await call(handler, 'GET', `${E}gettripsheet?gstin=${SHIPPER}&tripSheetNo=${consolidated.body.cEwbNo}`);
    expect(sheet.status).toBe(200);
    // NIC's number comes back as the trip-sheet kind's text, as the sandbox answers it.
    expect(sheet.body.Response.tripSheetNo).toBe(consolidated.body.cEwbNo);
  });

  it('keeps the portal code of a refused member', async () => {
    const { handler } = nicHandler(fake);
    const refused = await call(handler, 'POST', `${E}generateconsolidatedewb?gstin=${SHIPPER}`, {
      ...example('consolidated-ewb'),
      tripSheetEwbBills: [{ ewbNo: '391999999999' }],
    });
    expect(refused.body.Success).toBe(false);
    expect(refused.body.Errors[0].Code).toBe('325');
  });

  it('sends MULTIVEHMOVINT, MULTIVEHADD and MULTIVEHUPD and answers in the service form', async () => {
    const { handler } = nicHandler(fake);
    const gen = await call(handler, 'POST', `${E}generateewaybill?gstin=${SHIPPER}`, { ...example('ewb'), docNo: 'TFPL/MV/1' });
    const ewbNo = gen.body.EwbNo;
    const init = await call(handler, 'POST', `${E}initiatemultivehicle?gstin=${SHIPPER}`, { ...example('initiate-multi-vehicle'), ewbNo });
    expect(init.body).toEqual({ Success: true, ewbNo, groupNo: 1, createdDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/) });
    expect(fake.ewbPosts.find((p) => p.action === 'MULTIVEHMOVINT')!.data).toMatchObject({
      ewbNo: Number(ewbNo),
      fromState: 33,
      toState: 33,
      totalQuantity: 500,
      unitCode: 'KGS',
    });
    const add = await call(handler, 'POST', `${E}addmultivehicle?gstin=${SHIPPER}`, { ...example('add-multi-vehicle'), ewbNo });
    expect(add.body).toMatchObject({ Success: true, ewbNo, groupNo: 1 });
    expect(fake.ewbPosts.find((p) => p.action === 'MULTIVEHADD')!.data).toMatchObject({ ewbNo: Number(ewbNo), groupNo: 1, quantity: 300 });
    const change = await call(handler, 'POST', `${E}changemultivehicle?gstin=${SHIPPER}`, { ...example('change-multi-vehicle'), ewbNo });
    expect(change.body).toEqual({ Success: true, vehUpdDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/) });
    const unknown = await call(handler, 'POST', `${E}changemultivehicle?gstin=${SHIPPER}`, { ...example('change-multi-vehicle'), ewbNo, groupNo: 2 });
    expect(unknown.body.Errors[0].Code).toBe('405');
  });
});
