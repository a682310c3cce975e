/** Sessions sealed at rest: only the key and the row they were sealed for open them; anything else is no session. */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSession, parseSessionKey, parseSessionKeyList, sealSession, type SealContext } from '../../src/connectors/nic/session-seal.js';
import { sessionKeyFromEnv } from '../../src/connectors/nic/from-env.js';
import { storedPortalSessions } from '../../src/connectors/nic/stored-sessions.js';
import { createMemoryStore } from '../../src/store/index.js';

const context: SealContext = ['acme', 'einvoice', '29AAGCK4821M1Z4', 'version-1'];
const session = {
  expiresAt: 1_790_000_000_000,
  secrets: { authToken: '1a2b3c4d5e6f7a8b9c0d1e2f3', sek: randomBytes(32).toString('base64'), username: 'kaveri_api' },
};

describe('sealed portal sessions', () => {
  it('open with the key and row they were sealed for, and hold no secret in the clear', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.dictionary(fc.string({ minLength: 1 }), fc.string()),
        fc.integer({ min: 0 }),
        (key, secrets, expiresAt) => {
          const k = Buffer.from(key);
          const sealed = sealSession(k, context, { expiresAt, secrets });
          expect(openSession(k, context, sealed)).toEqual({ expiresAt, secrets });
        },
      ),
    );
    const key = randomBytes(32);
    const sealed = sealSession(key, context, session);
    for (const secret of Object.values(session.secrets)) expect(sealed).not.toContain(secret);
  });

  it('do not open under another key, for another row, or once a byte is changed', () => {
    const key = randomBytes(32);
    const sealed = sealSession(key, context, session);
    expect(openSession(randomBytes(32), context, sealed)).toBeUndefined();
    expect(openSession(key, ['acme', 'einvoice', '33AAHCT2290K1Z6', 'version-1'], sealed)).toBeUndefined();
    expect(openSession(key, ['globex', 'einvoice', '29AAGCK4821M1Z4', 'version-1'], sealed)).toBeUndefined();
    expect(openSession(key, ['acme', 'ewaybill', '29AAGCK4821M1Z4', 'version-1'], sealed)).toBeUndefined();
    expect(openSession(key, ['acme', 'einvoice', '29AAGCK4821M1Z4', 'version-2'], sealed)).toBeUndefined();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    fc.assert(
      fc.property(fc.nat({ max: raw.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const changed = Buffer.from(raw);
        changed[at] = changed[at]! ^ flip;
        expect(openSession(key, context, 'v1.' + changed.toString('base64'))).toBeUndefined();
      }),
    );
    for (const junk of ['', 'v1.', 'v1.AAAA', 'v2.' + sealed.slice(3), 'plain text', 'v1.' + 'x'.repeat(200)])
      expect(openSession(key, context, junk)).toBeUndefined();
  });

  it('reads a key as 64 hex digits or base64 of 32 bytes, and refuses anything else without echoing it', () => {
    const key = randomBytes(32);
    expect(parseSessionKey(key.toString('hex'))).toEqual({ ok: true, key });
    expect(parseSessionKey(` ${key.toString('base64')}\n`)).toEqual({ ok: true, key });
    expect(parseSessionKey(key.toString('base64url'))).toEqual({ ok: true, key });
    for (const bad of ['', 'secret', key.toString('hex').slice(2), randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), 'g'.repeat(64)]) {
      const out = parseSessionKey(bad);
      expect(out.ok).toBe(false);
      if (!out.ok && bad) expect(out.message).not.toContain(bad);
    }
  });

  it('reads previous keys as a comma-separated list, and names a bad one by its position, never its value', () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    expect(parseSessionKeyList(` ${a.toString('hex')} , ${b.toString('base64')},`)).toEqual({ ok: true, keys: [a, b] });
    expect(parseSessionKeyList('')).toEqual({ ok: true, keys: [] });
    const bad = randomBytes(16).toString('hex');
    const out = parseSessionKeyList(`${a.toString('hex')},${bad}`);
    expect(out).toEqual({ ok: false, message: expect.stringMatching(/^item 2 of 2 is not a 32-byte key/) });
    expect(JSON.stringify(out)).not.toContain(bad);
    expect(JSON.stringify(out)).not.toContain(a.toString('hex'));
  });

  it('takes GSTKIT_SESSION_KEY_PREVIOUS from the environment, naming the setting and no key when it is wrong', () => {
    const [current, old] = [randomBytes(32), randomBytes(32)];
    expect(sessionKeyFromEnv({ GSTKIT_SESSION_KEY: current.toString('hex'), GSTKIT_SESSION_KEY_PREVIOUS: old.toString('base64') })).toEqual({
      ok: true,
      key: current,
      previous: [old],
    });
    expect(sessionKeyFromEnv({ GSTKIT_SESSION_KEY: current.toString('hex') })).toEqual({ ok: true, key: current, previous: [] });
    expect(sessionKeyFromEnv({})).toEqual({ ok: true, previous: [] });
    const env = { GSTKIT_SESSION_KEY: current.toString('hex'), GSTKIT_SESSION_KEY_PREVIOUS: `${old.toString('hex')},short` };
    const wrong = sessionKeyFromEnv(env);
    expect(wrong).toEqual({ ok: false, message: expect.stringMatching(/^GSTKIT_SESSION_KEY_PREVIOUS: item 2 of 2 is not a 32-byte key/) });
    for (const value of [current.toString('hex'), old.toString('hex'), 'short']) expect(JSON.stringify(wrong)).not.toContain(value);
    const alone = sessionKeyFromEnv({ GSTKIT_SESSION_KEY_PREVIOUS: old.toString('hex') });
    expect(alone).toEqual({ ok: false, message: expect.stringMatching(/^GSTKIT_SESSION_KEY_PREVIOUS is set but GSTKIT_SESSION_KEY is not/) });
    expect(JSON.stringify(alone)).not.toContain(old.toString('hex'));
  });

  it('refuses a previous key of the wrong length for the library, without its value', () => {
    const short = randomBytes(16);
    const make = (): unknown =>
      storedPortalSessions({ store: createMemoryStore(), key: randomBytes(32), previousKeys: [randomBytes(32), short], companyId: 'acme' });
    expect(make).toThrow(/previous portal session key 2 of 2 must be 32 bytes/);
    try {
      make();
    } catch (e) {
      expect(String(e)).not.toContain(short.toString('hex'));
      expect(String(e)).not.toContain(short.toString('base64'));
    }
  });

  it('opens a row sealed under any previous key, and seals only under the current one', async () => {
    const store = createMemoryStore();
    const [old, older, current] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    for (const key of [old, older]) {
      const version = `v-${key.toString('hex').slice(0, 8)}`;
      await store.putPortalSession({
        companyId: 'acme',
        portal: 'einvoice',
        gstin: '29AAGCK4821M1Z4',
        version,
        expiresAt: session.expiresAt,
        sealed: sealSession(key, ['acme', 'einvoice', '29AAGCK4821M1Z4', version], session),
      });
      const sessions = storedPortalSessions({ store, key: current, previousKeys: [old, older], companyId: 'acme' });
      expect(await sessions.current('einvoice', '29AAGCK4821M1Z4')).toEqual({ ...session, version });
      expect(await storedPortalSessions({ store, key: current, companyId: 'acme' }).current('einvoice', '29AAGCK4821M1Z4')).toBeUndefined();
    }
    const sessions = storedPortalSessions({ store, key: current, previousKeys: [old], companyId: 'acme' });
    const version = await sessions.publish('einvoice', '29AAGCK4821M1Z4', session);
    const row = await store.getPortalSession('acme', 'einvoice', '29AAGCK4821M1Z4');
    expect(openSession(current, ['acme', 'einvoice', '29AAGCK4821M1Z4', version], row!.sealed)).toEqual(session);
    expect(openSession(old, ['acme', 'einvoice', '29AAGCK4821M1Z4', version], row!.sealed)).toBeUndefined();
  });
});
