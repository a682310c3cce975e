/**
 * The store's portal sessions and login leases, the same on every adapter (memory, PGlite, PostgreSQL):
 * one current session per company, portal and GSTIN, deleted only under the version it was read at, and a
 * lease that one holder at a time has until it runs out or is given back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalSessionRow, Store } from '../../src/ports/store.js';
import { storeAdapters } from '../support/stores.js';

const row = (over: Partial<PortalSessionRow> = {}): PortalSessionRow => ({
  companyId: 'acme',
  portal: 'einvoice',
  gstin: '29AAGCK4821M1Z4',
  version: 'v1',
  expiresAt: 1_800_000_000_000,
  sealed: 'v1.sealed-one',
  ...over,
});

describe.each(storeAdapters())('portal sessions in the store: %s', (_name, open) => {
  let store: Store;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ store, done } = await open());
  }, 120_000);
  afterAll(async () => done?.());

  it('keeps one current session per company, portal and GSTIN, the last one put', async () => {
    expect(await store.getPortalSession('acme', 'einvoice', '29AAGCK4821M1Z4')).toBeUndefined();
    await store.putPortalSession(row());
    await store.putPortalSession(row({ version: 'v2', sealed: 'v1.sealed-two', expiresAt: 1_800_000_360_000 }));
    expect(await store.getPortalSession('acme', 'einvoice', '29AAGCK4821M1Z4')).toEqual(
      row({ version: 'v2', sealed: 'v1.sealed-two', expiresAt: 1_800_000_360_000 }),
    );
    // Another portal, another company: other rows.
    expect(await store.getPortalSession('acme', 'ewaybill', '29AAGCK4821M1Z4')).toBeUndefined();
    expect(await store.getPortalSession('globex', 'einvoice', '29AAGCK4821M1Z4')).toBeUndefined();
  });

  it('drops a session only while it is still the version named', async () => {
    await store.putPortalSession(row({ gstin: '33AAHCT2290K1Z6', version: 'old' }));
    await store.putPortalSession(row({ gstin: '33AAHCT2290K1Z6', version: 'new' }));
    expect(await store.dropPortalSession('acme', 'einvoice', '33AAHCT2290K1Z6', 'old')).toBe(false);
    expect((await store.getPortalSession('acme', 'einvoice', '33AAHCT2290K1Z6'))?.version).toBe('new');
    expect(await store.dropPortalSession('globex', 'einvoice', '33AAHCT2290K1Z6', 'new')).toBe(false);
    expect(await store.dropPortalSession('acme', 'einvoice', '33AAHCT2290K1Z6', 'new')).toBe(true);
    expect(await store.getPortalSession('acme', 'einvoice', '33AAHCT2290K1Z6')).toBeUndefined();
    expect(await store.dropPortalSession('acme', 'einvoice', '33AAHCT2290K1Z6', 'new')).toBe(false);
  });

  it('gives the login lease to one of many racing holders, to nobody else until it runs out or is released', async () => {
    const gstin = '27AAACR5055K1Z5';
    const tries = await Promise.all(Array.from({ length: 12 }, (_, i) => store.leasePortalLogin('acme', 'ewaybill', gstin, `server-${i}`, 1000, 31_000)));
    expect(tries.filter(Boolean)).toHaveLength(1);
    const winner = `server-${tries.indexOf(true)}`;
    const other = winner === 'server-0' ? 'server-1' : 'server-0';
    // The holder may take it again (renew); another may not before it runs out.
    expect(await store.leasePortalLogin('acme', 'ewaybill', gstin, winner, 2000, 32_000)).toBe(true);
    expect(await store.leasePortalLogin('acme', 'ewaybill', gstin, other, 31_999, 61_999)).toBe(false);
    // Another company's lease of the same GSTIN is its own.
    expect(await store.leasePortalLogin('globex', 'ewaybill', gstin, other, 2000, 32_000)).toBe(true);
    // Released by someone else: nothing happens. Run out: the next holder takes it.
    await store.releasePortalLogin('acme', 'ewaybill', gstin, other);
    expect(await store.leasePortalLogin('acme', 'ewaybill', gstin, other, 31_999, 61_999)).toBe(false);
    expect(await store.leasePortalLogin('acme', 'ewaybill', gstin, other, 32_000, 62_000)).toBe(true);
    // Released by its holder: free at once.
    await store.releasePortalLogin('acme', 'ewaybill', gstin, other);
    expect(await store.leasePortalLogin('acme', 'ewaybill', gstin, winner, 32_001, 62_001)).toBe(true);
  });

  it('keeps a session and a lease of one GSTIN apart: taking or giving back the lease leaves the session', async () => {
    const gstin = '07AAACP0165G2ZQ';
    await store.putPortalSession(row({ gstin, version: 'kept' }));
    expect(await store.leasePortalLogin('acme', 'einvoice', gstin, 'a', 0, 10)).toBe(true);
    await store.releasePortalLogin('acme', 'einvoice', gstin, 'a');
    expect((await store.getPortalSession('acme', 'einvoice', gstin))?.version).toBe('kept');
    // A lease on a row without a session yet does not make a session appear.
    expect(await store.leasePortalLogin('acme', 'einvoice', '19AAACI1681G1ZM', 'a', 0, 10)).toBe(true);
    expect(await store.getPortalSession('acme', 'einvoice', '19AAACI1681G1ZM')).toBeUndefined();
  });

  it('writes nothing of a session put inside a transaction that fails', async () => {
    const gstin = '24AAACC1206D1ZM';
    await expect(
      store.atomically(async (tx) => {
        await tx.putPortalSession(row({ gstin }));
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await store.getPortalSession('acme', 'einvoice', gstin)).toBeUndefined();
  });
});
