import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorConfigError, createNicEwbProvider, createNicIrpProvider } from '../../src/connectors/nic/index.js';
import type { FakeNic } from '../support/fake-nic.js';
import { ctx, ewbRequest, invoice, irnOf, options, otherPublicKey, SELLER, SHIPPER, startFake, USERS } from './helpers.js';

const INVOICE = '/eicore/v1.03/Invoice';

describe('the NIC connectors when the portal misbehaves', () => {
  let fake: FakeNic;
  beforeEach(async () => {
    fake = await startFake();
  });
  afterEach(async () => {
    await fake.stop();
  });

  it('retries a 500 and registers the document once', async () => {
    const irp = createNicIrpProvider(options(fake));
    fake.inject({ path: INVOICE, method: 'POST', mode: 'status500', times: 2 });
    const out = await irp.generateIrn(ctx, invoice('F/500'));
    expect(out.ok).toBe(true);
    expect(fake.irnCount()).toBe(1);
    expect(fake.requests.filter((r) => r.path === INVOICE)).toHaveLength(3);
  });

  it('retries a connection dropped before the portal acted', async () => {
    const irp = createNicIrpProvider(options(fake));
    fake.inject({ path: INVOICE, method: 'POST', mode: 'dropBefore' });
    const out = await irp.generateIrn(ctx, invoice('F/DROP1'));
    expect(out.ok && out.value.Irn).toBe(irnOf(SELLER, '2026-27', 'INV', 'F/DROP1'));
    expect(fake.irnCount()).toBe(1);
  });

  it('returns the IRN the portal issued when the answer was lost after it acted (2150 on the retry)', async () => {
    const irp = createNicIrpProvider(options(fake));
    fake.inject({ path: INVOICE, method: 'POST', mode: 'dropAfter' });
    const out = await irp.generateIrn(ctx, invoice('F/DROP2'));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.Irn).toBe(irnOf(SELLER, '2026-27', 'INV', 'F/DROP2'));
    expect(out.value.AckNo).toMatch(/^\d{15}$/);
    expect(out.value.invoice['DocDtls']).toMatchObject({ No: 'F/DROP2' });
    expect(fake.acted).toEqual([`IRN ${out.value.Irn}`]);
    expect(fake.requests.map((r) => r.path).filter((p) => p.startsWith('/eicore'))).toEqual([INVOICE, INVOICE, `${INVOICE}/irn/${out.value.Irn}`]);
  });

  it('treats a slow answer as lost: the retry finds the registration and returns it', async () => {
    const irp = createNicIrpProvider(options(fake, { timeoutMs: 300 }));
    fake.inject({ path: INVOICE, method: 'POST', mode: 'slow', delayMs: 1500 });
    const started = Date.now();
    const out = await irp.generateIrn(ctx, invoice('F/SLOW'));
    expect(out.ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(1400);
    expect(fake.irnCount()).toBe(1);
  });

  it('answers a slow portal in time when the limit allows it', async () => {
    const irp = createNicIrpProvider(options(fake, { timeoutMs: 2000 }));
    fake.inject({ path: INVOICE, method: 'POST', mode: 'slow', delayMs: 300 });
    const out = await irp.generateIrn(ctx, invoice('F/SLOW2'));
    expect(out.ok).toBe(true);
    expect(fake.requests.filter((r) => r.path === INVOICE)).toHaveLength(1);
  });

  it('gives up with SVC-960 (HTTP 503) when every attempt fails, and says why', async () => {
    const irp = createNicIrpProvider(options(fake, { retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 10 } }));
    await irp.getIrn(ctx, SELLER, 'a'.repeat(64)); // log in first
    fake.inject({ path: INVOICE, method: 'POST', mode: 'status500', times: 3 });
    const out = await irp.generateIrn(ctx, invoice('F/DOWN'));
    expect(out).toMatchObject({ ok: false, status: 503, errors: [{ code: 'SVC-960' }] });
    if (!out.ok) expect(out.errors[0]!.message).toMatch(/after 3 attempts: server error \(HTTP 500\)/);
    expect(fake.irnCount()).toBe(0);
  });

  it('reports a portal that is not listening as unreachable, quickly', async () => {
    const port = Number(new URL(fake.baseUrl).port);
    await fake.stop();
    const irp = createNicIrpProvider(options(fake, { baseUrl: `http://127.0.0.1:${port}` }));
    const out = await irp.getIrn(ctx, SELLER, 'a'.repeat(64));
    expect(out).toMatchObject({ ok: false, status: 503, errors: [{ code: 'SVC-960' }] });
    if (!out.ok) expect(out.errors[0]!.message).toMatch(/connection refused/);
    fake = await startFake();
  });

  it('still refuses a fresh generate of a document registered earlier (2150 with the existing IRN)', async () => {
    const irp = createNicIrpProvider(options(fake));
    const first = await irp.generateIrn(ctx, invoice('F/DUP'));
    const again = await irp.generateIrn(ctx, { ...invoice('F/DUP'), PayDtls: { Nm: 'changed' } });
    expect(first.ok).toBe(true);
    expect(again).toMatchObject({ ok: false, status: 409, errors: [{ code: '2150', message: 'Duplicate IRN' }] });
    if (!again.ok && first.ok) expect(again.info).toMatchObject({ Irn: first.value.Irn, AckNo: first.value.AckNo });
  });

  it('gives one IRN for 100 concurrent generates spread over 5 connector instances', async () => {
    const irps = Array.from({ length: 5 }, () => createNicIrpProvider(options(fake)));
    const inv = invoice('F/CONC');
    const outs = await Promise.all(Array.from({ length: 100 }, (_, i) => irps[i % 5]!.generateIrn(ctx, inv)));
    const irns = new Set(outs.map((o) => (o.ok ? o.value.Irn : String(o.info?.['Irn']))));
    expect(irns).toEqual(new Set([irnOf(SELLER, '2026-27', 'INV', 'F/CONC')]));
    expect(outs.filter((o) => !o.ok).every((o) => !o.ok && o.errors[0]!.code === '2150')).toBe(true);
    expect(fake.irnCount()).toBe(1);
  });

  it('cancels once when the cancel answer is lost after the portal acted', async () => {
    const irp = createNicIrpProvider(options(fake));
    const gen = await irp.generateIrn(ctx, invoice('F/CNL'));
    if (!gen.ok) throw new Error('generate failed');
    fake.inject({ path: '/eicore/v1.03/Invoice/Cancel', mode: 'dropAfter' });
    const out = await irp.cancelIrn(ctx, SELLER, { Irn: gen.value.Irn, CnlRsn: '2', CnlRem: 'data entry mistake' });
    expect(out).toMatchObject({ ok: true, value: { Irn: gen.value.Irn } });
    expect(fake.acted.filter((a) => a.startsWith('CNL'))).toHaveLength(1);
  });

  it('returns the e-waybill made by an attempt whose answer was lost (604 on the retry)', async () => {
    const ewb = createNicEwbProvider(options(fake));
    fake.inject({ path: '/ewaybillapi/v1.03/ewayapi', method: 'POST', action: 'GENEWAYBILL', mode: 'dropAfter' });
    const out = await ewb.generate(ctx, SHIPPER, ewbRequest());
    expect(out.ok).toBe(true);
    expect(fake.ewbCount()).toBe(1);
    if (out.ok) expect(fake.acted).toEqual([`EWB ${out.value.EwbNo}`]);
  });

  it('retries e-waybill calls through 500s and dropped connections', async () => {
    const ewb = createNicEwbProvider(options(fake));
    fake.inject({ path: '/ewaybillapi/v1.03/auth', mode: 'status500' });
    fake.inject({ path: '/ewaybillapi/v1.03/ewayapi', method: 'POST', mode: 'dropBefore' });
    const out = await ewb.generate(ctx, SHIPPER, ewbRequest());
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    fake.inject({ path: '/ewaybillapi/v1.03/ewayapi/GetEwayBill', mode: 'status500' });
    const detail = await ewb.get(ctx, SHIPPER, out.value.EwbNo);
    expect(detail).toMatchObject({ ok: true, value: { ewbNo: Number(out.value.EwbNo) } });
  });
});

describe('wrong settings give clear coded errors', () => {
  let fake: FakeNic;
  beforeEach(async () => {
    fake = await startFake();
  });
  afterEach(async () => {
    await fake.stop();
  });

  it('a wrong password: the portal code 1008 (e-invoice) and 108 (e-waybill), HTTP 502, no retry loop', async () => {
    const wrong = { ...USERS, [SELLER]: { username: 'kaveri_api', password: 'nope' }, [SHIPPER]: { username: 'tfpl_api', password: 'nope' } };
    const irp = createNicIrpProvider(options(fake, { credentials: wrong }));
    const out = await irp.generateIrn(ctx, invoice('W/1'));
    expect(out).toMatchObject({ ok: false, status: 502, errors: [{ code: '1008' }] });
    if (!out.ok) expect(out.errors[0]!.message).toBe(`e-invoice login for GSTIN ${SELLER} refused: Invalid login credentials`);
    const ewb = createNicEwbProvider(options(fake, { credentials: wrong }));
    const e = await ewb.generate(ctx, SHIPPER, ewbRequest());
    expect(e).toMatchObject({ ok: false, status: 502, errors: [{ code: '108' }] });
    if (!e.ok) expect(e.errors[0]!.message).toMatch(/^e-waybill login for GSTIN 33AAHCT2290K1Z6 refused: /);
    expect(fake.logins).toHaveLength(0);
    expect(fake.requests.filter((r) => r.path.includes('auth'))).toHaveLength(2);
  });

  it('a wrong public key: the portal cannot decrypt the login (1013)', async () => {
    const irp = createNicIrpProvider(options(fake, { publicKeyPem: otherPublicKey() }));
    const out = await irp.getIrn(ctx, SELLER, 'a'.repeat(64));
    expect(out).toMatchObject({ ok: false, status: 502, errors: [{ code: '1013' }] });
    if (!out.ok) expect(out.errors[0]!.message).toMatch(/public key/);
  });

  it('a key file that is not a public key fails at construction with SVC-961', () => {
    expect(() => createNicIrpProvider(options(fake, { publicKeyPem: 'not a pem' }))).toThrow(ConnectorConfigError);
    try {
      createNicEwbProvider(options(fake, { publicKeyPem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n' }));
    } catch (e) {
      expect((e as ConnectorConfigError).code).toBe('SVC-961');
    }
    expect(() => createNicIrpProvider(options(fake, { baseUrl: 'einv-apisandbox.nic.in' }))).toThrow(/not an absolute URL/);
  });

  it('a wrong client secret and a GSTIN without credentials', async () => {
    const irp = createNicIrpProvider(options(fake, { clientSecret: 'wrong' }));
    expect(await irp.getIrn(ctx, SELLER, 'a'.repeat(64))).toMatchObject({ ok: false, errors: [{ code: '1010' }] });
    const none = createNicIrpProvider(options(fake));
    expect(await none.getIrn(ctx, '27AAHCK7310P1Z3', 'a'.repeat(64))).toMatchObject({ ok: false, status: 403, errors: [{ code: 'SVC-963' }] });
  });
});
