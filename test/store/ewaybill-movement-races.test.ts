/**
 * Concurrent actions on one e-waybill, over HTTP, on every store (memory, PGlite, PostgreSQL): each
 * action writes only if nobody changed the e-waybill since it read it, so requests racing on one
 * e-waybill never both act on the same reading. Vehicles added at once never carry more than the
 * quantity initiated, Part-B updates racing trip sheets all land in the vehicle history, and a
 * cancellation or closure never wipes a Part-B update it raced with.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GstHandler } from '../../src/http/index.js';
import { createSigningIdentity, manualClock, parseIst } from '../../src/sandbox/index.js';
import type { Store } from '../../src/ports/store.js';
import { companiesServer, companyCaller } from '../support/companies.js';
import { storeAdapters } from '../support/stores.js';

const SHIPPER = '33AAHCT2290K1Z6';
const CARRIER = '33AAFCP8841N1ZX';
const E = '/api/svc/einvoice/';
const identity = createSigningIdentity();
const example = (name: string): Record<string, any> => JSON.parse(readFileSync(new URL(`../../docs/examples/${name}.json`, import.meta.url), 'utf8'));
const keys = { acme: 'acme-key', carrier: 'carrier-key' } as const;

describe.each(storeAdapters())('actions racing on one e-waybill: %s', (_name, open) => {
  let handler: GstHandler;
  let store: Store;
  let done: () => Promise<void>;
  let docs = 0;

  const call = companyCaller(() => handler, keys, E);
  const carrier = (action: string, body: unknown) => call('carrier', 'POST', `${action}?gstin=${CARRIER}`, body);
  const codes = (out: { body: any }): string[] => (out.body.Errors ?? []).map((e: any) => e.Code);
  const vehicleHistory = async (ewbNo: string): Promise<any[]> =>
    (await call('acme', 'GET', `getewaybill?gstin=${SHIPPER}&ewbNo=${ewbNo}`)).body.Response.VehiclListDetails;

  const generate = async (): Promise<string> => {
    const out = await call('acme', 'POST', `generateewaybill?gstin=${SHIPPER}`, { ...example('ewb'), docNo: `TFPL/RACE/${++docs}`, transporterId: CARRIER });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    return out.body.EwbNo;
  };

  beforeAll(async () => {
    ({ store, done } = await open());
    handler = companiesServer({
      companies: { acme: [SHIPPER], carrier: [CARRIER] },
      keys,
      store,
      clock: manualClock(parseIst('14/11/2026 11:00:00')!),
      identity,
      seed: 23,
    });
  }, 120_000);
  afterAll(async () => done?.());

  it('lets vehicles added at once carry no more than the quantity initiated (400 for the rest)', async () => {
    const ewbNo = await generate();
    const started = await carrier('initiatemultivehicle', { ...example('initiate-multi-vehicle'), ewbNo, totalQuantity: 500 });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // Four vehicles of 200 each, at once: only two fit in 500.
    const added = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        carrier('addmultivehicle', {
          ...example('add-multi-vehicle'),
          ewbNo,
          groupNo: 1,
          quantity: 200,
          vehicleNo: `TN30AQ118${n}`,
          transDocNo: `LR/RACE/${n}`,
        }),
      ),
    );
    const accepted = added.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(2);
    for (const refused of added.filter((a) => a.status !== 200)) expect(codes(refused)).toEqual(['400']);
    // What the store kept agrees with the answers: two vehicles in the group's history, two events.
    const group = (await vehicleHistory(ewbNo)).filter((v) => v.groupNo === '1');
    expect(group).toHaveLength(2);
    const events = (await store.ewbHistory(ewbNo)).filter((e) => e.event === 'multi-vehicle-added');
    expect(events.map((e) => e.detail['vehicleNo']).sort()).toEqual(group.map((v) => v.vehicleNo).sort());
    // The 100 left still fits; 100.001 never does.
    expect(codes(await carrier('addmultivehicle', { ...example('add-multi-vehicle'), ewbNo, groupNo: 1, quantity: 100.001, vehicleNo: 'TN30AQ1189' }))).toEqual(
      ['400'],
    );
    expect((await carrier('addmultivehicle', { ...example('add-multi-vehicle'), ewbNo, groupNo: 1, quantity: 100, vehicleNo: 'TN30AQ1189' })).status).toBe(200);
  });

  it('keeps every Part-B update and trip sheet that raced on one e-waybill in its vehicle history', async () => {
    const ewbNo = await generate();
    const updates = [1, 2, 3].map((n) =>
      carrier('updatevehicle', { ...example('update-vehicle'), ewbNo, vehicleNo: `TN38BZ771${n}`, transDocNo: `PL/RACE/U${n}` }),
    );
    const trips = [1, 2].map((n) =>
      carrier('generateconsolidatedewb', {
        ...example('consolidated-ewb'),
        vehicleNo: `TN22CX452${n}`,
        transDocNo: `PL/RACE/T${n}`,
        tripSheetEwbBills: [{ ewbNo }],
      }),
    );
    const answers = await Promise.all([...updates, ...trips]);
    // Each request either acted or was told to try again (813): none was lost without a word.
    for (const a of answers) if (a.status !== 200) expect(codes(a)).toEqual(['813']);
    const updated = answers.slice(0, 3).flatMap((a, i) => (a.status === 200 ? [`TN38BZ771${i + 1}`] : []));
    const sheets = answers.slice(3).flatMap((a) => (a.status === 200 ? [a.body.cEwbNo as string] : []));
    expect(updated.length + sheets.length).toBeGreaterThanOrEqual(1);

    const later = (await vehicleHistory(ewbNo)).slice(0, -1); // the last row is the generation's own Part-B
    expect(
      later
        .filter((v) => v.tripshtNo === 0)
        .map((v) => v.vehicleNo)
        .sort(),
    ).toEqual(updated.sort());
    expect(
      later
        .filter((v) => v.tripshtNo !== 0)
        .map((v) => String(v.tripshtNo))
        .sort(),
    ).toEqual(sheets.sort());
    // One event per row, in the same order as the rows (the history lists the newest first).
    const events = (await store.ewbHistory(ewbNo)).filter((e) => e.event === 'vehicle-updated' || e.event === 'consolidated');
    expect(events.map((e) => e.detail['vehicleNo'])).toEqual(later.map((v) => v.vehicleNo).reverse());
    // Every trip sheet answered lists the e-waybill.
    for (const no of sheets) {
      const sheet = await call('carrier', 'GET', `gettripsheet?gstin=${CARRIER}&tripSheetNo=${no}`);
      expect(sheet.body.Response.tripSheetEwbBills.map((m: any) => m.ewbNo)).toEqual([ewbNo]);
    }
  });

  it('keeps a Part-B update that raced a cancellation or a closure, or refuses it (343) when it came after the cancellation', async () => {
    for (let round = 0; round < 3; round++) {
      const ewbNo = await generate();
      const [updated, cancelled] = await Promise.all([
        carrier('updatevehicle', { ...example('update-vehicle'), ewbNo, vehicleNo: `TN38BZ780${round}`, transDocNo: `PL/RACE/C${round}` }),
        call('acme', 'POST', `cancelewb?gstin=${SHIPPER}`, { ewbNo, cancelRsnCode: '2', cancelRmrk: 'order withdrawn' }),
      ]);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const detail = (await call('acme', 'GET', `getewaybill?gstin=${SHIPPER}&ewbNo=${ewbNo}`)).body.Response;
      expect(detail.status).toBe('CNL');
      const rows = detail.VehiclListDetails.map((v: any) => v.vehicleNo);
      if (updated.status === 200) expect(rows).toContain(`TN38BZ780${round}`);
      else {
        expect(codes(updated)).toEqual(['343']);
        expect(rows).not.toContain(`TN38BZ780${round}`);
      }

      const closing = await generate();
      const [moved, closed] = await Promise.all([
        carrier('updatevehicle', { ...example('update-vehicle'), ewbNo: closing, vehicleNo: `TN38BZ790${round}`, transDocNo: `PL/RACE/K${round}` }),
        call('acme', 'POST', `closeewb?gstin=${SHIPPER}`, { ewbNo: closing, closureDate: '14/11/2026', remarks: 'goods arrived' }),
      ]);
      // A closed e-waybill may still get Part-B (the closure is gstkit's own record): both stand.
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const history = (await call('acme', 'GET', `getewaybill?gstin=${SHIPPER}&ewbNo=${closing}`)).body.Response.VehiclListDetails;
      expect(history.map((v: any) => v.vehicleNo)).toContain(`TN38BZ790${round}`);
      expect((await store.ewbHistory(closing)).map((e) => e.event).sort()).toEqual(['closed', 'generated', 'vehicle-updated']);
    }
  });
});
