/**
 * The GST portal routes on the live connector (`gstkit/connectors/gstn`) against the fake GSTN, through
 * `createGstHandler`: a GSTIN connected by OTP (a wrong one refused with the portal's AUTH4034), pulls
 * that reach the portal and count documents by section, IMS and GSTR-1 filing with the ARN; a GSTIN not
 * connected, or whose access the portal ended, gets 2000 and shows `not-connected`.
 */
import { describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { createMemoryJobRunner } from '../../src/jobs/memory.js';
import { createMemoryReturnStore } from '../../src/store/memory-returns.js';
import { basicAuth } from '../../src/sandbox/index.js';
import { supplierGstin } from '../support/fake-gstn-files.js';
import { GSTIN, USER, setup } from '../support/fake-gstn-setup.js';

const OTHER = '33AAHCT2290K1Z6';
const auth = 'Basic ' + Buffer.from('keyA:secretA').toString('base64');
const HOUR = 3_600_000;

function live(fakeOptions: Parameters<typeof setup>[0] = {}) {
  const { clock, fake, portal } = setup(fakeOptions);
  const jobs = createMemoryJobRunner({ clock });
  const returns = createMemoryReturnStore();
  const handler = createGstHandler({
    authenticate: basicAuth([{ keyId: 'keyA', keySecret: 'secretA', companyId: 'acme' }], new Map([['acme', [GSTIN, OTHER]]])),
    jobs,
    gstPortal: portal(),
    returnStore: returns,
    clock,
  });
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; headers: Headers; body: any }> => {
    const res = await handler(
      new Request(`http://gstkit.test${path}`, {
        method,
        headers: { authorization: auth, 'svc-company': 'acme', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  const finished = async (jobId: string): Promise<any> => {
    await jobs.idle();
    return (await call('GET', `/api/svc/robot/jobstatus/${jobId}`)).body;
  };
  return { clock, fake, call, finished, returns };
}

describe('GST portal routes on the live connector (fake GSTN)', () => {
  it('a GSTIN not connected gets 2000 and shows not-connected; after the OTP it pulls from the portal', async () => {
    const { fake, call, finished } = live({ pages2b: 2, perPage2b: 30 });
    expect((await call('GET', `/api/svc/gst/connection?gstin=${GSTIN}`)).body).toEqual({ gstin: GSTIN, status: 'not-connected' });
    const refused = await call('POST', '/api/svc/gstr2b/pull', { gstin: GSTIN, returnPeriod: '2026-09' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('svc-errorcode')).toBe('2000');
    const ims = await call('POST', '/api/svc/ims/pull', { gstin: GSTIN, returnPeriod: '2026-09' });
    expect(ims.headers.get('svc-errorcode')).toBe('2000');

    expect((await call('POST', '/api/svc/gst/otp', { gstin: GSTIN, username: USER.username })).body).toMatchObject({ status: 'otp-sent' });
    expect(fake.counts['OTPREQUEST']).toBe(1);
    const wrong = await call('POST', '/api/svc/gst/connect', { gstin: GSTIN, otp: '000000' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect(wrong.headers.get('svc-errorcode')).toBe('AUTH4034');
    // A refused OTP request is forgotten by the connector: the user asks for a new OTP.
    await call('POST', '/api/svc/gst/otp', { gstin: GSTIN, username: USER.username });
    const ok = await call('POST', '/api/svc/gst/connect', { gstin: GSTIN, otp: USER.otp });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('connected');
    expect(typeof ok.body.expiresAt).toBe('string');
    expect((await call('GET', `/api/svc/gst/connection?gstin=${GSTIN}`)).body).toMatchObject({
      gstin: GSTIN,
      status: 'connected',
      expiresAt: ok.body.expiresAt,
    });

    const pull = await call('POST', '/api/svc/gstr2b/pull', { gstin: GSTIN, returnPeriod: '2026-09' });
    expect(pull.status).toBe(200);
    const st = await finished(pull.body.jobId);
    expect(st.jobStatus, JSON.stringify(st)).toBe(100);
    expect(st.result).toEqual({ documents: { b2b: 60 }, total: 60 });
    expect(fake.counts['GET2B']).toBeGreaterThan(0);

    const off = await call('POST', '/api/svc/gst/disconnect', { gstin: GSTIN });
    expect(off.body).toEqual({ gstin: GSTIN, status: 'not-connected' });
    expect((await call('POST', '/api/svc/gstr3b/pull', { gstin: GSTIN, returnPeriod: '2026-09' })).headers.get('svc-errorcode')).toBe('2000');
  });

  it('a GSTIN whose access the portal ended gets 2000 and shows not-connected', async () => {
    const { clock, call } = live({ accessMinutes: 8 * 60 });
    await call('POST', '/api/svc/gst/otp', { gstin: GSTIN, username: USER.username });
    expect((await call('POST', '/api/svc/gst/connect', { gstin: GSTIN, otp: USER.otp })).status).toBe(200);
    clock.advance(9 * HOUR);
    const pull = await call('POST', '/api/svc/gstr3b/pull', { gstin: GSTIN, returnPeriod: '2026-09' });
    expect(pull.status).toBe(400);
    expect(pull.headers.get('svc-errorcode')).toBe('2000');
    expect((await call('GET', `/api/svc/gst/connection?gstin=${GSTIN}`)).body.status).toBe('not-connected');
  });

  it("a session the portal ends during a pull: the job fails with 2000, naming the portal's code, and the GSTIN shows not-connected", async () => {
    const { fake, call, finished } = live();
    await call('POST', '/api/svc/gst/otp', { gstin: GSTIN, username: USER.username });
    expect((await call('POST', '/api/svc/gst/connect', { gstin: GSTIN, otp: USER.otp })).status).toBe(200);
    // The portal forgets the session (a logout elsewhere, its own restart).
    fake.tokens.clear();
    const pull = await call('POST', '/api/svc/gstr3b/pull', { gstin: GSTIN, returnPeriod: '2026-09' });
    expect(pull.status).toBe(200);
    const st = await finished(pull.body.jobId);
    expect(st.jobStatus, JSON.stringify(st)).toBe(101);
    expect(st.error.code).toBe('2000');
    expect(st.error.message).toMatch(/AUTH40\d\d/);
    expect((await call('GET', `/api/svc/gst/connection?gstin=${GSTIN}`)).body.status).toBe('not-connected');
  });

  it('pulls and acts in IMS, uploads GSTR-1 and files it with EVC, the ARN in the result', async () => {
    const { fake, call, finished } = live();
    await call('POST', '/api/svc/gst/otp', { gstin: GSTIN, username: USER.username });
    await call('POST', '/api/svc/gst/connect', { gstin: GSTIN, otp: USER.otp });

    const ims = await finished((await call('POST', '/api/svc/ims/pull', { gstin: GSTIN, returnPeriod: '2026-09' })).body.jobId);
    expect(ims.jobStatus, JSON.stringify(ims)).toBe(100);
    expect(ims.result).toEqual({ documents: { b2b: 1 }, total: 1 });
    const act = await call('POST', '/api/svc/ims/action', {
      gstin: GSTIN,
      returnPeriod: '2026-09',
      documents: [{ section: 'B2B', stin: supplierGstin(1), inum: 'INV/1', action: 'A' }],
    });
    expect(act.status, JSON.stringify(act.body)).toBe(200);
    const acted = await finished(act.body.jobId);
    expect(acted.jobStatus, JSON.stringify(acted)).toBe(100);
    expect(acted.result).toMatchObject({ status: 'P', documents: { b2b: 1 } });
    // The record went back completed from the inbox: its hash, amounts and period.
    expect(fake.imsSaves[0]).toMatchObject({ rtin: GSTIN, invdata: { b2b: [{ inum: 'INV/1', action: 'A', hash: 'h1', rtnprd: '092026' }] } });

    const gstr1 = {
      gstin: GSTIN,
      fp: '092026',
      b2b: [{ ctin: OTHER, inv: [{ inum: 'S1', idt: '10-09-2026', val: 1180, pos: '33', rchrg: 'N', inv_typ: 'R', itms: [] }] }],
    };
    const up = await finished((await call('POST', '/api/svc/gstr1/upload', { gstin: GSTIN, returnPeriod: '2026-09', gstr1 })).body.jobId);
    expect(up.jobStatus, JSON.stringify(up)).toBe(100);
    expect(up.result).toMatchObject({ status: 'P', documents: { b2b: 1 }, errors: [] });
    expect(fake.counts['RETSAVE']).toBe(1);

    const evc = await call('POST', '/api/svc/gstr1/evc', { gstin: GSTIN, returnPeriod: '2026-09', pan: USER.pan });
    expect(evc.status, JSON.stringify(evc.body)).toBe(200);
    const filed = await finished(
      (await call('POST', '/api/svc/gstr1/file', { gstin: GSTIN, returnPeriod: '2026-09', pan: USER.pan, otp: USER.evcOtp })).body.jobId,
    );
    expect(filed.jobStatus, JSON.stringify(filed)).toBe(100);
    expect(filed.result).toEqual({ arn: fake.filed.get(`${GSTIN}|092026`), alreadyFiled: false });
    expect(fake.counts['RETFILE']).toBe(1);
  });
});
