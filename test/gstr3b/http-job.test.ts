/** `POST /api/svc/gstr3b/compute`: the job over the e-invoices the sandbox registered and the GSTR-2B pulled into the store. */
import { describe, expect, it } from 'vitest';
import { readGstr2b } from '../../src/gstr/index.js';
import { example, targets, world } from '../http/harness.js';
import { sheetLinks } from './read-xlsx.js';

const SELLER = '29AAGCK4821M1Z4';
const PERIOD = '2026-11';

describe('POST /api/svc/gstr3b/compute', () => {
  it('computes GSTR-3B as a job from the registered e-invoices and the pulled 2B, its file the workbook or the save JSON', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    const h = { 'svc-company': 'acme' };
    try {
      let taxable = 0;
      let cgst = 0;
      for (const no of ['KC/26-27/0901', 'KC/26-27/0902']) {
        const body = example('irn');
        (body['DocDtls'] as Record<string, unknown>)['No'] = no;
        delete body['EwbDtls'];
        const r = await call('POST', '/api/svc/einvoice/generateirn', { body });
        expect(r.status, r.text).toBe(200);
        for (const it of body['ItemList'] as Array<{ AssAmt: number; CgstAmt: number }>) {
          taxable += Math.round(it.AssAmt * 100);
          cgst += Math.round(it.CgstAmt * 100);
        }
      }
      const before = await call('POST', '/api/svc/gstr3b/compute', { headers: h, body: { gstin: SELLER, returnPeriod: PERIOD } });
      await w.sandbox.jobs.idle();
      const none = await call('GET', `/api/svc/robot/jobstatus/${before.body.jobId}`);
      expect([none.body.jobStatus, none.body.error.code]).toEqual([101, '1001']);

      const pull = await call('POST', '/api/svc/gstr2b/pull', { headers: h, body: { gstin: SELLER, returnPeriod: PERIOD } });
      expect(pull.status, pull.text).toBe(200);
      await w.sandbox.jobs.idle();
      const stored = await w.sandbox.providers.returnStore('acme').get(SELLER, 'gstr2b', PERIOD);
      const read = readGstr2b(stored!.data);
      if (!read.ok) throw new Error('stored 2B unreadable');
      let claimed = 0;
      for (const d of read.value.documents) {
        const supplied = ['B2B', 'B2BA', 'CDNR'].includes(d.section) && d.kind !== 'Credit Note';
        if (supplied && d.part === 'statement' && d.reverseCharge !== 'Y' && d.itcAvailability !== 'N' && d.imsStatus !== 'Pending')
          claimed += d.lines.reduce((s, l) => s + Math.round(l.igst * 100), 0);
      }

      const salesRegister = [{ docNo: 'B2C/1', docDate: '12/11/2026', nature: 'taxable', pos: '27', taxable: 1000, igst: 180 }];
      const job = await call('POST', '/api/svc/gstr3b/compute', { headers: h, body: { gstin: SELLER, returnPeriod: PERIOD, salesRegister, format: 'json' } });
      expect(job.status, job.text).toBe(200);
      await w.sandbox.jobs.idle();
      const st = await call('GET', `/api/svc/robot/jobstatus/${job.body.jobId}`);
      expect(st.body.jobStatus, JSON.stringify(st.body)).toBe(100);
      expect(st.body.jobType).toBe('gstr3b/compute');
      const file = await call('GET', st.body.url);
      expect(file.headers.get('content-type')).toContain('application/json');
      expect(file.body).toEqual(st.body.result.saveJson);
      expect(file.body.sup_details.osup_det).toMatchObject({ txval: (taxable + 100_000) / 100, iamt: 180, camt: cgst / 100 });
      expect(file.body.inter_sup.unreg_details).toEqual([{ pos: '27', txval: 1000, iamt: 180 }]);
      // Every invoice and debit note of the 2B with ITC available in 4(A)(5), IGST only to keep it short; the
      // month before was not pulled, so amendments count at their full value, with a warning.
      expect(Math.round(file.body.itc_elg.itc_avl[4].iamt * 100)).toBe(claimed);
      const amended = read.value.documents.filter((d) => d.section === 'B2BA').length;
      expect(st.body.result.warnings.filter((i: { code: string }) => i.code === 'SVC-681')).toHaveLength(amended);

      const xlsx = await call('POST', '/api/svc/gstr3b/compute', { headers: h, body: { gstin: SELLER, returnPeriod: PERIOD } });
      await w.sandbox.jobs.idle();
      const st2 = await call('GET', `/api/svc/robot/jobstatus/${xlsx.body.jobId}`);
      expect(st2.body.jobStatus, JSON.stringify(st2.body)).toBe(100);
      const book = await call('GET', st2.body.url);
      expect(book.headers.get('content-type')).toContain('spreadsheetml');
      expect(sheetLinks(book.bytes).get('GSTR-3B')?.get('D7')).toBe("'3.1(a)'!A1");

      const foreign = await call('POST', '/api/svc/gstr3b/compute', { headers: h, body: { gstin: '29AADCN7314Q1ZU', returnPeriod: PERIOD } });
      expect(foreign.status).toBe(403);
      const badPeriod = await call('POST', '/api/svc/gstr3b/compute', { headers: h, body: { gstin: SELLER, returnPeriod: '112026' } });
      expect([badPeriod.status, badPeriod.headers.get('svc-errorcode')]).toEqual([400, '1000']);
      const badRegister = await call('POST', '/api/svc/gstr3b/compute', {
        headers: h,
        body: { gstin: SELLER, returnPeriod: PERIOD, salesRegisterCsv: 'doc_no\nX\n' },
      });
      await w.sandbox.jobs.idle();
      const st3 = await call('GET', `/api/svc/robot/jobstatus/${badRegister.body.jobId}`);
      expect([st3.body.jobStatus, st3.body.error.code]).toEqual([101, '1000']);
      expect(st3.body.error.message).toContain('SVC-674');
    } finally {
      await close();
    }
  });
});
