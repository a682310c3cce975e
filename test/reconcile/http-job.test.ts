import { describe, expect, it } from 'vitest';
import { readGstr2b } from '../../src/gstr/index.js';
import { authB, targets, world } from '../http/harness.js';
import { readWorkbook } from '../gstr/helpers.js';

const GSTIN = '29AAGCK4821M1Z4';
const PERIOD = '2026-10';

describe('POST /api/svc/gstr2b/reconcile', () => {
  it('reconciles purchases against the pulled GSTR-2B as a job, with the workbook as its file', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    const h = { 'svc-company': 'acme' };
    try {
      const pull = await call('POST', '/api/svc/gstr2b/pull', { headers: h, body: { gstin: GSTIN, returnPeriod: PERIOD } });
      expect(pull.status, pull.text).toBe(200);
      await w.sandbox.jobs.idle();
      // Books: the first three 2B documents as the supplier filed them, one changed, one of our own.
      const stored = await w.sandbox.providers.returnStore('acme').get(GSTIN, 'gstr2b', PERIOD);
      const read = readGstr2b(stored!.data);
      if (!read.ok) throw new Error('stored 2B unreadable');
      const invoices = read.value.documents.filter((d) => d.kind === 'Invoice' && d.section === 'B2B').slice(0, 3);
      expect(invoices).toHaveLength(3);
      const purchases = invoices.map((d, i) => {
        const t = d.lines.reduce(
          (s, l) => ({ taxable: s.taxable + l.taxable, igst: s.igst + l.igst, cgst: s.cgst + l.cgst, sgst: s.sgst + l.sgst, cess: s.cess + l.cess }),
          { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 },
        );
        const date = d.date!.toISOString().slice(0, 10);
        return {
          supplierGstin: d.supplierGstin,
          docType: 'INV',
          docNo: d.number,
          docDate: date,
          ...t,
          taxable: i === 2 ? t.taxable + 500 : t.taxable,
          voucher: `PV-${i}`,
        };
      });
      purchases.push({
        supplierGstin: '24AAACC4175D1Z4',
        docType: 'INV',
        docNo: 'OWN-1',
        docDate: '2026-10-02',
        taxable: 100,
        igst: 18,
        cgst: 0,
        sgst: 0,
        cess: 0,
        voucher: 'PV-9',
      });

      const job = await call('POST', '/api/svc/gstr2b/reconcile', { headers: h, body: { gstin: GSTIN, startReturnPeriod: PERIOD, purchases } });
      expect(job.status, job.text).toBe(200);
      await w.sandbox.jobs.idle();
      const st = await call('GET', `/api/svc/robot/jobstatus/${job.body.jobId}`);
      expect(st.body.jobStatus, JSON.stringify(st.body)).toBe(100);
      expect(st.body.jobType).toBe('gstr2b/reconcile');
      const s = st.body.result.summary;
      expect(s.matched).toBe(2);
      expect(s.mismatch).toBe(1);
      expect(s['missing-in-2b']).toBe(1);
      expect(s['missing-in-books']).toBe(read.value.documents.length - 3);
      const file = await call('GET', st.body.url);
      const [summary, detail] = await readWorkbook(file.bytes);
      expect(summary!.name).toBe('Summary by supplier');
      expect((detail!.rows[0] as string[]).includes('voucher')).toBe(true);

      // JSON rows on request.
      const asJson = await call('POST', '/api/svc/gstr2b/reconcile', {
        headers: h,
        body: { gstin: GSTIN, startReturnPeriod: PERIOD, purchases, format: 'json' },
      });
      await w.sandbox.jobs.idle();
      const st2 = await call('GET', `/api/svc/robot/jobstatus/${asJson.body.jobId}`);
      const rows = JSON.parse((await call('GET', st2.body.url)).text).rows as Array<{ status: string; purchaseDocNo: string | null }>;
      expect(rows.find((r) => r.purchaseDocNo === 'OWN-1')!.status).toBe('missing-in-2b');
    } finally {
      await close();
    }
  });

  it('refuses what it cannot do with the GSTR failure headers, and fails the job on unreadable rows', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    const h = { 'svc-company': 'acme' };
    try {
      const foreign = await call('POST', '/api/svc/gstr2b/reconcile', {
        headers: h,
        body: { gstin: '29AADCN7314Q1ZU', startReturnPeriod: PERIOD, purchases: [] },
      });
      expect(foreign.status).toBe(403);
      const noRows = await call('POST', '/api/svc/gstr2b/reconcile', { headers: h, body: { gstin: GSTIN, startReturnPeriod: PERIOD } });
      expect([noRows.status, noRows.headers.get('svc-errorcode')]).toEqual([400, '1000']);
      const nothing = await call('POST', '/api/svc/gstr2b/reconcile', { headers: h, body: { gstin: GSTIN, startReturnPeriod: PERIOD, purchases: [] } });
      await w.sandbox.jobs.idle();
      const st = await call('GET', `/api/svc/robot/jobstatus/${nothing.body.jobId}`);
      expect([st.body.jobStatus, st.body.error.code]).toEqual([101, '1001']);
      const badRows = await call('POST', '/api/svc/gstr2b/reconcile', {
        headers: h,
        body: { gstin: GSTIN, startReturnPeriod: PERIOD, purchasesCsv: 'supplier_gstin,doc_no\n' },
      });
      await w.sandbox.jobs.idle();
      const st2 = await call('GET', `/api/svc/robot/jobstatus/${badRows.body.jobId}`);
      expect(st2.body.error).toMatchObject({ code: '1000' });
      expect(st2.body.error.message).toContain('SVC-610');
      const other = await call('GET', `/api/svc/robot/jobstatus/${nothing.body.jobId}`, { auth: authB });
      expect(other.status).toBe(404);
    } finally {
      await close();
    }
  });
});
