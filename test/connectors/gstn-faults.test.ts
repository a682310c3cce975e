/**
 * A GST portal that fails: an answer dropped (before or after the portal acted), a 500, a portal too slow
 * for the time limit; and the one call that must never run twice, GSTR-1 filing: a RETFILE whose answer
 * is lost is followed by a status look that finds the ARN, never by a second filing. Also the IMS and
 * GSTR-1 calls end to end, and no secret in any message.
 */
import { describe, expect, it } from 'vitest';
import { FAKE_CLIENT_SECRET } from '../support/fake-gstn.js';
import { connected, GSTIN, setup, USER } from '../support/fake-gstn-setup.js';

describe('faults', () => {
  it('retries a dropped answer and a 500 on a read, and gets the return', async () => {
    const { fake, portal } = setup({ pages2b: 2, perPage2b: 5 });
    const p = await connected(portal());
    fake.inject({ action: 'GET2B', kind: 'drop-before' });
    fake.inject({ action: 'RETSUM', kind: 'status-500' });
    expect((await p.fetchReturn(GSTIN, 'gstr2b', '2026-09')).ok).toBe(true);
    expect((await p.fetchReturn(GSTIN, 'gstr3b', '2026-09')).ok).toBe(true);
    expect(fake.counts['RETSUM']).toBe(2);
  });

  it('gives up on a slow portal after the time limit, with SVC-980, in bounded time', async () => {
    const { fake, portal } = setup();
    const p = await connected(portal({ timeoutMs: 100, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 5 } }));
    fake.inject({ action: 'RETSUM', kind: 'slow', delayMs: 5_000, times: 5 });
    const started = Date.now();
    const out = await p.fetchReturn(GSTIN, 'gstr3b', '2026-09');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(out.ok ? '' : out.errors[0]!.code).toBe('SVC-980');
    expect(out.ok ? '' : out.errors[0]!.message).toMatch(/no answer within 100 ms/);
    expect(fake.counts['RETSUM']).toBe(2);
  });

  it('keeps a 500 that never ends as SVC-980 after every attempt', async () => {
    const { fake, portal } = setup();
    const p = await connected(portal());
    fake.inject({ action: 'B2B', kind: 'status-500', times: 10 });
    const out = await p.fetchReturn(GSTIN, 'gstr2a', '2026-09');
    expect(out.ok ? '' : out.errors[0]!.code).toBe('SVC-980');
    expect(fake.counts['B2B']).toBe(3);
  });
});

describe('GSTR-1 filing with EVC', () => {
  const prepare = async () => {
    const s = setup();
    const p = await connected(s.portal());
    const saved = await p.gstr1Save(GSTIN, '2026-09', { gstin: GSTIN, fp: '092026', b2b: [] });
    expect(saved.ok).toBe(true);
    if (saved.ok) expect((await p.gstr1Status(GSTIN, '2026-09', saved.value.referenceId)).ok).toBe(true);
    expect((await p.gstr1Proceed(GSTIN, '2026-09')).ok).toBe(true);
    expect((await p.gstr1Summary(GSTIN, '2026-09')).ok).toBe(true);
    expect((await p.requestEvcOtp(GSTIN, USER.pan)).ok).toBe(true);
    return { ...s, p };
  };

  it('files and answers the ARN', async () => {
    const { fake, p } = await prepare();
    const out = await p.gstr1File({ gstin: GSTIN, period: '2026-09', pan: USER.pan, otp: USER.evcOtp });
    expect(out.ok).toBe(true);
    if (out.ok) expect(out.value).toEqual({ arn: fake.filed.get(`${GSTIN}|092026`), alreadyFiled: false });
    const again = await p.gstr1File({ gstin: GSTIN, period: '2026-09', pan: USER.pan, otp: USER.evcOtp });
    expect(again.ok && again.value.alreadyFiled).toBe(true);
    expect(fake.counts['RETFILE']).toBe(1);
  });

  it('after a lost RETFILE answer, asks the status and answers the ARN without filing twice', async () => {
    const { fake, p } = await prepare();
    fake.inject({ action: 'RETFILE', kind: 'drop-after' });
    const out = await p.gstr1File({ gstin: GSTIN, period: '2026-09', pan: USER.pan, otp: USER.evcOtp });
    expect(out.ok).toBe(true);
    if (out.ok) expect(out.value.arn).toBe(fake.filed.get(`${GSTIN}|092026`));
    expect(fake.counts['RETFILE']).toBe(1);
    expect(fake.filed.size).toBe(1);
  });

  it('after a RETFILE that never arrived, files once', async () => {
    const { fake, p } = await prepare();
    fake.inject({ action: 'RETFILE', kind: 'drop-before' });
    const out = await p.gstr1File({ gstin: GSTIN, period: '2026-09', pan: USER.pan, otp: USER.evcOtp });
    expect(out.ok).toBe(true);
    expect(fake.counts['RETFILE']).toBe(2);
    expect(fake.filed.size).toBe(1);
  });

  it("a wrong EVC OTP is refused with the portal's code and never shown", async () => {
    const { p } = await prepare();
    const out = await p.gstr1File({ gstin: GSTIN, period: '2026-09', pan: USER.pan, otp: '445566' });
    expect(out.ok).toBe(false);
    const text = out.ok ? '' : out.errors.map((e) => e.message).join(' ');
    expect(text).not.toContain('445566');
    expect(text).not.toContain(FAKE_CLIENT_SECRET);
    const badPan = await p.gstr1File({ gstin: GSTIN, period: '2026-09', pan: 'nope', otp: '445566' });
    expect(badPan.ok ? '' : badPan.errors[0]!).toMatchObject({ code: '1000', path: '/pan' });
  });
});

describe('IMS', () => {
  it('lists, saves, resets and follows a request', async () => {
    const { fake, portal } = setup();
    const p = await connected(portal());
    const list = await p.imsRecords(GSTIN, 'B2B');
    expect(list.ok && Array.isArray((list.value as { b2b: unknown[] }).b2b)).toBe(true);
    const empty = await p.imsRecords(GSTIN, 'CN');
    expect(empty).toEqual({ ok: true, value: {} });
    const saved = await p.imsSave({
      gstin: GSTIN,
      invdata: {
        b2b: [{ stin: '27AABCA0000C1Z5', inum: 'INV/1', action: 'A', hash: 'h1' }],
        cn: [{ stin: '27AABCA0000C1Z5', nt_num: 'CN/1', action: 'A', itcRedReq: 'Y', hash: 'h2' }],
      },
    });
    expect(saved.ok).toBe(true);
    expect(fake.imsSaves[0]).toMatchObject({ rtin: GSTIN, reqtyp: 'SAVE' });
    if (saved.ok) expect((await p.imsRequestStatus(GSTIN, saved.value.referenceId)).ok).toBe(true);
    const reset = await p.imsReset({ gstin: GSTIN, invdata: { b2b: [{ stin: '27AABCA0000C1Z5', inum: 'INV/1', hash: 'h1' }] } });
    expect(reset.ok).toBe(true);
    expect(fake.imsSaves[1]).toMatchObject({ reqtyp: 'RESET' });
  });

  it('refuses an accepted credit note without itcRedReq before sending it', async () => {
    const { fake, portal } = setup();
    const p = await connected(portal());
    const out = await p.imsSave({ gstin: GSTIN, invdata: { cn: [{ stin: '27AABCA0000C1Z5', nt_num: 'CN/1', action: 'A', hash: 'h2' }] } });
    expect(out.ok ? '' : out.errors[0]!).toMatchObject({ code: 'IMSSAV0054', path: '/invdata/cn/0/itcRedReq' });
    expect(fake.counts['SAVE']).toBeUndefined();
    const bad = await p.imsRecords(GSTIN, 'XYZ' as never);
    expect(bad.ok ? '' : bad.errors[0]!.code).toBe('1000');
  });
});
