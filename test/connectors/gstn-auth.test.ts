/**
 * The GST portal connector's cryptography and OTP connection, end to end against the fake GSTN: the app
 * key under GSTN's public key, the OTP under the app key, the session key, answers decrypted and their
 * HMAC checked; refusals (wrong public key TEC4002, wrong OTP AUTH4034, wrong user) come back with the
 * portal's code, a message that says what to do, and no secret in it.
 */
import { createCipheriv, createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGstnPortal, GstnConfigError, readTar } from '../../src/connectors/gstn/index.js';
import { readAnswer } from '../../src/connectors/gstn/answer.js';
import { FAKE_CLIENT_SECRET, FAKE_GSTN_URL } from '../support/fake-gstn.js';
import { writeTar } from '../support/fake-gstn-files.js';
import { connected, GSTIN, setup, USER } from '../support/fake-gstn-setup.js';

const aes = (key: Buffer, plain: Buffer): string => {
  const c = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(plain), c.final()]).toString('base64');
};

/** Every message of an outcome, joined, for "no secret in it" checks. */
const messages = (outcome: { ok: boolean; errors?: Array<{ message: string }> }): string => (outcome.errors ?? []).map((e) => e.message).join(' | ');

describe('GST portal connection by OTP', () => {
  it('connects with the OTP and reads a decrypted, HMAC-checked answer', async () => {
    const { fake, portal } = setup();
    const p = portal();
    expect(await p.isConnected(GSTIN)).toBe(false);
    const asked = await p.requestOtp(GSTIN, USER.username);
    expect(asked).toEqual({ ok: true, value: { gstin: GSTIN, otpSent: true } });
    const done = await p.connect(GSTIN, USER.otp);
    expect(done.ok).toBe(true);
    if (done.ok) expect(done.value.connected).toBe(true);
    expect(await p.isConnected(GSTIN)).toBe(true);
    const r3b = await p.fetchReturn(GSTIN, 'gstr3b', '2026-09');
    expect(r3b.ok).toBe(true);
    if (r3b.ok) expect(r3b.value).toMatchObject({ gstin: GSTIN, ret_period: '092026', sup_details: { osup_det: { txval: 100000 } } });
    const call = fake.seen.find((s) => s.action === 'RETSUM')!;
    expect(call.headers).toMatchObject({
      clientid: 'fake-client-id',
      'state-cd': '29',
      'ip-usr': '203.0.113.7',
      gstin: GSTIN,
      username: USER.username,
      ret_period: '092026',
    });
    expect(call.headers['auth-token']).toMatch(/^[0-9a-f]{32}$/);
    const txns = fake.seen.map((s) => s.headers['txn']);
    expect(new Set(txns).size).toBe(txns.length);
  });

  it('refuses a wrong OTP with AUTH4034 and keeps the request open for the right one', async () => {
    const { portal } = setup();
    const p = portal();
    await p.requestOtp(GSTIN, USER.username);
    const wrong = await p.connect(GSTIN, '999999');
    expect(wrong.ok).toBe(false);
    expect(wrong.ok ? '' : wrong.errors[0]!.code).toBe('AUTH4034');
    expect(messages(wrong)).toMatch(/OTP is wrong or has lapsed/);
    // The fake echoes the OTP it got: it must not reach the message.
    expect(messages(wrong)).not.toContain('999999');
    expect((await p.connect(GSTIN, USER.otp)).ok).toBe(true);
  });

  it('refuses with TEC4002 and says to install the current key when the public key is wrong', async () => {
    const { portal } = setup();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const p = portal({ publicKeyPem: other });
    const out = await p.requestOtp(GSTIN, USER.username);
    expect(out.ok ? '' : out.errors[0]!.code).toBe('TEC4002');
    expect(messages(out)).toMatch(/GSTN_PUBLIC_KEY_FILE/);
  });

  it('refuses a connect without an OTP request, and bad input, with coded errors', async () => {
    const { portal } = setup();
    const p = portal();
    const none = await p.connect(GSTIN, USER.otp);
    expect(none.ok ? '' : none.errors[0]!.code).toBe('SVC-984');
    expect((await p.connect(GSTIN, '')).ok ? '' : 'refused').toBe('refused');
    const badGstin = await p.requestOtp('29AAGCK', USER.username);
    expect(badGstin.ok ? '' : badGstin.errors[0]!).toMatchObject({ code: '1000', path: '/gstin' });
    const wrongUser = await p.requestOtp(GSTIN, 'someone_else');
    expect(wrongUser.ok ? '' : wrongUser.errors[0]!.code).toBe('AUTH_9002');
    const notConnected = await p.fetchReturn(GSTIN, 'gstr2b', '2026-09');
    expect(notConnected.ok ? '' : notConnected.errors[0]!.code).toBe('2000');
    expect(messages(notConnected)).toMatch(/requestOtp/);
    for (const out of [
      await p.imsSave(undefined as never),
      await p.gstr1File(null as never),
      await p.fetchReturn(42 as never, 'gstr2a', '2026-09'),
      await p.gstr1Save(GSTIN, '2026-09', 'text'),
    ]) {
      expect(out.ok ? '' : out.errors[0]!.code).toBe('1000');
    }
    await connected(p);
    const badPeriod = await p.fetchReturn(GSTIN, 'gstr2b', '2026-13');
    expect(badPeriod.ok ? '' : badPeriod.errors[0]!).toMatchObject({ code: '1000', path: '/returnPeriod' });
  });

  it('fails at construction, with a coded error naming no secret, on unusable settings', () => {
    const { fake } = setup();
    const base = { baseUrl: FAKE_GSTN_URL, clientId: 'id', clientSecret: FAKE_CLIENT_SECRET, publicKeyPem: fake.publicKeyPem, ipUsr: '203.0.113.7' };
    expect(() => createGstnPortal({ ...base, baseUrl: 'not a url' })).toThrow(GstnConfigError);
    expect(() => createGstnPortal({ ...base, publicKeyPem: 'garbage' })).toThrow(/public key/);
    expect(() => createGstnPortal({ ...base, clientSecret: '' })).toThrow(/client secret/);
    try {
      createGstnPortal({ ...base, publicKeyPem: 'garbage' });
    } catch (e) {
      expect((e as GstnConfigError).code).toBe('SVC-981');
      expect((e as Error).message).not.toContain(FAKE_CLIENT_SECRET);
    }
  });

  it('disconnects: LOGOUT sent, the session forgotten', async () => {
    const { fake, portal } = setup();
    const p = await connected(portal());
    expect((await p.disconnect(GSTIN)).ok).toBe(true);
    expect(fake.counts['LOGOUT']).toBe(1);
    expect(fake.tokens.size).toBe(0);
    expect(await p.isConnected(GSTIN)).toBe(false);
  });
});

describe('answer decryption accepts every documented form', () => {
  const sek = randomBytes(32);
  const rek = randomBytes(32);
  const value = { b2b: [{ ctin: 'x' }] };
  const base64 = Buffer.from(JSON.stringify(value)).toString('base64');
  const mac = createHmac('sha256', rek).update(base64).digest('base64');

  it('reads data as base64 of JSON or as JSON, a REK as raw bytes or base64 text', () => {
    const forms = [
      { data: aes(rek, Buffer.from(base64)), rek: aes(sek, rek), hmac: mac },
      { data: aes(rek, Buffer.from(base64)), rek: aes(sek, Buffer.from(rek.toString('base64'))), hmac: mac },
      { data: aes(rek, Buffer.from(JSON.stringify(value))), rek: aes(sek, rek) },
    ];
    for (const form of forms) expect(readAnswer({ status_cd: '1', ...form }, sek, [])).toMatchObject({ ok: true, value });
  });

  it('refuses an answer whose HMAC does not match, or that does not decrypt', () => {
    const tampered = readAnswer(
      { status_cd: '1', data: aes(rek, Buffer.from(base64)), rek: aes(sek, rek), hmac: createHmac('sha256', rek).update('other').digest('base64') },
      sek,
      [],
    );
    expect(tampered).toMatchObject({ ok: false, code: 'SVC-982' });
    expect(readAnswer({ status_cd: '1', data: aes(rek, Buffer.from(base64)), rek: aes(randomBytes(32), rek) }, sek, [])).toMatchObject({
      ok: false,
      code: 'SVC-982',
    });
    expect(readAnswer('not an object', sek, [])).toMatchObject({ ok: false, code: 'SVC-982' });
  });

  it('reads the portal error envelope, scrubbing secrets from its text', () => {
    const out = readAnswer({ status_cd: '0', error: { error_cd: 'AUTH4038', message: 'Session expired for token abcdef123456' } }, sek, ['abcdef123456']);
    expect(out).toMatchObject({ ok: false, code: 'AUTH4038', kind: 'refresh' });
    expect(out.ok ? '' : out.message).not.toContain('abcdef123456');
  });
});

describe('tar reader', () => {
  it('reads what a ustar writer wrote, and refuses a damaged archive', () => {
    const files = [
      { name: 'a.json', content: Buffer.from('x'.repeat(700)) },
      { name: 'b.json', content: Buffer.from('') },
    ];
    const archive = writeTar(files);
    expect([...readTar(archive)].map((e) => [e.name, e.content.length])).toEqual([
      ['a.json', 700],
      ['b.json', 0],
    ]);
    const damaged = Buffer.from(archive);
    damaged[10] = 0x41;
    expect(() => [...readTar(damaged)]).toThrow(/checksum/);
    expect(() => [...readTar(archive.subarray(0, 600))]).toThrow();
  });
});
