import { describe, expect, it } from 'vitest';
import { imsActionsFromReconciliation, imsDecisionsFromReconciliation, reconcile } from '../../src/reconcile/index.js';
import { imsAction } from '../../src/schema/validators-json.generated.js';
import { doc2b, purchase, RECIPIENT, SUPPLIER } from './helpers.js';

const A: [number, number, number, number, number] = [10000, 1800, 0, 0, 0];
const NOTE: [number, number, number, number, number] = [1000, 0, 90, 90, 0];
/** The route schema's errors for a body (none when valid). */
function validateImsAction(body: unknown): unknown[] {
  return imsAction(body) ? [] : ((imsAction as unknown as { errors?: unknown[] }).errors ?? ['invalid']);
}

const opts = { gstin: RECIPIENT, period: '2025-11' };

describe('IMS actions from a reconciliation', () => {
  it('turns matched, mismatched and unbooked documents into accept, pending and pending, named as the inbox names them', () => {
    const result = reconcile(
      [purchase('BS/1', '05/11/2025', A), purchase('BS/2', '06/11/2025', [20000, 3600, 0, 0, 0])],
      [doc2b('BS/1', '05/11/2025', A), doc2b('BS/2', '06/11/2025', [21000, 3780, 0, 0, 0]), doc2b('BS/3', '07/11/2025', A)],
    );
    const docs = imsActionsFromReconciliation(result, opts);
    const byNumber = Object.fromEntries(docs.map((d) => [d.inum, d]));
    expect(byNumber['BS/1']).toEqual({ section: 'b2b', stin: SUPPLIER, inum: 'BS/1', idt: '05-11-2025', action: 'A' });
    expect(byNumber['BS/2']?.action).toBe('P');
    expect(byNumber['BS/3']?.action).toBe('P');
    expect(docs).toHaveLength(3);
    // The list is what POST /api/svc/ims/action takes.
    expect(validateImsAction({ gstin: RECIPIENT, returnPeriod: '2025-11', documents: docs })).toEqual([]);
  });

  it('leaves out purchases missing in 2B, other periods, other recipients and documents already so in IMS', () => {
    const result = reconcile(
      [purchase('BS/9', '05/11/2025', A)],
      [
        doc2b('BS/4', '05/10/2025', A, { period: '2025-10' }),
        doc2b('BS/5', '05/11/2025', A, { recipientGstin: '29AAPFU0939F1ZX' }),
        doc2b('BS/6', '05/11/2025', A, { imsStatus: 'Pending', imsStatusSource: 'file' }),
      ],
    );
    const { decisions, skipped } = imsDecisionsFromReconciliation(result, opts);
    expect(decisions).toEqual([]);
    expect(skipped.map((s) => s.reason).sort()).toEqual([
      'already Pending in IMS',
      'the 2B document is of period 2025-10, not 2025-11',
      'the 2B document is of recipient 29AAPFU0939F1ZX, not 27AAPFU0939F1ZV',
    ]);
    expect(
      imsDecisionsFromReconciliation(reconcile([], [doc2b('BS/6', '05/11/2025', A, { imsStatus: 'Pending', imsStatusSource: 'file' })]), {
        ...opts,
        includeUnchanged: true,
      }).decisions,
    ).toHaveLength(1);
  });

  it('declares the ITC reduction on an accepted credit note: full when the books agree, reduced to the books when lower', () => {
    const cn = (n: string, amounts = NOTE) => doc2b(n, '10/11/2025', amounts, { section: 'CDNR', kind: 'Credit Note', sign: -1 });
    const result = reconcile(
      [purchase('CN/1', '10/11/2025', NOTE, { docType: 'CRN' }), purchase('CN/2', '10/11/2025', [1000, 0, 89.5, 89.5, 0], { docType: 'CRN' })],
      [cn('CN/1'), cn('CN/2')],
      { tolerance: { absolute: 1 } },
    );
    const { decisions } = imsDecisionsFromReconciliation(result, opts);
    const first = decisions.find((d) => d.number === 'CN/1');
    expect(first?.section).toBe('CN');
    expect(first?.declaration).toMatchObject({ kind: 'full', itcRedReq: 'Y', igst: 0, cgst: 90, sgst: 90, cess: 0 });
    // Within the ₹1 tolerance the note is matched and declared in full (the supplier's figure).
    expect(decisions.find((d) => d.number === 'CN/2')?.declaration).toMatchObject({ kind: 'full', cgst: 90, sgst: 90 });
    const docs = imsActionsFromReconciliation(result, opts);
    expect(docs.find((d) => d.nt_num === 'CN/1')).toEqual({ section: 'cn', stin: SUPPLIER, nt_num: 'CN/1', nt_dt: '10-11-2025', action: 'A', itcRedReq: 'Y' });
    expect(validateImsAction({ gstin: RECIPIENT, returnPeriod: '2025-11', documents: docs })).toEqual([]);

    const lower = reconcile([purchase('CN/3', '10/11/2025', [1000, 0, 60, 60, 0], { docType: 'CRN' })], [cn('CN/3')], { tolerance: { absolute: 100 } });
    const reduced = imsDecisionsFromReconciliation(lower, opts).decisions[0];
    expect(reduced?.action).toBe('A');
    expect(reduced?.declaration).toMatchObject({ kind: 'reduced', itcRedReq: 'Y', cgst: 60, sgst: 60 });

    const taxless = reconcile([purchase('CN/4', '10/11/2025', [1000, 0, 0, 0, 0], { docType: 'CRN' })], [cn('CN/4', [1000, 0, 0, 0, 0])]);
    expect(imsDecisionsFromReconciliation(taxless, opts).decisions[0]?.declaration).toMatchObject({ kind: 'none', itcRedReq: 'N' });
  });

  it('declares no reduction on a pending credit note, and none on a debit note', () => {
    const result = reconcile(
      [],
      [
        doc2b('CN/5', '10/11/2025', NOTE, { section: 'CDNR', kind: 'Credit Note', sign: -1 }),
        doc2b('DN/1', '10/11/2025', NOTE, { section: 'CDNR', kind: 'Debit Note' }),
      ],
    );
    const docs = imsActionsFromReconciliation(result, opts);
    expect(docs.map((d) => [d.section, d.nt_num, d.action, d.itcRedReq])).toEqual([
      ['cn', 'CN/5', 'P', undefined],
      ['dn', 'DN/1', 'P', undefined],
    ]);
  });

  it('carries remarks the host gives, cut to the 500 characters the route allows', () => {
    const result = reconcile([], [doc2b('BS/7', '05/11/2025', A)]);
    const docs = imsActionsFromReconciliation(result, { ...opts, remarks: (row) => `${row.status}: ${'x'.repeat(600)}` });
    expect(docs[0]?.remarks).toHaveLength(500);
    expect(docs[0]?.remarks?.startsWith('missing-in-books: ')).toBe(true);
  });
});
