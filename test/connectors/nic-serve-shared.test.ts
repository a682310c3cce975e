/**
 * `gstkit serve` with GSTKIT_PROVIDER=nic as a host scales it out: two servers on one PostgreSQL with the same
 * GSTKIT_SESSION_KEY, requests spread across them, log in to the (fake) NIC portal once per GSTIN and portal
 * between them, instead of once each and then in turn as the e-waybill portal ends each other's tokens.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeNic } from '../support/fake-nic.js';
import { startServer, type RunningServer } from '../support/server.js';
import { databaseUrl, freshDatabase, need } from '../support/services.js';
import { invoice, nicServeEnv, SELLER, SHIPPER, startFake } from './helpers.js';

describe.runIf(need(databaseUrl))('two gstkit serve processes with GSTKIT_PROVIDER=nic on one PostgreSQL', () => {
  let fake: FakeNic;
  let servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  const key = randomBytes(32).toString('hex');

  beforeAll(async () => {
    fake = await startFake();
    const db = await freshDatabase(databaseUrl as string);
    drop = db.drop;
    const env = {
      ...nicServeEnv(fake, 'gstkit-nic-shared-'),
      DATABASE_URL: db.url,
      REDIS_URL: '',
      GSTKIT_API_KEYS: 'k1:s3cret-shared:acme',
      GSTKIT_SESSION_KEY: key,
      GSTKIT_DATA_DIR: '/nonexistent/never-used',
    };
    servers = await Promise.all([startServer(env, { key: 'k1:s3cret-shared' }), startServer(env, { key: 'k1:s3cret-shared' })]);
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await drop?.();
    await fake?.stop();
  });

  it('log in once per GSTIN and portal between them for concurrent requests spread across both', async () => {
    for (const s of servers) expect(s.printed).toContain('nic sessions: shared through the store, encrypted with GSTKIT_SESSION_KEY');
    const generated = await Promise.all(
      Array.from({ length: 20 }, (_, i) => servers[i % 2]!.call('/api/svc/einvoice/generateirn', { body: invoice(`MS/${i}`) })),
    );
    expect(generated.map((r) => r.status)).toEqual(Array(20).fill(200));
    const listed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => servers[i % 2]!.call(`/api/svc/einvoice/getewaybillsbydate?gstin=${SHIPPER}&date=01/11/2026`)),
    );
    expect(listed.map((r) => r.status).filter((s) => s !== 200 && s !== 204)).toEqual([]);
    expect(fake.logins).toEqual([
      { service: 'einv', gstin: SELLER, force: false },
      { service: 'ewb', gstin: SHIPPER },
    ]);
    for (const s of servers) expect(s.printed + (s.stderr?.() ?? '')).not.toContain(key);
  }, 120_000);
});

describe.runIf(need(databaseUrl))('two gstkit serve processes half-way through a rolling change of GSTKIT_SESSION_KEY', () => {
  let fake: FakeNic;
  let servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  const [oldKey, newKey] = [randomBytes(32).toString('hex'), randomBytes(32).toString('base64')];

  beforeAll(async () => {
    fake = await startFake();
    const db = await freshDatabase(databaseUrl as string);
    drop = db.drop;
    const env = {
      ...nicServeEnv(fake, 'gstkit-nic-rotating-'),
      DATABASE_URL: db.url,
      REDIS_URL: '',
      GSTKIT_API_KEYS: 'k1:s3cret-shared:acme',
      GSTKIT_DATA_DIR: '/nonexistent/never-used',
    };
    // One server still seals with the old key (having learnt the new one), the other already with the new one.
    servers = await Promise.all([
      startServer({ ...env, GSTKIT_SESSION_KEY: oldKey, GSTKIT_SESSION_KEY_PREVIOUS: newKey }, { key: 'k1:s3cret-shared' }),
      startServer({ ...env, GSTKIT_SESSION_KEY: newKey, GSTKIT_SESSION_KEY_PREVIOUS: oldKey }, { key: 'k1:s3cret-shared' }),
    ]);
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await drop?.();
    await fake?.stop();
  });

  it('still log in once per GSTIN and portal between them, and print neither key', async () => {
    const listed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => servers[i % 2]!.call(`/api/svc/einvoice/getewaybillsbydate?gstin=${SHIPPER}&date=01/11/2026`)),
    );
    expect(listed.map((r) => r.status).filter((s) => s !== 200 && s !== 204)).toEqual([]);
    const generated = await Promise.all(
      Array.from({ length: 20 }, (_, i) => servers[i % 2]!.call('/api/svc/einvoice/generateirn', { body: invoice(`RO/${i}`) })),
    );
    expect(generated.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(fake.logins).toEqual([
      { service: 'ewb', gstin: SHIPPER },
      { service: 'einv', gstin: SELLER, force: false },
    ]);
    for (const s of servers) {
      expect(s.printed).toContain('GSTKIT_SESSION_KEY_PREVIOUS are read too');
      for (const key of [oldKey, newKey]) expect(s.printed + (s.stderr?.() ?? '')).not.toContain(key);
    }
  }, 120_000);
});
