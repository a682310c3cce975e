/**
 * The wire format as NIC's sample code has it: the AES plaintext of a request's data is the JSON's
 * bytes, on both portals, and the login's RSA plaintext is the base64 text of the credentials JSON.
 * The fake portal reads requests as NIC's sample functions do (test/support/fake-nic-crypto.ts), so a
 * client that encrypts the base64 of the JSON, as NIC's tables can be misread, is refused (e-waybill
 * 100, invalid JSON); the connector passes end to end for every e-waybill action it offers.
 */
import { constants, createCipheriv, createDecipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeNic } from '../support/fake-nic.js';
import { call, example, invoice, nicHandler, SELLER, SHIPPER, startFake, USERS } from './helpers.js';

const E = '/api/svc/einvoice/';
const API = '/ewaybillapi/v1.03/ewayapi/';

const aes = (key: Buffer, plain: Buffer): string => {
  const c = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(plain), c.final()]).toString('base64');
};
const unaes = (key: Buffer, b64: string): Buffer => {
  const d = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]);
};

/** A hand-made e-waybill client, independent of the connector: logs in and posts data in a chosen form. */
async function handClient(fake: FakeNic) {
  const appKey = randomBytes(32);
  const creds = { action: 'ACCESSTOKEN', username: USERS[SHIPPER].username, password: USERS[SHIPPER].password, app_key: appKey.toString('base64') };
  const login = Buffer.from(Buffer.from(JSON.stringify(creds)).toString('base64'));
  const headers = { 'content-type': 'application/json', 'client-id': fake.clientId, 'client-secret': fake.clientSecret, Gstin: SHIPPER };
  const auth = await fetch(`${fake.baseUrl}/ewaybillapi/v1.03/auth/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ Data: publicEncrypt({ key: fake.publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, login).toString('base64') }),
  }).then((r) => r.json() as Promise<Record<string, string>>);
  expect(auth['status']).toBe('1');
  const sek = unaes(appKey, String(auth['sek']));
  const postData = (action: string, data: string) =>
    fetch(fake.baseUrl + API, { method: 'POST', headers: { ...headers, authtoken: String(auth['authtoken']) }, body: JSON.stringify({ action, data }) }).then(
      (r) => r.json() as Promise<Record<string, string>>,
    );
  return {
    sek,
    /** POSTs the action with `plaintext` as the AES plaintext of its data under the sek. */
    post: (action: string, plaintext: Buffer) => postData(action, aes(sek, plaintext)),
    /** POSTs the action with `data` as it is. */
    postData,
  };
}

const errorCodes = (answer: Record<string, string>): string => String(JSON.parse(Buffer.from(answer['error'] ?? '', 'base64').toString('utf8'))['errorCodes']);

describe('the e-waybill wire format as NIC sample code behaves', () => {
  let fake: FakeNic;
  beforeEach(async () => {
    fake = await startFake();
  });
  afterEach(async () => {
    await fake.stop();
  });

  it('refuses Encrypt(Base64(JSON), sek) with 100 in the failure envelope, and accepts the JSON bytes under the sek', async () => {
    const client = await handClient(fake);
    const json = Buffer.from(JSON.stringify(example('ewb')), 'utf8');

    const wrong = await client.post('GENEWAYBILL', Buffer.from(json.toString('base64'), 'utf8'));
    expect(wrong['status']).toBe('0');
    expect(wrong['data']).toBeUndefined();
    expect(errorCodes(wrong)).toBe('100,');
    expect(fake.ewbCount()).toBe(0);

    const right = await client.post('GENEWAYBILL', json);
    expect(right['status']).toBe('1');
    // The answer's plaintext is JSON too, not base64 of it.
    const answer: unknown = JSON.parse(unaes(client.sek, right['data'] ?? '').toString('utf8'));
    expect(answer).toMatchObject({ ewayBillNo: expect.any(Number) });
  });

  it('refuses data that does not decrypt under the sek with 109, and a plaintext that is not a JSON object with 100', async () => {
    const client = await handClient(fake);
    // Five bytes are no whole AES block: no key decrypts them.
    expect(errorCodes(await client.postData('CANEWB', Buffer.from('12345').toString('base64')))).toBe('109,');
    expect(errorCodes(await client.post('CANEWB', Buffer.from('ewbNo=391000000001', 'utf8')))).toBe('100,');
    expect(errorCodes(await client.post('CANEWB', Buffer.from('[1,2]', 'utf8')))).toBe('100,');
    expect(fake.ewbPosts).toEqual([]);
  });

  it('passes every e-waybill action of the connector end to end', async () => {
    const { handler, ewb } = nicHandler(fake);
    const ok = async (method: string, route: string, body?: unknown) => {
      const out = await call(handler, method, `${E}${route}${route.includes('?') ? '&' : '?'}gstin=${SHIPPER}`, body);
      expect(out.status, `${route}: ${JSON.stringify(out.body)}`).toBe(200);
      return out.body;
    };

    const gen = await ok('POST', 'generateewaybill', example('ewb'));
    const ewbNo = String(gen.EwbNo);
    const today = String(gen.EwbTime).slice(0, 10);
    await ok('GET', `getewaybill?ewbNo=${ewbNo}`);
    await ok('POST', 'updatevehicle', { ...example('update-vehicle'), ewbNo });
    await ok('POST', 'updatetransporter', { ...example('update-transporter'), ewbNo });
    await ok('POST', 'extendvalidity', { ...example('extend-validity'), ewbNo });
    const trip = await ok('POST', 'generateconsolidatedewb', { ...example('consolidated-ewb'), tripSheetEwbBills: [{ ewbNo }] });
    await ok('POST', 'regeneratetripsheet', { ...example('regenerate-trip-sheet'), tripSheetNo: trip.cEwbNo });
    await ok('GET', `gettripsheet?tripSheetNo=${trip.cEwbNo}`);
    await ok('POST', 'initiatemultivehicle', { ...example('initiate-multi-vehicle'), ewbNo });
    await ok('POST', 'addmultivehicle', { ...example('add-multi-vehicle'), ewbNo });
    await ok('POST', 'changemultivehicle', { ...example('change-multi-vehicle'), ewbNo });
    await ok('POST', 'rejectewb', { ewbNo });
    await ok('GET', `getewaybillsbydate?date=${today}`);
    await ok('GET', `getewaybillsofotherparty?date=${today}`);
    await ok('GET', `getewaybillsfortransporter?date=${today}`);
    await ok('GET', `getewaybillsrejectedbyothers?date=${today}`);
    await ok('POST', 'cancelewb', { ...example('cancel-ewb'), ewbNo });
    // Any other POST action goes through the same encryption.
    const other = await ewb.action(SHIPPER, 'GENEWAYBILL', { ...example('ewb'), docNo: 'TFPL/2026/3319' });
    expect(other.ok, JSON.stringify(other)).toBe(true);

    expect(fake.ewbPosts.map((p) => p.action)).toEqual([
      'GENEWAYBILL',
      'VEHEWB',
      'UPDATETRANSPORTER',
      'EXTENDVALIDITY',
      'GENCEWB',
      'REGENTRIPSHEET',
      'MULTIVEHMOVINT',
      'MULTIVEHADD',
      'MULTIVEHUPD',
      'REJEWB',
      'CANEWB',
      'GENEWAYBILL',
    ]);
    // NIC has no taxpayer close: the connector says so rather than sending anything.
    const close = await call(handler, 'POST', `${E}closeewb?gstin=${SHIPPER}`, { ...example('close-ewb'), ewbNo });
    expect(close.status).toBe(501);
    expect(fake.ewbPosts).toHaveLength(12);
  });
});

/** A hand-made e-invoice client: the login's RSA plaintext and the invoice's AES plaintext are given. */
async function handEinvoiceLogin(fake: FakeNic, loginPlaintext: (credsJson: Buffer) => Buffer) {
  const appKey = randomBytes(32);
  const creds = { UserName: USERS[SELLER].username, Password: USERS[SELLER].password, AppKey: appKey.toString('base64'), ForceRefreshAccessToken: false };
  const headers = { 'content-type': 'application/json', client_id: fake.clientId, client_secret: fake.clientSecret, Gstin: SELLER };
  const data = publicEncrypt({ key: fake.publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, loginPlaintext(Buffer.from(JSON.stringify(creds)))).toString(
    'base64',
  );
  const auth = await fetch(`${fake.baseUrl}/eivital/v1.04/auth`, { method: 'POST', headers, body: JSON.stringify({ Data: data }) }).then(
    (r) => r.json() as Promise<Record<string, any>>,
  );
  if (auth['Status'] !== 1) return { auth };
  const sek = unaes(appKey, String(auth['Data']['Sek']));
  const sessionHeaders = { ...headers, user_name: USERS[SELLER].username, AuthToken: String(auth['Data']['AuthToken']) };
  const generate = (plaintext: Buffer) =>
    fetch(`${fake.baseUrl}/eicore/v1.03/Invoice`, { method: 'POST', headers: sessionHeaders, body: JSON.stringify({ Data: aes(sek, plaintext) }) }).then(
      (r) => r.json() as Promise<Record<string, any>>,
    );
  return { auth, sek, generate };
}

describe('the e-invoice wire format as NIC sample code behaves', () => {
  let fake: FakeNic;
  beforeEach(async () => {
    fake = await startFake();
  });
  afterEach(async () => {
    await fake.stop();
  });

  it('reads the login as RSA of the base64 text of the credentials JSON, and refuses RSA of the JSON itself with 1013', async () => {
    const raw = await handEinvoiceLogin(fake, (creds) => creds);
    expect(raw.auth['Status']).toBe(0);
    expect(raw.auth['ErrorDetails'][0].ErrorCode).toBe('1013');
    const right = await handEinvoiceLogin(fake, (creds) => Buffer.from(creds.toString('base64')));
    expect(right.auth['Status']).toBe(1);
  });

  it('refuses an invoice sent as Encrypt(Base64(JSON), sek), accepts its JSON bytes, and answers JSON bytes under the sek', async () => {
    const client = await handEinvoiceLogin(fake, (creds) => Buffer.from(creds.toString('base64')));
    if (!client.generate) throw new Error('login refused');
    const json = Buffer.from(JSON.stringify(invoice('KCPL/26-27/0900')), 'utf8');
    const wrong = await client.generate(Buffer.from(json.toString('base64')));
    expect(wrong['Status']).toBe(0);
    expect(wrong['ErrorDetails'][0].ErrorCode).toBe('2140');
    expect(fake.irnCount()).toBe(0);
    const right = await client.generate(json);
    expect(right['Status']).toBe(1);
    expect(JSON.parse(unaes(client.sek, right['Data']).toString('utf8'))).toMatchObject({ Irn: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});
