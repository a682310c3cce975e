import { describe, expect, it } from 'vitest';
import { example, targets, world } from '../http/harness.js';

const SELLER = '29AAGCK4821M1Z4';

describe('POST /api/svc/gstr1/build', () => {
  it('builds GSTR-1 as a job from the e-invoices the sandbox registered, counting cancelled IRNs', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    const h = { 'svc-company': 'acme' };
    try {
      const irns: string[] = [];
      for (const no of ['KC/26-27/0901', 'KC/26-27/0902', 'KC/26-27/0903']) {
        const body = example('irn');
        (body['DocDtls'] as Record<string, unknown>)['No'] = no;
        delete body['EwbDtls'];
        const r = await call('POST', '/api/svc/einvoice/generateirn', { body });
        expect(r.status, r.text).toBe(200);
        irns.push(r.body.Irn);
      }
      const cancel = await call('POST', `/api/svc/einvoice/cancelirn?gstin=${SELLER}`, { body: { Irn: irns[2], CnlRsn: '2', CnlRem: 'wrong entry' } });
      expect(cancel.status, cancel.text).toBe(200);

      const job = await call('POST', '/api/svc/gstr1/build', { headers: h, body: { gstin: SELLER, returnPeriod: '2026-11' } });
      expect(job.status, job.text).toBe(200);
      await w.sandbox.jobs.idle();
      const st = await call('GET', `/api/svc/robot/jobstatus/${job.body.jobId}`);
      expect(st.body.jobStatus, JSON.stringify(st.body)).toBe(100);
      expect(st.body.jobType).toBe('gstr1/build');
      expect(st.body.result).toMatchObject({ documents: 2, sections: { b2b: 2 }, errors: [] });
      const file = await call('GET', st.body.url);
      expect(file.headers.get('content-type')).toContain('application/json');
      const gstr1 = file.body;
      expect(gstr1).toMatchObject({ gstin: SELLER, fp: '112026' });
      expect(gstr1.b2b[0].inv.map((i: { inum: string }) => i.inum)).toEqual(['KC/26-27/0901', 'KC/26-27/0902']);
      expect(gstr1.doc_issue.doc_det[0].docs[0]).toEqual({ num: 1, from: 'KC/26-27/0901', to: 'KC/26-27/0903', totnum: 3, cancel: 1, net_issue: 2 });

      const empty = await call('POST', '/api/svc/gstr1/build', { headers: h, body: { gstin: SELLER, returnPeriod: '2026-09' } });
      await w.sandbox.jobs.idle();
      const st2 = await call('GET', `/api/svc/robot/jobstatus/${empty.body.jobId}`);
      expect([st2.body.jobStatus, st2.body.error.code]).toEqual([101, '1001']);
      const foreign = await call('POST', '/api/svc/gstr1/build', { headers: h, body: { gstin: '29AADCN7314Q1ZU', returnPeriod: '2026-11' } });
      expect(foreign.status).toBe(403);
      const badPeriod = await call('POST', '/api/svc/gstr1/build', { headers: h, body: { gstin: SELLER, returnPeriod: '112026' } });
      expect([badPeriod.status, badPeriod.headers.get('svc-errorcode')]).toEqual([400, '1000']);
    } finally {
      await close();
    }
  });
});
