/**
 * basicAuth accepts its configured keys and no other: not a key whose company is not configured, not a key
 * revoked in the store (read again at most every maxAgeMs, one read shared by concurrent callers).
 */
import { describe, expect, it } from 'vitest';
import { basicAuth, revokedKeyIds, storedKeyAuth, secretDigest } from '../../src/ports/index.js';

const ask = (auth: ReturnType<typeof basicAuth>, credentials: string) =>
  Promise.resolve(auth(new Request('http://x/', { headers: { authorization: 'Basic ' + Buffer.from(credentials).toString('base64') } })));

describe('basicAuth', () => {
  const keys = [
    { keyId: 'k1', keySecret: 's1', companyId: 'acme' },
    { keyId: 'k2', keySecret: 's2', companyId: 'gone' },
  ];
  const companies = new Map([['acme', ['29AAGCK4821M1Z4']]]);

  it('refuses a key whose company is not configured, as it refuses an unknown key', async () => {
    const auth = basicAuth(keys, companies);
    expect(await ask(auth, 'k1:s1')).toEqual({ ok: true, company: { id: 'acme', gstins: ['29AAGCK4821M1Z4'] }, keyId: 'k1' });
    expect(await ask(auth, 'k2:s2')).toEqual({ ok: false, status: 401, message: "this API key's company is not configured" });
    expect(await ask(auth, 'k3:s3')).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a revoked key and asks for the revocations only for a key it would accept', async () => {
    let reads = 0;
    let revoked = [{ keyId: 'k1' }];
    const ids = revokedKeyIds({ revokedApiKeys: async () => (reads++, revoked) }, 1000);
    const auth = basicAuth(keys, companies, { revoked: ids });
    expect(await ask(auth, 'k1:s1')).toEqual({ ok: false, status: 401, message: 'this API key is revoked' });
    expect(await ask(auth, 'k1:wrong')).toMatchObject({ ok: false, status: 401, message: 'unknown API key or wrong secret' });
    expect(await ask(auth, 'nobody:x')).toMatchObject({ ok: false, status: 401 });
    expect(reads).toBe(1);
    revoked = [];
    expect(await ask(auth, 'k1:s1')).toMatchObject({ ok: false }); // still within maxAgeMs
    expect(reads).toBe(1);
  });

  it('storedKeyAuth refuses a key whose company is not configured too', async () => {
    const auth = storedKeyAuth({ getApiKey: async (keyId) => ({ keyId, companyId: 'gone', secretSha256: secretDigest('s') }) }, companies);
    expect(await ask(auth, 'k9:s')).toMatchObject({ ok: false, status: 401, message: "this API key's company is not configured" });
  });
});

describe('revokedKeyIds', () => {
  it('reads again once maxAgeMs has passed, and concurrent callers share one read', async () => {
    let now = 0;
    let reads = 0;
    let revoked: { keyId: string }[] = [];
    const ids = revokedKeyIds(
      {
        revokedApiKeys: async () => {
          reads++;
          await new Promise((r) => setTimeout(r, 5));
          return revoked;
        },
      },
      5000,
      () => now,
    );
    const first = await Promise.all([ids(), ids(), ids()]);
    expect(reads).toBe(1);
    expect(first.map((s) => [...s])).toEqual([[], [], []]);
    revoked = [{ keyId: 'k1' }];
    now = 4999;
    expect([...(await ids())]).toEqual([]);
    now = 5000;
    expect([...(await ids())]).toEqual(['k1']);
    expect(reads).toBe(2);
  });

  it('fails its callers when the store cannot be read, and reads again on the next call', async () => {
    let fail = true;
    const ids = revokedKeyIds({ revokedApiKeys: async () => (fail ? Promise.reject(new Error('store down')) : [{ keyId: 'k1' }]) }, 5000);
    await expect(ids()).rejects.toThrow('store down');
    fail = false;
    expect([...(await ids())]).toEqual(['k1']);
  });
});

describe('API keys without node:crypto', () => {
  it('generates a 12-hex-digit key id and a 24-character base64url secret, different each time', async () => {
    const { generateApiKey } = await import('../../src/ports/auth.js');
    const a = generateApiKey('acme');
    const b = generateApiKey('acme');
    expect(a.keyId).toMatch(/^k[0-9a-f]{12}$/);
    expect(a.keySecret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a.keySecret).not.toBe(b.keySecret);
  });

  it('refuses Basic credentials that are not base64, and reads a secret in UTF-8', async () => {
    const auth = basicAuth([{ keyId: 'k1', keySecret: 'sécret', companyId: 'acme' }], new Map([['acme', ['29AAACB1234C1Z5']]]));
    const bad = await auth(new Request('http://x/', { headers: { authorization: 'Basic abc=def' } }));
    expect(bad).toMatchObject({ ok: false, status: 401 });
    expect(await ask(auth, 'k1:sécret')).toMatchObject({ ok: true });
    expect(await ask(auth, 'k1:secret')).toMatchObject({ ok: false, status: 401 });
  });

  it('digests a secret as SHA-256 hex', () => {
    expect(secretDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
