/**
 * The suggested IMS actions sent through the live flow on the sandbox: the sandbox's GSTR-2B reconciled
 * against books that carry every document, its actions posted to `POST /api/svc/ims/action`, and the
 * portal's inbox showing them afterwards (credit notes accepted with their ITC-reduction declaration).
 */
import { describe, expect, it } from 'vitest';
import { readGstr2b } from '../../src/gstr/index.js';
import { imsActionsFromReconciliation, reconcile, type PurchaseRow } from '../../src/reconcile/index.js';
import { targets, world } from '../http/harness.js';

const SELLER = '29AAGCK4821M1Z4';
const h = { 'svc-company': 'acme' };

describe('IMS actions from a reconciliation through the live flow', () => {
  it('are taken by the ims/action job and shown by the portal', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      const fetched = await w.sandbox.providers.gstPortal.fetchReturn(SELLER, 'gstr2b', '2026-10');
      expect(fetched.ok).toBe(true);
      if (!fetched.ok) return;
      const read = readGstr2b(Buffer.from(JSON.stringify(fetched.value)));
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      // Books that carry every B2B invoice and note of the 2B, as the supplier reported them.
      const books: PurchaseRow[] = read.value.documents
        .filter((d) => d.supplierGstin && (d.section === 'B2B' || d.section === 'CDNR'))
        .map((d) => {
          const t = d.lines.reduce(
            (s, l) => ({ taxable: s.taxable + l.taxable, igst: s.igst + l.igst, cgst: s.cgst + l.cgst, sgst: s.sgst + l.sgst, cess: s.cess + l.cess }),
            {
              taxable: 0,
              igst: 0,
              cgst: 0,
              sgst: 0,
              cess: 0,
            },
          );
          return {
            supplierGstin: d.supplierGstin as string,
            docType: d.kind === 'Credit Note' ? 'CRN' : d.kind === 'Debit Note' ? 'DBN' : 'INV',
            docNo: d.number,
            docDate: d.date as Date,
            ...t,
          };
        });
      const result = reconcile(books, [read.value]);
      const documents = imsActionsFromReconciliation(result, { gstin: SELLER, period: read.value.period, includeUnchanged: true });
      expect(documents.length).toBeGreaterThan(0);
      expect(documents.every((d) => d.action === 'A')).toBe(true);
      const notes = documents.filter((d) => d.section === 'cn');
      expect(notes.length).toBeGreaterThan(0);
      for (const d of notes) expect(d.itcRedReq).toBe('Y');

      const act = await call('POST', '/api/svc/ims/action', { headers: h, body: { gstin: SELLER, returnPeriod: '2026-10', documents } });
      expect(act.status, act.text).toBe(200);
      await w.sandbox.jobs.idle();
      const st = await call('GET', `/api/svc/robot/jobstatus/${act.body.jobId}`);
      expect(st.body.jobStatus, JSON.stringify(st.body)).toBe(100);
      const first = documents.find((d) => d.section === 'b2b');
      const again = await w.sandbox.providers.gstPortal.imsRecords(SELLER, 'B2B', '2026-10');
      expect(again.ok && (again.value as { b2b: Array<{ inum: string; action: string }> }).b2b.find((r) => r.inum === first?.inum)?.action).toBe('A');
    } finally {
      await close();
    }
  });
});
