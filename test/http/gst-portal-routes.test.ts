/**
 * The GST portal's live flow against the sandbox: a GSTIN connected by OTP (the sandbox's 575757; any
 * other OTP refused with the portal's AUTH4034 in Svc-ErrorCode), its connection, disconnect and the 2000
 * of a pull afterwards, the IMS inbox pulled and acted on, and GSTR-1 uploaded, its EVC OTP sent and filed
 * with an ARN (filed once: filing again answers the same ARN). Pull results count documents by section.
 */
import { describe, expect, it } from 'vitest';
import { example, targets, world, type Call } from './harness.js';

const SELLER = '29AAGCK4821M1Z4';
const OTHER = '33AAHCT2290K1Z6';
const h = { 'svc-company': 'acme' };

/** Runs the job to its end and answers its status. */
async function finished(w: ReturnType<typeof world>, call: Call, jobId: string): Promise<any> {
  await w.sandbox.jobs.idle();
  const st = await call('GET', `/api/svc/robot/jobstatus/${jobId}`);
  expect(st.status, st.text).toBe(200);
  return st.body;
}

describe('GST portal routes on the sandbox', () => {
  it('connects a GSTIN by OTP, refuses a wrong OTP with AUTH4034, shows and ends the connection', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      // Start from a GSTIN the taxpayer has not connected.
      await w.sandbox.providers.gstPortal.disconnect(OTHER);
      let c = await call('GET', `/api/svc/gst/connection?gstin=${OTHER}`);
      expect(c.status, c.text).toBe(200);
      expect(c.body).toEqual({ gstin: OTHER, status: 'not-connected' });
      const pull = await call('POST', '/api/svc/gstr2b/pull', { headers: h, body: { gstin: OTHER, returnPeriod: '2026-10' } });
      expect(pull.status).toBe(400);
      expect(pull.headers.get('svc-errorcode')).toBe('2000');

      const noRequest = await call('POST', '/api/svc/gst/connect', { headers: h, body: { gstin: OTHER, otp: '575757' } });
      expect(noRequest.status).toBe(400);
      expect(noRequest.headers.get('svc-errorcode')).toBe('SVC-984');

      const otp = await call('POST', '/api/svc/gst/otp', { headers: h, body: { gstin: OTHER, username: 'tamil_api' } });
      expect(otp.status, otp.text).toBe(200);
      expect(otp.body).toMatchObject({ status: 'otp-sent' });

      const wrong = await call('POST', '/api/svc/gst/connect', { headers: h, body: { gstin: OTHER, otp: '123456' } });
      expect(wrong.status).toBeGreaterThanOrEqual(400);
      expect(wrong.status).toBeLessThan(500);
      expect(wrong.headers.get('svc-errorcode')).toBe('AUTH4034');
      expect(wrong.headers.get('svc-errormessage')).toMatch(/OTP/);

      const ok = await call('POST', '/api/svc/gst/connect', { headers: h, body: { gstin: OTHER, otp: '575757' } });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.status).toBe('connected');
      expect(Date.parse(ok.body.expiresAt)).toBeGreaterThan(w.clock.now().getTime());

      c = await call('GET', `/api/svc/gst/connection?gstin=${OTHER}`);
      expect(c.body).toEqual({ gstin: OTHER, status: 'connected', expiresAt: ok.body.expiresAt });

      const off = await call('POST', '/api/svc/gst/disconnect', { headers: h, body: { gstin: OTHER } });
      expect(off.status, off.text).toBe(200);
      expect(off.body).toEqual({ gstin: OTHER, status: 'not-connected' });
      c = await call('GET', `/api/svc/gst/connection?gstin=${OTHER}`);
      expect(c.body.status).toBe('not-connected');

      // Another company's GSTIN, and the header the GSTR style requires.
      const foreign = await call('POST', '/api/svc/gst/otp', { headers: h, body: { gstin: '29AADCN7314Q1ZU', username: 'x' } });
      expect(foreign.status).toBe(403);
      const noCompany = await call('POST', '/api/svc/gst/otp', { body: { gstin: SELLER, username: 'x' } });
      expect(noCompany.status).toBe(403);
      const badBody = await call('POST', '/api/svc/gst/connect', { headers: h, body: { gstin: SELLER } });
      expect(badBody.status).toBe(400);
      expect(badBody.headers.get('svc-errorcode')).toBe('1000');
    } finally {
      await close();
    }
  });

  it('counts the documents of each section in a pull result', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      const job = await call('POST', '/api/svc/gstr2b/pull', { headers: h, body: { gstin: SELLER, returnPeriod: '2026-10' } });
      const st = await finished(w, call, job.body.jobId);
      expect(st.jobStatus, JSON.stringify(st)).toBe(100);
      const documents = st.result.documents as Record<string, number>;
      expect(Object.keys(documents).length).toBeGreaterThan(0);
      for (const [section, n] of Object.entries(documents)) {
        expect(section).toMatch(/^[a-z0-9]+$/);
        expect(n).toBeGreaterThan(0);
      }
      expect(st.result.total).toBe(Object.values(documents).reduce((a, b) => a + b, 0));
      const job2a = await call('POST', '/api/svc/gstr2a/pull', { headers: h, body: { gstin: SELLER, returnPeriod: '2026-10' } });
      const st2a = await finished(w, call, job2a.body.jobId);
      expect(st2a.result.documents.b2b).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('pulls the IMS inbox and acts on its documents, completed from the inbox', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      const pull = await call('POST', '/api/svc/ims/pull', { headers: h, body: { gstin: SELLER, returnPeriod: '2026-10' } });
      expect(pull.status, pull.text).toBe(200);
      const st = await finished(w, call, pull.body.jobId);
      expect(st.jobStatus, JSON.stringify(st)).toBe(100);
      expect(st.jobType).toBe('ims/pull');
      const counts = st.result.documents as Record<string, number>;
      expect(counts.b2b).toBeGreaterThan(0);

      const inbox = (await w.sandbox.providers.returnStore('acme').get(SELLER, 'ims', '2026-10'))!.data as Record<string, Array<Record<string, unknown>>>;
      const invoice = inbox['b2b']![0]!;
      const documents = [{ section: 'b2b', stin: invoice['stin'], inum: invoice['inum'], idt: invoice['idt'], action: 'A' }];
      const note = inbox['cn']?.[0];
      if (note) documents.push({ section: 'cn', stin: note['stin'], nt_num: note['nt_num'], nt_dt: note['nt_dt'], action: 'A', itcRedReq: 'Y' } as never);
      const act = await call('POST', '/api/svc/ims/action', { headers: h, body: { gstin: SELLER, returnPeriod: '2026-10', documents } });
      expect(act.status, act.text).toBe(200);
      const done = await finished(w, call, act.body.jobId);
      expect(done.jobStatus, JSON.stringify(done)).toBe(100);
      expect(done.result).toMatchObject({ status: 'P', documents: { b2b: 1 } });
      // The portal now shows the action on the record.
      const again = await w.sandbox.providers.gstPortal.imsRecords(SELLER, 'B2B', '2026-10');
      expect(again.ok && (again.value as { b2b: Array<{ inum: string; action: string }> }).b2b.find((r) => r.inum === invoice['inum'])?.action).toBe('A');

      const unknown = await call('POST', '/api/svc/ims/action', {
        headers: h,
        body: { gstin: SELLER, returnPeriod: '2026-10', documents: [{ section: 'b2b', stin: OTHER, inum: 'NO-SUCH', action: 'R' }] },
      });
      const failed = await finished(w, call, unknown.body.jobId);
      expect(failed.jobStatus).toBe(101);
      expect(failed.error.code).toBe('1000');
      expect(failed.error.message).toMatch(/NO-SUCH/);

      const invalid = await call('POST', '/api/svc/ims/action', {
        headers: h,
        body: { gstin: SELLER, returnPeriod: '2026-10', documents: [{ section: 'b2b', stin: OTHER, inum: 'X', action: 'Q' }] },
      });
      expect(invalid.status).toBe(400);
    } finally {
      await close();
    }
  });

  it('uploads GSTR-1 built from the e-invoices, sends the EVC OTP and files it with an ARN, once', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      for (const no of ['KC/26-27/0901', 'KC/26-27/0902']) {
        const body = example('irn');
        (body['DocDtls'] as Record<string, unknown>)['No'] = no;
        delete body['EwbDtls'];
        const r = await call('POST', '/api/svc/einvoice/generateirn', { body });
        expect(r.status, r.text).toBe(200);
      }
      const period = '2026-11';
      const upload = await call('POST', '/api/svc/gstr1/upload', { headers: h, body: { gstin: SELLER, returnPeriod: period } });
      expect(upload.status, upload.text).toBe(200);
      const up = await finished(w, call, upload.body.jobId);
      expect(up.jobStatus, JSON.stringify(up)).toBe(100);
      expect(up.result).toMatchObject({ status: 'P', documents: { b2b: 2 }, errors: [] });

      // A document the portal refuses: processed with errors, reported per document.
      const gstr1 = {
        gstin: SELLER,
        fp: '112026',
        b2b: [
          { ctin: OTHER, inv: [{ inum: 'A1' }] },
          { ctin: 'NOT-A-GSTIN', inv: [{ inum: 'A2' }] },
        ],
      };
      const partial = await call('POST', '/api/svc/gstr1/upload', { headers: h, body: { gstin: SELLER, returnPeriod: period, gstr1 } });
      const pe = await finished(w, call, partial.body.jobId);
      expect(pe.result).toMatchObject({ status: 'PE', errors: [{ section: 'b2b', ctin: 'NOT-A-GSTIN', number: 'A2', code: 'RET191113' }] });
      const allBad = await call('POST', '/api/svc/gstr1/upload', {
        headers: h,
        body: { gstin: SELLER, returnPeriod: period, gstr1: { b2b: [{ ctin: 'X', inv: [{ inum: 'B1' }] }] } },
      });
      expect((await finished(w, call, allBad.body.jobId)).result.status).toBe('ER');

      const evc = await call('POST', '/api/svc/gstr1/evc', { headers: h, body: { gstin: SELLER, returnPeriod: period, pan: 'AAGCK4821M' } });
      expect(evc.status, evc.text).toBe(200);
      expect(evc.body).toMatchObject({ status: 'otp-sent' });

      const wrong = await call('POST', '/api/svc/gstr1/file', { headers: h, body: { gstin: SELLER, returnPeriod: period, pan: 'AAGCK4821M', otp: '111111' } });
      const refused = await finished(w, call, wrong.body.jobId);
      expect(refused.jobStatus).toBe(101);
      expect(refused.error.code).toBe('RET11446');

      const file = await call('POST', '/api/svc/gstr1/file', { headers: h, body: { gstin: SELLER, returnPeriod: period, pan: 'AAGCK4821M', otp: '575757' } });
      const filed = await finished(w, call, file.body.jobId);
      expect(filed.jobStatus, JSON.stringify(filed)).toBe(100);
      expect(filed.result.arn).toMatch(/^AA29\d{4}[0-9A-Z]{7}$/);
      expect(filed.result.alreadyFiled).toBe(false);
      const twice = await call('POST', '/api/svc/gstr1/file', { headers: h, body: { gstin: SELLER, returnPeriod: period, pan: 'AAGCK4821M', otp: '575757' } });
      expect((await finished(w, call, twice.body.jobId)).result).toEqual({ arn: filed.result.arn, alreadyFiled: true });
    } finally {
      await close();
    }
  });

  it('lists the new routes in the OpenAPI document', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      const doc = (await call('GET', '/openapi.json')).body;
      for (const path of [
        '/api/svc/gst/otp',
        '/api/svc/gst/connect',
        '/api/svc/gst/connection',
        '/api/svc/gst/disconnect',
        '/api/svc/ims/pull',
        '/api/svc/ims/action',
        '/api/svc/gstr1/upload',
        '/api/svc/gstr1/evc',
        '/api/svc/gstr1/file',
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
      expect(JSON.stringify(doc.paths['/api/svc/gst/connect'])).toContain('gst-connect');
    } finally {
      await close();
    }
  });
});
