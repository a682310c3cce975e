import { describe, expect, it } from 'vitest';
import { reconcile, normalizeNumber, toJsonRow } from '../../src/reconcile/index.js';
import { doc2b, purchase, SUPPLIER, SUPPLIER_OTHER_STATE } from './helpers.js';

const A: [number, number, number, number, number] = [10000, 1800, 0, 0, 0];

/** Reconciles one purchase against one 2B document and returns the rows in JSON form. */
function one(p: ReturnType<typeof purchase>, d: ReturnType<typeof doc2b>, options = {}) {
  return reconcile([p], [d], options).rows.map(toJsonRow);
}

describe('document-number normalisation', () => {
  it('ignores case, separators, leading zeros and financial-year prefixes and suffixes', () => {
    for (const n of ['INV/2025-26/0042', 'inv-42', 'INV 0042 / 25-26', 'FY25-26/INV/42', 'INV_00042', 'INV/42/2025-2026']) {
      expect(normalizeNumber(n), n).toBe('INV42');
    }
    // Only consecutive years are a financial year: 100-101 is part of the number.
    expect(normalizeNumber('A/100-101')).toBe('A100101');
    // A number that is only a year keeps its digits.
    expect(normalizeNumber('2024-25')).toBe('202425');
  });
});

describe('reconciliation passes, one golden case each', () => {
  it('exact: same GSTIN, type, number (case aside), financial year and amounts', () => {
    const rows = one(purchase('bs/0042', '05/11/2025', A), doc2b('BS/0042', '05/11/2025', A));
    expect(rows).toEqual([
      {
        status: 'matched',
        pass: 'exact',
        supplierGstin: SUPPLIER,
        docType: 'INV',
        purchaseDocNo: 'bs/0042',
        purchaseDocDate: '05/11/2025',
        purchaseRow: 0,
        gstr2bDocNo: 'BS/0042',
        gstr2bDocDate: '05/11/2025',
        gstr2bSection: 'B2B',
        gstr2bPeriod: '2025-11',
        gstr2bOriginalDocNo: null,
        imsStatus: 'Accepted',
        differences: { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 },
        reasons: [
          'same supplier GSTIN, document type, number, financial year and amounts',
          'numbers differ only in case or spacing: books bs/0042, 2B BS/0042',
        ],
        suggestedImsAction: 'accept',
        imsActionReason: "the books agree with the supplier's document",
      },
    ]);
  });

  it('normalised-number: numbers that differ only in form', () => {
    const [row] = one(purchase('BS-0042/2025-26', '05/11/2025', A), doc2b('BS/25-26/42', '05/11/2025', A));
    expect(row).toMatchObject({ status: 'matched', pass: 'normalised-number' });
    expect(row!.reasons).toContain('numbers differ only in form: books BS-0042/2025-26, 2B BS/25-26/42 (both read BS42)');
  });

  it('amount-tolerance: within ₹1 by default, with the difference per head', () => {
    const [row] = one(purchase('BS/42', '05/11/2025', [10000, 1800.6, 0, 0, 0]), doc2b('BS/42', '05/11/2025', A));
    expect(row).toMatchObject({ status: 'matched-with-tolerance', pass: 'amount-tolerance', differences: { igst: 0.6, taxable: 0 } });
    expect(row!.reasons).toContain('IGST differs by ₹0.60 (books ₹1800.60, 2B ₹1800.00)');
    // A tighter tolerance turns it into a mismatch; a percentage one widens it.
    expect(one(purchase('BS/42', '05/11/2025', [10000, 1800.6, 0, 0, 0]), doc2b('BS/42', '05/11/2025', A), { tolerance: { absolute: 0.5 } })[0]).toMatchObject({
      status: 'mismatch',
      pass: 'number-only',
    });
    expect(
      one(purchase('BS/42', '05/11/2025', [10050, 1809, 0, 0, 0]), doc2b('BS/42', '05/11/2025', A), { tolerance: { absolute: 1, percent: 1 } })[0],
    ).toMatchObject({ status: 'matched-with-tolerance', pass: 'amount-tolerance' });
  });

  it('date-window: financial years differ but the dates are within the window', () => {
    const [row] = one(purchase('BS/42', '31/03/2025', A), doc2b('BS/42', '02/04/2025', A));
    expect(row).toMatchObject({ status: 'matched-with-tolerance', pass: 'date-window' });
    expect(row!.reasons[0]).toContain('financial years differ (books 2024-25, 2B 2025-26)');
    // Beyond the window the same pair is only a number match with a date outside: left unpaired.
    const far = reconcile([purchase('BS/42', '31/03/2025', A)], [doc2b('BS/42', '20/04/2025', A)], { dateWindowDays: 10 });
    expect(far.rows.map((r) => r.status).sort()).toEqual(['missing-in-2b', 'missing-in-books']);
  });

  it("pan-level: the supplier's other registration", () => {
    const [row] = one(purchase('BS/42', '05/11/2025', A, { supplierGstin: SUPPLIER_OTHER_STATE }), doc2b('BS/42', '05/11/2025', A));
    expect(row).toMatchObject({ status: 'matched-with-tolerance', pass: 'pan-level', supplierGstin: SUPPLIER_OTHER_STATE });
    expect(row!.reasons[0]).toContain('same PAN AAACB2894G');
    expect(
      reconcile([purchase('BS/42', '05/11/2025', A, { supplierGstin: SUPPLIER_OTHER_STATE })], [doc2b('BS/42', '05/11/2025', A)], { panLevel: false })
        .rows.map((r) => r.status)
        .sort(),
    ).toEqual(['missing-in-2b', 'missing-in-books']);
  });

  it('number-only: same number, amounts beyond tolerance, with every difference and a pending suggestion', () => {
    const [row] = one(purchase('BS/42', '05/11/2025', [10500, 1890, 0, 0, 0]), doc2b('BS/42', '05/11/2025', A));
    expect(row).toMatchObject({ status: 'mismatch', pass: 'number-only', differences: { taxable: 500, igst: 90 }, suggestedImsAction: 'pending' });
    expect(row!.reasons).toEqual([
      'same supplier, document type and number, but amounts differ beyond the tolerance',
      'taxable value differs by ₹500.00 (books ₹10500.00, 2B ₹10000.00)',
      'IGST differs by ₹90.00 (books ₹1890.00, 2B ₹1800.00)',
    ]);
  });

  it('residual: another number, same supplier, amounts and dates within the window', () => {
    const [row] = one(purchase('PO-778', '05/11/2025', A), doc2b('BS/42', '07/11/2025', A));
    expect(row).toMatchObject({ status: 'mismatch', pass: 'residual', purchaseDocNo: 'PO-778', gstr2bDocNo: 'BS/42' });
    expect(row!.reasons).toContain('dates differ: books 05/11/2025, 2B 07/11/2025');
  });

  it('credit notes are never matched to invoices, and the row says why', () => {
    const rows = reconcile([purchase('CN-7', '20/11/2025', A, { docType: 'CRN' })], [doc2b('CN-7', '20/11/2025', A)]).rows;
    expect(rows.map((r) => [r.status, r.docType])).toEqual([
      ['missing-in-2b', 'CRN'],
      ['missing-in-books', 'INV'],
    ]);
    expect(rows[0]!.reasons[1]).toBe('GSTR-2B has a invoice CN-7 from this supplier; a credit note is never matched to a invoice');
    // A credit note meets a credit note, whatever sign the books use.
    const cn = doc2b('CN-7', '20/11/2025', A, { section: 'CDNR', kind: 'Credit Note', sign: -1 });
    expect(reconcile([purchase('CN-7', '20/11/2025', [-10000, -1800, 0, 0, 0], { docType: 'CRN' })], [cn]).rows[0]).toMatchObject({
      status: 'matched',
      pass: 'exact',
    });
  });

  it('amendments are linked to their originals: the amendment stands, booked under either number', () => {
    const original = doc2b('INV-5', '01/10/2025', A, { period: '2025-10' });
    const amended = doc2b('INV-5R', '01/10/2025', [9000, 1620, 0, 0, 0], { section: 'B2BA', originalNumber: 'INV-5', originalDate: original.date! });
    const rows = reconcile([purchase('INV-5', '01/10/2025', [9000, 1620, 0, 0, 0])], [original, amended]).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'matched', pass: 'normalised-number', gstr2bIndex: 1, gstr2bOriginalIndex: 0 });
    expect(rows[0]!.reasons).toContain('the books carry the original number INV-5; 2B amendment B2BA renumbered it INV-5R');
    expect(rows[0]!.reasons).toContain('2B amendment B2BA supersedes the original INV-5 of period 2025-10');
    // Only the amendment in this 2B: still linked through oinum.
    const alone = reconcile([purchase('INV-5', '01/10/2025', [9000, 1620, 0, 0, 0])], [amended]).rows;
    expect(alone[0]).toMatchObject({ status: 'matched' });
    expect(alone[0]!.reasons).toContain('2B amendment B2BA of INV-5, whose original is not in the 2B given');
  });

  it('missing on either side, with the IMS suggestion for each', () => {
    const rejected = doc2b('BS/50', '10/11/2025', A, { part: 'rejected', imsStatus: 'Rejected' });
    const extra = doc2b('BS/51', '10/11/2025', [1, 0.18, 0, 0, 0]);
    const res = reconcile([purchase('BS/99', '01/11/2025', [5, 0.9, 0, 0, 0])], [rejected, extra]);
    const by = (s: string) => res.rows.filter((r) => r.status === s);
    expect(by('missing-in-2b')[0]).toMatchObject({ suggestedImsAction: null });
    expect(by('missing-in-books').map((r) => [r.gstr2b!.number, r.suggestedImsAction])).toEqual([
      ['BS/50', 'reject'],
      ['BS/51', 'pending'],
    ]);
    expect(res.summary).toEqual({ matched: 0, 'matched-with-tolerance': 0, mismatch: 0, 'missing-in-2b': 1, 'missing-in-books': 2 });
  });

  it('says when a credit note can stay pending for one period only (2B from October 2025)', () => {
    const cn = (period: string) => doc2b('CN-1', '05/10/2025', A, { section: 'CDNR', kind: 'Credit Note', sign: -1, period });
    const late = reconcile([purchase('CN-1', '05/10/2025', [10000, 1000, 0, 0, 0], { docType: 'CRN' })], [cn('2025-10')]).rows[0]!;
    expect(late.imsActionReason).toContain('one period only');
    const early = reconcile([purchase('CN-1', '05/10/2025', [10000, 1000, 0, 0, 0], { docType: 'CRN' })], [cn('2025-09')]).rows[0]!;
    expect(early.imsActionReason).not.toContain('one period only');
    // Before IMS (periods up to September 2024) there is nothing to act on.
    expect(reconcile([], [doc2b('X', '05/06/2024', A, { period: '2024-06' })]).rows[0]!.suggestedImsAction).toBeNull();
    // Reverse charge is outside IMS.
    expect(reconcile([], [doc2b('X', '05/11/2025', A, { reverseCharge: 'Y' })]).rows[0]!.imsActionReason).toContain('outside IMS');
  });
});
