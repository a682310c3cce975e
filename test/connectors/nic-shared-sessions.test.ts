/**
 * Portal sessions shared through the store, as servers behind a load balancer use them: against the fake
 * NIC portal, two connector instances on one store (memory, PGlite in a data folder, PostgreSQL from
 * DATABASE_URL) log in once between them, a restart finds the session again, an expired or superseded
 * token is renewed once for both, a row sealed under another key is replaced, and a server that took the
 * login lease and died holds the others up only until the lease runs out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createNicEwbProvider,
  createNicIrpProvider,
  processPortalSessions,
  storedPortalSessions,
  type PortalSessions,
} from '../../src/connectors/nic/index.js';
import { openSession } from '../../src/connectors/nic/session-seal.js';
import type { Store } from '../../src/ports/store.js';
import { createMemoryStore, openPgliteStore, openPostgresStore } from '../../src/store/index.js';
import type { FakeNic } from '../support/fake-nic.js';
import { databaseUrl, freshDatabase, need } from '../support/services.js';
import { ctx, invoice, options, SELLER, SHIPPER, startFake } from './helpers.js';

/** A store that "servers" open, and open again after a restart. */
interface Backing {
  /** A server's handle on the shared store (a new one per call where the adapter allows it). */
  open(): Promise<Store>;
  /** Closes every handle (the servers stop); `open` afterwards is a restart. */
  stopAll(): Promise<void>;
  drop(): Promise<void>;
}

const backings: Array<[string, () => Promise<Backing>]> = [
  [
    'memory',
    async () => {
      const store = createMemoryStore();
      return { open: async () => store, stopAll: async () => {}, drop: async () => {} };
    },
  ],
  [
    'pglite',
    async () => {
      // One process owns a PGlite folder: its "servers" share the one handle, and a restart reopens the folder.
      const dir = mkdtempSync(join(tmpdir(), 'gstkit-nic-sessions-'));
      let store: Store | undefined;
      return {
        open: async () => (store ??= await openPgliteStore(dir)),
        stopAll: async () => {
          await store?.close();
          store = undefined;
        },
        drop: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
];
if (need(databaseUrl)) {
  backings.push([
    'postgres',
    async () => {
      const db = await freshDatabase(databaseUrl as string);
      let open: Store[] = [];
      return {
        open: async () => {
          const store = await openPostgresStore(db.url);
          open.push(store);
          return store;
        },
        stopAll: async () => {
          for (const s of open) await s.close();
          open = [];
        },
        drop: () => db.drop(),
      };
    },
  ]);
}

const KEY = randomBytes(32);
const LEASE_MS = 60_000;

describe.each(backings)('NIC sessions shared through the store: %s', (_name, make) => {
  let fake: FakeNic | undefined;
  let backing: Backing | undefined;
  let shift = 0;
  const clock = (): number => Date.now() + shift;

  afterEach(async () => {
    await fake?.stop();
    await backing?.stopAll();
    await backing?.drop();
    fake = undefined;
    backing = undefined;
    shift = 0;
  });

  /** One server's connectors on the shared store, sealing with `key` (and reading under `previousKeys` too). */
  async function server(
    key: Buffer = KEY,
    previousKeys?: Buffer[],
  ): Promise<{ irp: ReturnType<typeof createNicIrpProvider>; ewb: ReturnType<typeof createNicEwbProvider>; store: Store }> {
    const store = await backing!.open();
    const sessions = storedPortalSessions({ store, key, companyId: 'acme', ...(previousKeys ? { previousKeys } : {}) });
    const extra = { sessions, now: clock, loginLeaseMs: LEASE_MS, sessionPollMs: 5 };
    return { irp: createNicIrpProvider(options(fake!, extra)), ewb: createNicEwbProvider(options(fake!, extra)), store };
  }

  async function start(): Promise<void> {
    fake = await startFake({ now: clock });
    backing = await make();
  }

  it('logs in once between two servers for 50 concurrent calls of one GSTIN, and a restart logs in no more', async () => {
    await start();
    const [a, b] = [await server(), await server()];
    const generated = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).irp.generateIrn(ctx, invoice(`SH/${i}`))));
    expect(generated.filter((o) => !o.ok)).toEqual([]);
    const listed = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? b : a).ewb.listByDate(ctx, SHIPPER, '01/11/2026')));
    expect(listed.filter((o) => !o.ok)).toEqual([]);
    expect(fake!.logins).toEqual([
      { service: 'einv', gstin: SELLER, force: false },
      { service: 'ewb', gstin: SHIPPER },
    ]);
    expect(a.irp.loginCount + b.irp.loginCount).toBe(1);

    // What the store holds opens only with the key, and shows no token or session key in the clear.
    const row = await a.store.getPortalSession('acme', 'ewaybill', SHIPPER);
    const opened = openSession(KEY, ['acme', 'ewaybill', SHIPPER, row!.version], row!.sealed);
    expect(opened?.secrets['authToken']).toMatch(/\S{20,}/);
    expect(row!.sealed).not.toContain(opened!.secrets['authToken']);
    expect(row!.sealed).not.toContain(opened!.secrets['sek']);

    await backing!.stopAll();
    const restarted = await server();
    expect((await restarted.irp.generateIrn(ctx, invoice('SH/after'))).ok).toBe(true);
    expect((await restarted.ewb.listByDate(ctx, SHIPPER, '01/11/2026')).ok).toBe(true);
    expect(fake!.logins).toHaveLength(2);
  }, 120_000);

  it('renews an expired e-invoice token (1005) once for both servers', async () => {
    await start();
    const [a, b] = [await server(), await server()];
    expect((await a.irp.generateIrn(ctx, invoice('EX/1'))).ok).toBe(true);
    expect((await b.irp.generateIrn(ctx, invoice('EX/2'))).ok).toBe(true);
    expect(fake!.logins).toHaveLength(1);
    fake!.expireTokens();
    const outs = await Promise.all([a.irp.generateIrn(ctx, invoice('EX/3')), a.irp.generateIrn(ctx, invoice('EX/4')), b.irp.generateIrn(ctx, invoice('EX/5'))]);
    expect(outs.every((o) => o.ok)).toBe(true);
    expect((await b.irp.generateIrn(ctx, invoice('EX/6'))).ok).toBe(true);
    expect(fake!.logins.map((l) => l.force)).toEqual([false, true]);
  }, 120_000);

  it('renews a superseded e-waybill token (238) once for both servers', async () => {
    await start();
    const [a, b] = [await server(), await server()];
    expect((await a.ewb.listByDate(ctx, SHIPPER, '01/11/2026')).ok).toBe(true);
    expect((await b.ewb.listByDate(ctx, SHIPPER, '01/11/2026')).ok).toBe(true);
    // A client outside the store logs in with the same user: the shared token now answers 238.
    const outsider = createNicEwbProvider(options(fake!));
    expect((await outsider.listByDate(ctx, SHIPPER, '01/11/2026')).ok).toBe(true);
    expect(fake!.logins).toHaveLength(2);
    const outs = await Promise.all([a.ewb.listByDate(ctx, SHIPPER, '02/11/2026'), b.ewb.listByDate(ctx, SHIPPER, '02/11/2026')]);
    expect(outs.every((o) => o.ok)).toBe(true);
    expect((await a.ewb.listByDate(ctx, SHIPPER, '03/11/2026')).ok).toBe(true);
    expect((await b.ewb.listByDate(ctx, SHIPPER, '03/11/2026')).ok).toBe(true);
    expect(fake!.logins).toHaveLength(3);
    expect(a.ewb.loginCount + b.ewb.loginCount).toBe(2);
  }, 120_000);

  it('ignores a session sealed under another key, logs in once and replaces it', async () => {
    await start();
    const old = await server(randomBytes(32));
    expect((await old.ewb.listByDate(ctx, SHIPPER, '01/11/2026')).ok).toBe(true);
    const before = await old.store.getPortalSession('acme', 'ewaybill', SHIPPER);
    const [a, b] = [await server(), await server()];
    const outs = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).ewb.listByDate(ctx, SHIPPER, '01/11/2026')));
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(fake!.logins).toHaveLength(2);
    const after = await a.store.getPortalSession('acme', 'ewaybill', SHIPPER);
    expect(after!.version).not.toBe(before!.version);
    expect(openSession(KEY, ['acme', 'ewaybill', SHIPPER, after!.version], after!.sealed)).toBeDefined();
    // A damaged row is no session either, never a crash.
    await a.store.putPortalSession({ ...after!, version: 'damaged', sealed: 'v1.not-a-sealed-session' });
    const c = await server();
    expect((await c.ewb.listByDate(ctx, SHIPPER, '01/11/2026')).ok).toBe(true);
    expect(fake!.logins).toHaveLength(3);
  }, 120_000);

  it('after a key change, a server given the old key as previous uses its session without a login; one with only the new key logs in once', async () => {
    await start();
    const OLD = randomBytes(32);
    const old = await server(OLD);
    expect((await old.ewb.listByDate(ctx, SHIPPER, '01/11/2026')).ok).toBe(true);
    expect(fake!.logins).toHaveLength(1);
    const rotated = await server(KEY, [randomBytes(32), OLD]);
    const outs = await Promise.all(Array.from({ length: 10 }, () => rotated.ewb.listByDate(ctx, SHIPPER, '02/11/2026')));
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(fake!.logins).toHaveLength(1);
    expect(rotated.ewb.loginCount).toBe(0);
    // Reading does not re-seal: the row is still the old key's until its session is next published.
    const row = await rotated.store.getPortalSession('acme', 'ewaybill', SHIPPER);
    expect(openSession(OLD, ['acme', 'ewaybill', SHIPPER, row!.version], row!.sealed)).toBeDefined();
    const newOnly = await server(KEY);
    expect((await newOnly.ewb.listByDate(ctx, SHIPPER, '03/11/2026')).ok).toBe(true);
    expect(fake!.logins).toHaveLength(2);
    expect(newOnly.ewb.loginCount).toBe(1);
  }, 120_000);

  it('seals a session read under a previous key with the current key at its renewal, after which a server with only the current key reads it', async () => {
    await start();
    const OLD = randomBytes(32);
    const old = await server(OLD);
    expect((await old.irp.generateIrn(ctx, invoice('RK/1'))).ok).toBe(true);
    const rotated = await server(KEY, [OLD]);
    expect((await rotated.irp.generateIrn(ctx, invoice('RK/2'))).ok).toBe(true);
    expect(fake!.logins).toHaveLength(1);
    fake!.expireTokens();
    expect((await rotated.irp.generateIrn(ctx, invoice('RK/3'))).ok).toBe(true);
    expect(fake!.logins.map((l) => l.force)).toEqual([false, true]);
    const row = await rotated.store.getPortalSession('acme', 'einvoice', SELLER);
    expect(openSession(KEY, ['acme', 'einvoice', SELLER, row!.version], row!.sealed)).toBeDefined();
    expect(openSession(OLD, ['acme', 'einvoice', SELLER, row!.version], row!.sealed)).toBeUndefined();
    const newOnly = await server(KEY);
    expect((await newOnly.irp.generateIrn(ctx, invoice('RK/4'))).ok).toBe(true);
    expect(newOnly.irp.loginCount).toBe(0);
    expect(fake!.logins).toHaveLength(2);
  }, 120_000);

  it('during a rolling key change, servers still sealing with the old key and servers sealing with the new one share one login', async () => {
    await start();
    const NEW = randomBytes(32);
    // First step: every server learns the new key as a previous one. Second step, rolling: some seal with it.
    const [before, after] = [await server(KEY, [NEW]), await server(NEW, [KEY])];
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? before : after).ewb.listByDate(ctx, SHIPPER, '01/11/2026')));
    expect(first.every((o) => o.ok)).toBe(true);
    expect(fake!.logins).toHaveLength(1);
    // Renewals by either side are read by the other: still one login per renewal, never one per server.
    fake!.expireTokens();
    const renewed = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? after : before).ewb.listByDate(ctx, SHIPPER, '02/11/2026')));
    expect(renewed.every((o) => o.ok)).toBe(true);
    expect((await before.ewb.listByDate(ctx, SHIPPER, '03/11/2026')).ok).toBe(true);
    expect((await after.ewb.listByDate(ctx, SHIPPER, '03/11/2026')).ok).toBe(true);
    expect(fake!.logins).toHaveLength(2);
  }, 120_000);

  it('ignores a wrong previous key: a row it cannot open counts as no session, and nothing fails', async () => {
    await start();
    const old = await server(randomBytes(32));
    expect((await old.irp.generateIrn(ctx, invoice('WK/1'))).ok).toBe(true);
    const errors: Error[] = [];
    const store = await backing!.open();
    const sessions = storedPortalSessions({
      store,
      key: KEY,
      previousKeys: [randomBytes(32), randomBytes(32)],
      companyId: 'acme',
      onError: (e) => errors.push(e),
    });
    expect(await sessions.current('einvoice', SELLER)).toBeUndefined();
    const irp = createNicIrpProvider(options(fake!, { sessions, now: clock, loginLeaseMs: LEASE_MS, sessionPollMs: 5 }));
    const outs = await Promise.all([irp.generateIrn(ctx, invoice('WK/2')), irp.generateIrn(ctx, invoice('WK/3'))]);
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(fake!.logins).toHaveLength(2);
    expect(errors).toEqual([]);
  }, 120_000);

  it('waits for a server that took the login lease, and logs in itself once the lease runs out without a session', async () => {
    await start();
    const a = await server();
    // A server took the lease and died before publishing a session.
    const dead = storedPortalSessions({ store: a.store, key: KEY, companyId: 'acme' });
    expect(await dead.lease('einvoice', SELLER, 'a-server-that-died', clock(), clock() + LEASE_MS)).toBe(true);
    let settled = false;
    const calls = Promise.all([a.irp.generateIrn(ctx, invoice('LE/1')), a.irp.generateIrn(ctx, invoice('LE/2'))]).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(settled).toBe(false);
    expect(fake!.logins).toHaveLength(0);
    shift += LEASE_MS + 1;
    const outs = await calls;
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(fake!.logins).toHaveLength(1);
  }, 120_000);
});

describe('NIC sessions when the store fails', () => {
  let fake: FakeNic | undefined;
  afterAll(async () => fake?.stop());

  it('logs in as without a shared store, and reports the failure without a secret', async () => {
    fake = await startFake();
    const broken = new Error('connection refused');
    const fails = async (): Promise<never> => {
      throw broken;
    };
    const errors: Error[] = [];
    const sessions = storedPortalSessions({
      store: {
        getPortalSession: fails,
        putPortalSession: fails,
        dropPortalSession: fails,
        leasePortalLogin: fails,
        releasePortalLogin: fails,
        portalSessionsEnding: fails,
      },
      key: KEY,
      companyId: 'acme',
      onError: (e) => errors.push(e),
    });
    const irp = createNicIrpProvider(options(fake, { sessions }));
    const outs = await Promise.all([irp.generateIrn(ctx, invoice('BR/1')), irp.generateIrn(ctx, invoice('BR/2'))]);
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(fake.logins).toHaveLength(1);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e === broken)).toBe(true);
  });

  it("logs in as without shared sessions when the host's own sessions throw", async () => {
    fake ??= await startFake();
    const before = fake.logins.length;
    const throws = (): never => {
      throw new Error('sessions unavailable');
    };
    const sessions: PortalSessions = { scope: 'store', current: throws, publish: throws, drop: throws, lease: throws, release: throws };
    const ewb = createNicEwbProvider(options(fake, { sessions }));
    const outs = await Promise.all([ewb.listByDate(ctx, SHIPPER, '01/11/2026'), ewb.listByDate(ctx, SHIPPER, '02/11/2026')]);
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(fake.logins.length - before).toBe(1);
  });
});

describe('NIC sessions shared in one process', () => {
  let fake: FakeNic | undefined;
  afterAll(async () => fake?.stop());

  it('lets connector instances given one processPortalSessions log in once between them', async () => {
    fake = await startFake();
    const sessions = processPortalSessions();
    const [a, b] = [createNicEwbProvider(options(fake, { sessions })), createNicEwbProvider(options(fake, { sessions }))];
    const outs = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).listByDate(ctx, SHIPPER, '01/11/2026')));
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(fake.logins).toEqual([{ service: 'ewb', gstin: SHIPPER }]);
  });
});
