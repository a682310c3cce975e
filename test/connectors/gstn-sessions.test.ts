/**
 * GSTN sessions over time and across servers: a token is refreshed (REFRESHTOKEN, no new OTP) a margin
 * before it lapses and after the portal calls it lapsed; when the taxpayer's access has ended the call is
 * refused with AUTH4038 and says to connect again; two servers on one sealed session store ask the
 * taxpayer for one OTP between them and refresh once between them; the store never holds a secret in
 * clear.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storedPortalSessions } from '../../src/connectors/nic/stored-sessions.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore, openPgliteStore, openPostgresStore } from '../../src/store/index.js';
import { databaseUrl, freshDatabase, need } from '../support/services.js';
import { connected, GSTIN, setup, USER } from '../support/fake-gstn-setup.js';

const HOUR = 3_600_000;

describe('GSTN token lifetime', () => {
  it('refreshes a token near its lapse without asking for an OTP', async () => {
    const { clock, fake, portal } = setup();
    const p = await connected(portal());
    const before = await p.connection(GSTIN);
    clock.advance(6 * HOUR - 10 * 60_000);
    const out = await p.fetchReturn(GSTIN, 'gstr3b', '2026-09');
    expect(out.ok).toBe(true);
    expect(fake.counts['REFRESHTOKEN']).toBe(1);
    expect(fake.counts['OTPREQUEST']).toBe(1);
    const after = await p.connection(GSTIN);
    expect(after.tokenExpiresAt).toBeGreaterThan(before.tokenExpiresAt!);
  });

  it('refreshes once when the portal calls the token lapsed, and sends the call again', async () => {
    const { fake, portal } = setup();
    const p = await connected(portal());
    // The portal ends the token early (a restart of its session cache).
    const [token, session] = [...fake.tokens.entries()][0]!;
    fake.tokens.set(token, { ...session, expiresAt: 0 });
    const out = await p.fetchReturn(GSTIN, 'gstr3b', '2026-09');
    expect(out.ok).toBe(true);
    expect(fake.counts['REFRESHTOKEN']).toBe(1);
    expect(fake.counts['RETSUM']).toBe(2);
  });

  it('refuses with AUTH4038 and an actionable message once the access has ended, and counts the GSTIN as not connected', async () => {
    const { clock, fake, portal } = setup({ accessMinutes: 8 * 60 });
    const p = await connected(portal());
    const token = [...fake.tokens.keys()][0]!;
    clock.advance(9 * HOUR);
    const out = await p.fetchReturn(GSTIN, 'gstr2b', '2026-09');
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.errors[0]!.code).toBe('AUTH4038');
      expect(out.errors[0]!.message).toMatch(/connect the GSTIN again/);
      // The fake echoed the token in its refusal: it stays out of the message.
      expect(out.errors[0]!.message).not.toContain(token);
    }
    expect(fake.counts['REFRESHTOKEN']).toBe(1);
    expect(await p.isConnected(GSTIN)).toBe(false);
    const again = await p.fetchReturn(GSTIN, 'gstr2b', '2026-09');
    expect(again.ok ? '' : again.errors[0]!.code).toBe('2000');
  });

  it('refresh on demand; a refresh the portal refuses as an unknown session answers AUTH4033', async () => {
    const { fake, portal } = setup();
    const p = await connected(portal());
    expect((await p.refresh(GSTIN)).ok).toBe(true);
    fake.tokens.clear();
    const out = await p.refresh(GSTIN);
    expect(out.ok ? '' : out.errors[0]!.code).toBe('AUTH4033');
    expect(out.ok ? '' : out.errors[0]!.message).toMatch(/connect the GSTIN again/);
  });
});

describe('GSTN sessions shared through the store', () => {
  const shared = () => {
    const store = createMemoryStore();
    const key = randomBytes(32);
    return { store, sessions: () => storedPortalSessions({ store, key, companyId: 'acme' }) };
  };

  it('two servers: the OTP asked on one, entered on the other, used by both; one OTP, one AUTHTOKEN', async () => {
    const { fake, portal } = setup();
    const { store, sessions } = shared();
    const a = portal({ sessions: sessions() });
    const b = portal({ sessions: sessions() });
    expect((await a.requestOtp(GSTIN, USER.username)).ok).toBe(true);
    expect((await b.connect(GSTIN, USER.otp)).ok).toBe(true);
    expect(await a.isConnected(GSTIN)).toBe(true);
    const [ra, rb] = await Promise.all([a.fetchReturn(GSTIN, 'gstr3b', '2026-09'), b.fetchReturn(GSTIN, 'gstr3b', '2026-08')]);
    expect(ra.ok && rb.ok).toBe(true);
    expect(fake.counts['OTPREQUEST']).toBe(1);
    expect(fake.counts['AUTHTOKEN']).toBe(1);
    // Sealed at rest: neither the token nor the session key in clear.
    const row = await store.getPortalSession('acme', 'gstn', GSTIN);
    expect(row).toBeDefined();
    const token = [...fake.tokens.keys()][0]!;
    expect(row!.sealed).not.toContain(token);
    expect(row!.sealed.startsWith('v1.')).toBe(true);
    // The pending OTP request is gone once used.
    expect(await store.getPortalSession('acme', 'gstn-otp', GSTIN)).toBeUndefined();
  });

  it('two servers refresh a lapsing token once between them', async () => {
    const { clock, fake, portal } = setup();
    const { sessions } = shared();
    const a = await connected(portal({ sessions: sessions() }));
    const b = portal({ sessions: sessions() });
    expect((await b.fetchReturn(GSTIN, 'gstr3b', '2026-09')).ok).toBe(true);
    clock.advance(6 * HOUR + 60_000);
    const results = await Promise.all([
      a.fetchReturn(GSTIN, 'gstr3b', '2026-09'),
      b.fetchReturn(GSTIN, 'gstr3b', '2026-08'),
      a.fetchReturn(GSTIN, 'gstr3b', '2026-07'),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(fake.counts['REFRESHTOKEN']).toBe(1);
    expect(fake.counts['OTPREQUEST']).toBe(1);
  });

  it('two servers on one PGlite database share the session, sealed under the portal name gstn', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gstn-sessions-'));
    const store = await openPgliteStore(join(dir, 'db'));
    try {
      const { fake, portal } = setup();
      const key = randomBytes(32);
      const a = portal({ sessions: storedPortalSessions({ store, key, companyId: 'acme' }) });
      const b = portal({ sessions: storedPortalSessions({ store, key, companyId: 'acme' }) });
      expect((await a.requestOtp(GSTIN, USER.username)).ok).toBe(true);
      expect((await b.connect(GSTIN, USER.otp)).ok).toBe(true);
      expect((await a.fetchReturn(GSTIN, 'gstr3b', '2026-09')).ok).toBe(true);
      expect(fake.counts['OTPREQUEST']).toBe(1);
      expect(fake.counts['AUTHTOKEN']).toBe(1);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

// Two servers are two processes with their own connections to one PostgreSQL: here, two stores opened on
// one fresh database, each with its own session store over it.
describe.runIf(need(databaseUrl))('GSTN sessions shared through one PostgreSQL', () => {
  it('two servers ask one OTP between them, and refresh a lapsing token once between them', async () => {
    const db = await freshDatabase(databaseUrl as string);
    const first = await openPostgresStore(db.url);
    const second = await openPostgresStore(db.url);
    try {
      const { clock, fake, portal } = setup();
      const key = randomBytes(32);
      const a = portal({ sessions: storedPortalSessions({ store: first, key, companyId: 'acme' }) });
      const b = portal({ sessions: storedPortalSessions({ store: second, key, companyId: 'acme' }) });
      expect((await a.requestOtp(GSTIN, USER.username)).ok).toBe(true);
      expect((await b.connect(GSTIN, USER.otp)).ok).toBe(true);
      expect((await a.fetchReturn(GSTIN, 'gstr3b', '2026-09')).ok).toBe(true);
      expect((await b.fetchReturn(GSTIN, 'gstr3b', '2026-08')).ok).toBe(true);
      expect(fake.counts['OTPREQUEST']).toBe(1);
      expect(fake.counts['AUTHTOKEN']).toBe(1);

      clock.advance(6 * HOUR + 60_000);
      const results = await Promise.all([a.fetchReturn(GSTIN, 'gstr3b', '2026-07'), b.fetchReturn(GSTIN, 'gstr3b', '2026-06')]);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(fake.counts['REFRESHTOKEN']).toBe(1);
      expect(fake.counts['OTPREQUEST']).toBe(1);

      // What PostgreSQL holds is sealed: neither the token nor the session key is in the row as text.
      const row = await first.getPortalSession('acme', 'gstn', GSTIN);
      expect(row).toBeDefined();
      const liveTokens = [...fake.tokens.keys()];
      expect(liveTokens.length).toBeGreaterThan(0);
      for (const token of liveTokens) expect(JSON.stringify(row)).not.toContain(token);
    } finally {
      await first.close();
      await second.close();
      await db.drop();
    }
  }, 60_000);
});
