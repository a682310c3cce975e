/**
 * The watch pass on each store: `ims.deadline` and `gst.connection.expiring` are emitted once when due and
 * not before, and passes run twice, or at the same time, never tell the same thing twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.js';
import type { Store } from '../../src/ports/store.js';
import type { EwbRow } from '../../src/ports/store.js';
import { nextGstr3bDue, pendingImsDocuments, runWatchPass } from '../../src/webhooks/index.js';
import { openPostgresStore } from '../../src/store/index.js';
import { databaseUrl, freshDatabase, need } from '../support/services.js';
import { storeAdapters } from '../support/stores.js';

const GSTIN = '29AAGCK4821M1Z4';
const OTHER = '33AAHCT2290K1Z6';

async function subscribe(store: Store): Promise<string> {
  await store.addWebhook({
    webhookId: 'wh_1',
    companyId: 'acme',
    url: 'https://erp.example/hooks',
    events: ['ims.deadline', 'gst.connection.expiring', 'ewaybill.expiring'],
    secret: 'whsec_dGVzdA==',
    createdAt: '2026-11-01T00:00:00.000Z',
  });
  return 'wh_1';
}

async function told(store: Store, type: string): Promise<Record<string, any>[]> {
  const rows = await store.listWebhookDeliveries('acme', 'wh_1', 50);
  return rows.filter((r) => r.eventType === type).map((r) => JSON.parse(r.body));
}

describe('the GSTR-3B due date the IMS deadline counts to', () => {
  it('is the 20th of the next month, IST, and moves on at its end', () => {
    expect(nextGstr3bDue(new Date('2026-11-20T18:29:00Z'))).toMatchObject({ period: '2026-10', dueDate: '2026-11-20' });
    expect(nextGstr3bDue(new Date('2026-11-20T18:29:00Z')).dueAt).toBe(Date.parse('2026-11-20T18:30:00Z'));
    expect(nextGstr3bDue(new Date('2026-11-20T18:30:00Z'))).toMatchObject({ period: '2026-11', dueDate: '2026-12-20' });
    expect(nextGstr3bDue(new Date('2026-12-25T00:00:00Z'))).toMatchObject({ period: '2026-12', dueDate: '2027-01-20' });
    expect(nextGstr3bDue(new Date('2027-01-05T00:00:00Z'))).toMatchObject({ period: '2026-12', dueDate: '2027-01-20' });
  });

  it('counts the inbox documents with no action or kept pending, per section', () => {
    const inbox = { b2b: [{ action: 'A' }, { action: 'N' }, {}, { action: 'R' }], cn: [{ action: 'P' }], b2ba: [{ action: 'A' }], note: 'x' };
    expect(pendingImsDocuments(inbox)).toEqual({ b2b: 2, cn: 1 });
    expect(pendingImsDocuments('not an inbox')).toEqual({});
  });
});

/** An e-way bill as the store keeps it, valid until `validUpto` (DD/MM/YYYY hh:mm:ss, IST). */
function bill(ewbNo: string, validUpto: string | undefined, status = 'ACT'): EwbRow {
  return {
    ewbNo,
    companyId: 'acme',
    genGstin: GSTIN,
    fromGstin: GSTIN,
    toGstin: OTHER,
    docType: 'INV',
    docKey: `D/${ewbNo}`,
    genDate: '27/11/2026',
    status,
    entry: { ewbNo, docNo: `D/${ewbNo}`, docDate: '27/11/2026', status, revision: 0, ...(validUpto ? { validUpto } : {}) },
  };
}
const generated = (ewbNo: string) => ({ ewbNo, at: '2026-11-27T04:00:00.000Z', event: 'generated', detail: {} });

describe.each(storeAdapters())('the watch pass on %s', (_name, open) => {
  let done: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await done?.();
    done = undefined;
  });

  it('tells of pending IMS actions once, from 3 days before GSTR-3B is due', async () => {
    const opened = await open();
    done = opened.done;
    const { store } = opened;
    await subscribe(store);
    const inbox = {
      b2b: [
        { stin: OTHER, inum: 'S/1', action: 'A' },
        { stin: OTHER, inum: 'S/2', action: 'N' },
      ],
      cn: [{ stin: OTHER, nt_num: 'C/1', action: 'P' }],
    };
    await store.putReturn({
      companyId: 'acme',
      gstin: GSTIN,
      returnType: 'ims',
      period: '2026-10',
      pulledAt: '2026-11-10T05:00:00.000Z',
      json: JSON.stringify(inbox),
    });
    // Another GSTIN whose inbox is all acted on, and the same GSTIN's next period: neither is due.
    const settled = { b2b: [{ stin: OTHER, inum: 'S/3', action: 'A' }] };
    await store.putReturn({
      companyId: 'acme',
      gstin: OTHER,
      returnType: 'ims',
      period: '2026-10',
      pulledAt: '2026-11-10T05:00:00.000Z',
      json: JSON.stringify(settled),
    });
    await store.putReturn({
      companyId: 'acme',
      gstin: GSTIN,
      returnType: 'ims',
      period: '2026-11',
      pulledAt: '2026-11-10T05:00:00.000Z',
      json: JSON.stringify(inbox),
    });

    const clock = manualClock(new Date('2026-11-17T18:29:00Z'));
    expect(await runWatchPass({ store, clock })).toEqual({ ewaybillsExpiring: 0, imsDeadlines: 0, connectionsExpiring: 0 });
    expect(await told(store, 'ims.deadline')).toEqual([]);

    clock.set(new Date('2026-11-17T18:31:00Z'));
    const [a, b] = await Promise.all([runWatchPass({ store, clock }), runWatchPass({ store, clock })]);
    expect(a!.imsDeadlines + b!.imsDeadlines).toBe(1);
    clock.set(new Date('2026-11-19T09:00:00Z'));
    expect((await runWatchPass({ store, clock })).imsDeadlines).toBe(0);

    const events = await told(store, 'ims.deadline');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ims.deadline',
      companyId: 'acme',
      data: { gstin: GSTIN, period: '2026-10', return: 'gstr3b', dueDate: '2026-11-20', pending: 2, sections: { b2b: 1, cn: 1 } },
    });
  });

  it('tells of a GST portal session ending within 24 hours once per session', async () => {
    const opened = await open();
    done = opened.done;
    const { store } = opened;
    await subscribe(store);
    const clock = manualClock(new Date('2026-11-27T00:00:00Z'));
    const ends = Date.parse('2026-11-28T06:00:00Z');
    await store.putPortalSession({ companyId: 'acme', portal: 'gstn', gstin: GSTIN, version: 'v1', expiresAt: ends, sealed: 'sealed-1' });
    // A pending OTP login and an e-invoice session are not GST portal sessions to tell of.
    await store.putPortalSession({ companyId: 'acme', portal: 'gstn-otp', gstin: OTHER, version: 'p1', expiresAt: ends, sealed: 'x' });
    await store.putPortalSession({ companyId: 'acme', portal: 'einvoice', gstin: GSTIN, version: 'e1', expiresAt: ends, sealed: 'x' });

    expect((await runWatchPass({ store, clock })).connectionsExpiring).toBe(0);
    clock.set(new Date('2026-11-27T06:00:00Z'));
    const [a, b] = await Promise.all([runWatchPass({ store, clock }), runWatchPass({ store, clock })]);
    expect(a!.connectionsExpiring + b!.connectionsExpiring).toBe(1);
    clock.set(new Date('2026-11-27T12:00:00Z'));
    expect((await runWatchPass({ store, clock })).connectionsExpiring).toBe(0);
    let events = await told(store, 'gst.connection.expiring');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ companyId: 'acme', data: { gstin: GSTIN, expiresAt: '2026-11-28T06:00:00.000Z' } });
    expect(JSON.stringify(events[0])).not.toContain('sealed');

    // A new login publishes a new session, which is told of when its own end comes near.
    await store.putPortalSession({
      companyId: 'acme',
      portal: 'gstn',
      gstin: GSTIN,
      version: 'v2',
      expiresAt: Date.parse('2026-11-30T12:00:00Z'),
      sealed: 'sealed-2',
    });
    expect((await runWatchPass({ store, clock })).connectionsExpiring).toBe(0);
    clock.set(new Date('2026-11-29T13:00:00Z'));
    expect((await runWatchPass({ store, clock })).connectionsExpiring).toBe(1);
    events = await told(store, 'gst.connection.expiring');
    expect(events.map((e) => e.data.expiresAt).sort()).toEqual(['2026-11-28T06:00:00.000Z', '2026-11-30T12:00:00.000Z']);
  });

  it('tells of an e-way bill once when its extension window opens, and again for a new validity', async () => {
    const opened = await open();
    done = opened.done;
    const { store } = opened;
    await subscribe(store);
    // Valid until 28/11 23:59 IST, so it ends at 28/11 18:30 UTC and its window opens at 10:30 UTC.
    await store.insertEwb(bill('381000000001', '28/11/2026 23:59:00'), generated('381000000001'));
    // Neither a bill valid for a day more, one without Part-B, nor a cancelled one is told of.
    await store.insertEwb(bill('381000000002', '29/11/2026 23:59:00'), generated('381000000002'));
    await store.insertEwb(bill('381000000003', undefined), generated('381000000003'));
    await store.insertEwb(bill('381000000004', '28/11/2026 23:59:00', 'CNL'), generated('381000000004'));

    const clock = manualClock(new Date('2026-11-28T10:29:00Z'));
    expect((await runWatchPass({ store, clock })).ewaybillsExpiring).toBe(0);
    clock.set(new Date('2026-11-28T10:31:00Z'));
    const [a, b] = await Promise.all([runWatchPass({ store, clock }), runWatchPass({ store, clock })]);
    expect(a!.ewaybillsExpiring + b!.ewaybillsExpiring).toBe(1);
    clock.set(new Date('2026-11-28T20:00:00Z'));
    expect((await runWatchPass({ store, clock })).ewaybillsExpiring).toBe(0);
    let events = await told(store, 'ewaybill.expiring');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      companyId: 'acme',
      data: {
        gstin: GSTIN,
        EwbNo: '381000000001',
        validUpto: '28/11/2026 23:59:00',
        windowOpensAt: '2026-11-28T10:30:00.000Z',
        windowClosesAt: '2026-11-29T02:30:00.000Z',
        document: { type: 'INV', number: 'D/381000000001', date: '27/11/2026' },
      },
    });

    // Extended (a revision with a new validity): its new window is told of in its turn.
    const extended = bill('381000000001', '29/11/2026 23:59:00').entry;
    const revised = await store.reviseEwb({
      ewbNo: '381000000001',
      revision: 0,
      status: 'ACT',
      transporterId: null,
      entry: { ...extended, revision: 1 },
      event: { ewbNo: '381000000001', at: '2026-11-28T20:00:00.000Z', event: 'extended', detail: {} },
    });
    expect(revised).toBe(true);
    clock.set(new Date('2026-11-29T11:00:00Z'));
    expect((await runWatchPass({ store, clock })).ewaybillsExpiring).toBe(2);
    events = await told(store, 'ewaybill.expiring');
    expect(events.map((e) => `${e.data.EwbNo} ${e.data.validUpto}`).sort()).toEqual([
      '381000000001 28/11/2026 23:59:00',
      '381000000001 29/11/2026 23:59:00',
      '381000000002 29/11/2026 23:59:00',
    ]);
  });
});

describe.runIf(need(databaseUrl))('two servers on one PostgreSQL', () => {
  it('send each due event once between them', async () => {
    const db = await freshDatabase(databaseUrl as string);
    const one = await openPostgresStore(db.url);
    const two = await openPostgresStore(db.url);
    try {
      await subscribe(one);
      await one.insertEwb(bill('381000000001', '28/11/2026 23:59:00'), generated('381000000001'));
      await one.putPortalSession({
        companyId: 'acme',
        portal: 'gstn',
        gstin: GSTIN,
        version: 'v1',
        expiresAt: Date.parse('2026-11-28T12:00:00Z'),
        sealed: 's',
      });
      const inbox = { b2b: [{ stin: OTHER, inum: 'S/2', action: 'N' }] };
      await one.putReturn({
        companyId: 'acme',
        gstin: GSTIN,
        returnType: 'ims',
        period: '2026-10',
        pulledAt: '2026-11-10T05:00:00.000Z',
        json: JSON.stringify(inbox),
      });
      // A clock inside every window at once: the e-way bill's, the session's last day, and IMS before the 20th.
      const clock = manualClock(new Date('2026-11-28T11:00:00Z'));
      const imsClock = manualClock(new Date('2026-11-18T00:00:00Z'));
      const passes = await Promise.all([
        runWatchPass({ store: one, clock }),
        runWatchPass({ store: two, clock }),
        runWatchPass({ store: one, clock: imsClock }),
        runWatchPass({ store: two, clock: imsClock }),
        runWatchPass({ store: one, clock }),
        runWatchPass({ store: two, clock }),
      ]);
      const sum = (k: 'ewaybillsExpiring' | 'imsDeadlines' | 'connectionsExpiring') => passes.reduce((n, p) => n + p[k], 0);
      expect([sum('ewaybillsExpiring'), sum('imsDeadlines'), sum('connectionsExpiring')]).toEqual([1, 1, 1]);
      const rows = await two.listWebhookDeliveries('acme', 'wh_1', 50);
      expect(rows.map((r) => r.eventType).sort()).toEqual(['ewaybill.expiring', 'gst.connection.expiring', 'ims.deadline']);
    } finally {
      await one.close();
      await two.close();
      await db.drop();
    }
  });
});
