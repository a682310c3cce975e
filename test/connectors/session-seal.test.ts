/** Sessions sealed at rest: only the key and the row they were sealed for open them; anything else is no session. */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSession, parseSessionKey, sealSession, type SealContext } from '../../src/connectors/nic/session-seal.js';

const context: SealContext = ['acme', 'einvoice', '29AAGCK4821M1Z4', 'version-1'];
const session = { expiresAt: 1_790_000_000_000, secrets: { authToken: '1a2b3c4d5e6f7a8b9c0d1e2f3', sek: randomBytes(32).toString('base64'), username: 'kaveri_api' } };

describe('sealed portal sessions', () => {
  it('open with the key and row they were sealed for, and hold no secret in the clear', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.dictionary(fc.string({ minLength: 1 }), fc.string()), fc.integer({ min: 0 }), (key, secrets, expiresAt) => {
        const k = Buffer.from(key);
        const sealed = sealSession(k, context, { expiresAt, secrets });
        expect(openSession(k, context, sealed)).toEqual({ expiresAt, secrets });
      }),
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
    for (const junk of ['', 'v1.', 'v1.AAAA', 'v2.' + sealed.slice(3), 'plain text', 'v1.' + 'x'.repeat(200)]) expect(openSession(key, context, junk)).toBeUndefined();
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
});
