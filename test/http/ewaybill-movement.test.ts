/**
 * Consolidated e-waybills and multi-vehicle movement over HTTP, from generation, on the sandbox with its
 * injectable clock and a PGlite store: the refusals at their boundaries, and the state kept in the store
 * (a second sandbox over the same store, as after a restart, sees the same trip sheets and groups).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GstHandler } from '../../src/http/index.js';
import { createSigningIdentity, manualClock, parseIst, type ManualClock } from '../../src/sandbox/index.js';
import { openPgliteStore } from '../../src/store/index.js';
import type { Store } from '../../src/ports/store.js';
import { validate } from '../../src/validate.js';
import { companiesServer, companyCaller } from '../support/companies.js';

const SHIPPER = '33AAHCT2290K1Z6';
const RECIPIENT = '33AAEFV6613B1ZL';
const CARRIER = '33AAFCP8841N1ZX';
const OTHER_CARRIER = '29AAGCM4821K1Z6';
const E = '/api/svc/einvoice/';
const HOUR = 3_600_000;
const identity = createSigningIdentity();
const example = (name: string): Record<string, any> => JSON.parse(readFileSync(new URL(`../../docs/examples/${name}.json`, import.meta.url), 'utf8'));
const keys = { acme: 'acme-key', carrier: 'carrier-key', other: 'other-key' } as const;
type Who = keyof typeof keys;

const companies = { acme: [SHIPPER], carrier: [CARRIER], other: [OTHER_CARRIER, RECIPIENT] };
const server = (store: Store, clock: ManualClock): GstHandler => companiesServer({ companies, keys, store, clock, identity, seed: 11 });

describe('consolidated e-waybills and multi-vehicle movement over HTTP', () => {
  let store: Store;
  let clock: ManualClock;
  let handler: GstHandler;
  let docs = 0;

  const call = companyCaller(() => handler, keys, E);
  const as = (who: Who, gstin: string) => ({
    post: (action: string, body: unknown) => call(who, 'POST', `${action}?gstin=${gstin}`, body),
    get: (action: string, query: string) => call(who, 'GET', `${action}?gstin=${gstin}&${query}`),
  });
  const shipper = as('acme', SHIPPER);
  const carrier = as('carrier', CARRIER);

  /** A new e-waybill of the shipper assigned to `transporter`, with a vehicle unless `partA`. */
  const generate = async (options: { transporter?: string; partA?: boolean } = {}): Promise<string> => {
    const request: Record<string, unknown> = { ...example('ewb'), docNo: `TFPL/MV/${++docs}`, transporterId: options.transporter ?? CARRIER };
    if (options.partA) for (const k of ['vehicleNo', 'transMode', 'transDocNo', 'transDocDate', 'vehicleType']) delete request[k];
    const out = await shipper.post('generateewaybill', request);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    return out.body.EwbNo;
  };
  const trip = (...ewbNos: string[]) => ({ ...example('consolidated-ewb'), tripSheetEwbBills: ewbNos.map((ewbNo) => ({ ewbNo })) });
  const codes = (out: { body: any }) => (out.body.Errors ?? []).map((e: any) => e.Code);

  beforeAll(async () => {
    store = await openPgliteStore('memory://');
    clock = manualClock(parseIst('14/11/2026 11:00:00')!);
    handler = server(store, clock);
  }, 120_000);
  afterAll(async () => store?.close());

  it('consolidates the carrier’s e-waybills, giving a Part-A slip its Part-B and the trip sheet number in each vehicle history', async () => {
    const withVehicle = await generate();
    const slip = await generate({ partA: true });
    expect((await shipper.get('getewaybill', `ewbNo=${slip}`)).body.Response.validUpto).toBeNull();
    clock.advance(HOUR);
    const made = await carrier.post('generateconsolidatedewb', trip(withVehicle, slip));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(validate('consolidated-ewb-response', made.body).errors).toEqual([]);
    expect(made.body).toEqual({ Success: true, cEwbNo: expect.stringMatching(/^3\d{9}$/), cEWBDate: '14/11/2026 12:00:00' });

    const detail = (await shipper.get('getewaybill', `ewbNo=${slip}`)).body.Response;
    expect(detail.validUpto).toMatch(/^\d{2}\/11\/2026 23:59:00$/);
    expect(detail.VehiclListDetails[0]).toMatchObject({ vehicleNo: 'TN22CX4521', tripshtNo: Number(made.body.cEwbNo), userGSTINTransin: CARRIER });

    const sheet = await carrier.get('gettripsheet', `tripSheetNo=${made.body.cEwbNo}`);
    expect(sheet.status).toBe(200);
    expect(validate('trip-sheet', sheet.body).errors).toEqual([]);
    expect(sheet.body.Response).toMatchObject({
      tripSheetNo: made.body.cEwbNo,
      tripSheetStatus: 'ACT',
      userGstin: CARRIER,
      vehicleNo: 'TN22CX4521',
      fromState: 33,
    });
    expect(sheet.body.Response.tripSheetEwbBills.map((m: any) => m.ewbNo)).toEqual([withVehicle, slip]);
    // Another company neither made nor may read it.
    expect(codes(await as('other', OTHER_CARRIER).get('gettripsheet', `tripSheetNo=${made.body.cEwbNo}`))).toEqual(['387']);

    const pdf = await carrier.get('gettripsheet', `tripSheetNo=${made.body.cEwbNo}&pdf=yes`);
    expect(Buffer.from(pdf.body.TripSheetPdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a trip sheet when a member is unknown, cancelled, someone else’s or expired, naming each member, and changes nothing', async () => {
    const fine = await generate();
    const cancelled = await generate();
    expect((await shipper.post('cancelewb', { ewbNo: cancelled, cancelRsnCode: '2', cancelRmrk: 'order withdrawn' })).status).toBe(200);
    const elsewhere = await generate({ transporter: OTHER_CARRIER });
    const refused = await carrier.post('generateconsolidatedewb', trip(fine, cancelled, elsewhere, '331999999999'));
    expect(refused.status).toBe(409);
    expect(refused.body.Errors.map((e: any) => e.Code)).toEqual(['343', '650', '325']);
    expect(refused.body.Errors[0].Message).toContain(cancelled);
    // All or nothing: the member that passed got no Part-B from the refused trip sheet.
    expect((await shipper.get('getewaybill', `ewbNo=${fine}`)).body.Response.VehiclListDetails.every((v: any) => v.tripshtNo === 0)).toBe(true);
  });

  it('refuses a member at the minute its validity lapses (818), and the generator once the carrier entered Part-B (649)', async () => {
    const member = await generate();
    const validUpto: string = (await shipper.get('getewaybill', `ewbNo=${member}`)).body.Response.validUpto;
    const start = clock.now();
    clock.set(new Date(parseIst(validUpto)!.getTime() + 59_000)); // 23:59:59 of the last day: still valid
    const last = await carrier.post('generateconsolidatedewb', trip(member));
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(codes(await shipper.post('generateconsolidatedewb', trip(member)))).toEqual(['649']);
    clock.set(new Date(parseIst(validUpto)!.getTime() + 60_000)); // midnight
    expect(codes(await carrier.post('generateconsolidatedewb', trip(member)))).toEqual(['818']);
    clock.set(start);
  });

  it('splits a load over vehicles up to the initiated quantity exactly, then keeps the e-waybill out of trip sheets', async () => {
    const ewbNo = await generate();
    const slip = await generate({ partA: true });
    const init = (over: Record<string, unknown> = {}) => carrier.post('initiatemultivehicle', { ...example('initiate-multi-vehicle'), ewbNo, ...over });
    expect(codes(await carrier.post('initiatemultivehicle', { ...example('initiate-multi-vehicle'), ewbNo: slip }))).toEqual(['381']);
    expect(codes(await init({ unitCode: 'BOX' }))).toEqual(['399']);
    expect(codes(await as('other', OTHER_CARRIER).post('initiatemultivehicle', { ...example('initiate-multi-vehicle'), ewbNo }))).toEqual(['646']);
    const started = await init();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(validate('initiate-multi-vehicle-response', started.body).errors).toEqual([]);
    expect(started.body).toMatchObject({ Success: true, ewbNo, groupNo: 1 });
    expect(codes(await init({ unitCode: 'NOS' }))).toEqual(['399']);

    const add = (quantity: number, vehicleNo: string, groupNo = 1) =>
      carrier.post('addmultivehicle', { ...example('add-multi-vehicle'), ewbNo, groupNo, quantity, vehicleNo, transDocNo: `LR/${vehicleNo}` });
    expect((await add(300, 'TN30AQ1188')).body).toMatchObject({ Success: true, ewbNo, groupNo: 1 });
    const over = await add(200.001, 'TN30AQ1189');
    expect(codes(over)).toEqual(['400']);
    expect(over.body.Errors[0].Message).toContain('200 left');
    expect(codes(await add(10, 'TN30AQ1190', 2))).toEqual(['411']);
    expect((await add(200, 'TN30AQ1189')).status).toBe(200);
    expect(codes(await add(0.001, 'TN30AQ1191'))).toEqual(['400']);

    // The replacement carries the replaced vehicle's share, so the total stays 500.
    const change = (over: Record<string, unknown>) => carrier.post('changemultivehicle', { ...example('change-multi-vehicle'), ewbNo, ...over });
    const changed = await change({ oldvehicleNo: 'TN30AQ1188', oldTranNo: 'LR/TN30AQ1188', newVehicleNo: 'TN30AR2290', newTranNo: 'LR/TN30AR2290' });
    expect(changed.body).toEqual({ Success: true, vehUpdDate: expect.stringMatching(/^\d{2}\/11\/2026 \d{2}:\d{2}:00$/) });
    expect(codes(await change({ oldvehicleNo: 'TN30AQ1188', oldTranNo: 'LR/TN30AQ1188', newVehicleNo: 'TN30AR2291', newTranNo: 'LR/X' }))).toEqual(['405']);
    expect(codes(await add(1, 'TN30AQ1192'))).toEqual(['400']);

    const history = (await shipper.get('getewaybill', `ewbNo=${ewbNo}`)).body.Response.VehiclListDetails;
    expect(history.slice(0, 3).map((v: any) => [v.vehicleNo, v.groupNo])).toEqual([
      ['TN30AR2290', '1'],
      ['TN30AQ1189', '1'],
      ['TN30AQ1188', '1'],
    ]);

    expect(codes(await carrier.post('generateconsolidatedewb', trip(ewbNo)))).toEqual(['648']);
  });

  it('regenerates a trip sheet with the members still movable, under a new number', async () => {
    const a = await generate();
    const b = await generate();
    const first = await carrier.post('generateconsolidatedewb', trip(a, b));
    expect(first.status).toBe(200);
    // b starts a multi-vehicle movement: it no longer travels with the trip sheet.
    expect((await carrier.post('initiatemultivehicle', { ...example('initiate-multi-vehicle'), ewbNo: b })).status).toBe(200);
    clock.advance(HOUR);
    const regen = await carrier.post('regeneratetripsheet', { ...example('regenerate-trip-sheet'), tripSheetNo: first.body.cEwbNo });
    expect(regen.status, JSON.stringify(regen.body)).toBe(200);
    expect(regen.body.cEwbNo).not.toBe(first.body.cEwbNo);
    const sheet = (await carrier.get('gettripsheet', `tripSheetNo=${regen.body.cEwbNo}`)).body.Response;
    expect(sheet.tripSheetEwbBills.map((m: any) => m.ewbNo)).toEqual([a]);
    expect(sheet.vehicleListDetails.map((v: any) => v.vehicleNo)).toEqual(['TN22CX4521', 'TN45BZ7702']);
    expect((await carrier.get('gettripsheet', `tripSheetNo=${first.body.cEwbNo}`)).body.Response).toMatchObject({
      tripSheetStatus: 'REG',
      regeneratedAs: regen.body.cEwbNo,
    });
    expect(codes(await carrier.post('regeneratetripsheet', { ...example('regenerate-trip-sheet'), tripSheetNo: first.body.cEwbNo }))).toEqual(['392']);
    expect(codes(await carrier.post('regeneratetripsheet', { ...example('regenerate-trip-sheet'), tripSheetNo: '3999999999' }))).toEqual(['387']);
    // Once a's validity has lapsed nothing is left to move.
    const validUpto = (await shipper.get('getewaybill', `ewbNo=${a}`)).body.Response.validUpto;
    const start = clock.now();
    clock.set(new Date(parseIst(validUpto)!.getTime() + 60_000));
    expect(codes(await carrier.post('regeneratetripsheet', { ...example('regenerate-trip-sheet'), tripSheetNo: regen.body.cEwbNo }))).toEqual(['391']);
    clock.set(start);
  });

  it('refuses a multi-vehicle movement on a lapsed e-waybill (817)', async () => {
    const ewbNo = await generate();
    const validUpto = (await shipper.get('getewaybill', `ewbNo=${ewbNo}`)).body.Response.validUpto;
    const start = clock.now();
    clock.set(new Date(parseIst(validUpto)!.getTime() + 60_000));
    expect(codes(await carrier.post('initiatemultivehicle', { ...example('initiate-multi-vehicle'), ewbNo }))).toEqual(['817']);
    clock.set(start);
  });

  it('keeps trip sheets and movements in the store: a restarted server over it sees and enforces them', async () => {
    const ewbNo = await generate();
    const made = await carrier.post('generateconsolidatedewb', trip(ewbNo));
    const other = await generate();
    await carrier.post('initiatemultivehicle', { ...example('initiate-multi-vehicle'), ewbNo: other, totalQuantity: 10 });
    handler = server(store, clock);
    expect((await carrier.get('gettripsheet', `tripSheetNo=${made.body.cEwbNo}`)).body.Response.tripSheetEwbBills[0].ewbNo).toBe(ewbNo);
    expect(codes(await carrier.post('addmultivehicle', { ...example('add-multi-vehicle'), ewbNo: other, quantity: 11 }))).toEqual(['400']);
    expect((await store.ewbHistory(other)).map((e) => e.event)).toEqual(['generated', 'multi-vehicle-initiated']);
  });
});
