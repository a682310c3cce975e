import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcile, HEADS, type PurchaseRow } from '../../src/reconcile/index.js';
import type { InwardDocument } from '../../src/gstr/types.js';
import { doc2b, purchase } from './helpers.js';

const GSTINS = ['29AAACB2894G1ZJ', '27AAACB2894G1ZK', '24AAACC4175D1Z4'];
const amount = fc.integer({ min: 0, max: 100_000_00 }).map((p) => p / 100);
const date = fc.integer({ min: 0, max: 400 }).map((d) => {
  const x = new Date(Date.UTC(2025, 0, 1) + d * 86_400_000);
  return `${String(x.getUTCDate()).padStart(2, '0')}/${String(x.getUTCMonth() + 1).padStart(2, '0')}/${x.getUTCFullYear()}`;
});
const number = fc
  .tuple(fc.constantFrom('INV', 'inv-', 'BS/', ''), fc.integer({ min: 1, max: 30 }), fc.constantFrom('', '/25-26', '/2024-25'))
  .map(([a, n, b]) => `${a}${n}${b}`);
const amounts = fc.tuple(amount, amount, amount, amount, amount);

const purchaseArb = fc
  .record({ gstin: fc.constantFrom(...GSTINS), type: fc.constantFrom('INV', 'CRN', 'DBN' as const), no: number, date, amounts })
  .map((r): PurchaseRow => purchase(r.no, r.date, r.amounts, { supplierGstin: r.gstin, docType: r.type as PurchaseRow['docType'] }));
const KIND = { INV: 'Invoice', CRN: 'Credit Note', DBN: 'Debit Note', BOE: 'Bill of Entry' } as const;
const docArb = fc
  .record({
    gstin: fc.constantFrom(...GSTINS),
    type: fc.constantFrom('INV', 'CRN', 'DBN' as const),
    no: number,
    date,
    amounts,
    amend: fc.option(number, { nil: undefined }),
  })
  .map(
    (r): InwardDocument =>
      doc2b(r.no, r.date, r.amounts, {
        supplierGstin: r.gstin,
        kind: KIND[r.type as 'INV'],
        section: r.type === 'INV' ? (r.amend ? 'B2BA' : 'B2B') : r.amend ? 'CDNRA' : 'CDNR',
        ...(r.amend ? { originalNumber: r.amend } : {}),
      }),
  );

/** Purchases, and 2B documents made partly from them with small changes, so that every pass has work. */
const inputs = fc
  .tuple(
    fc.array(purchaseArb, { maxLength: 40 }),
    fc.array(docArb, { maxLength: 40 }),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: -300, max: 300 })), { maxLength: 30 }),
  )
  .map(([purchases, docs, copies]) => {
    for (const [i, paise] of copies) {
      if (purchases.length === 0) break;
      const p = purchases[i % purchases.length]!;
      const d = doc2b(String(p.docNo).toLowerCase(), String(p.docDate), [p.taxable + paise / 100, p.igst, p.cgst, p.sgst, p.cess], {
        supplierGstin: p.supplierGstin,
        kind: KIND[p.docType],
        section: p.docType === 'INV' ? 'B2B' : 'CDNR',
      });
      docs.push(d);
    }
    return { purchases, docs };
  });

const total = (xs: number[]): number => Math.round(xs.reduce((s, x) => s + x * 100, 0));

describe('reconcile properties', () => {
  it('every purchase and every 2B document lands in exactly one output row', () => {
    fc.assert(
      fc.property(inputs, ({ purchases, docs }) => {
        const { rows, summary } = reconcile(purchases, docs);
        const seenP = new Array(purchases.length).fill(0);
        const seenD = new Array(docs.length).fill(0);
        for (const r of rows) {
          if (r.purchaseIndex !== undefined) seenP[r.purchaseIndex]++;
          if (r.gstr2bIndex !== undefined) seenD[r.gstr2bIndex]++;
          if (r.gstr2bOriginalIndex !== undefined) seenD[r.gstr2bOriginalIndex]++;
          // A paired row has both sides, an unpaired row one.
          expect(r.purchase !== undefined || r.gstr2b !== undefined).toBe(true);
          if (r.status === 'missing-in-2b') expect(r.gstr2b).toBeUndefined();
          if (r.status === 'missing-in-books') expect(r.purchase).toBeUndefined();
          // A credit note is never paired with an invoice.
          if (r.purchase && r.gstr2b) expect(r.purchase.docType === 'CRN').toBe(r.gstr2b.kind === 'Credit Note');
        }
        expect(seenP.every((n) => n === 1)).toBe(true);
        expect(seenD.every((n) => n === 1)).toBe(true);
        expect(Object.values(summary).reduce((a, b) => a + b, 0)).toBe(rows.length);
      }),
      { numRuns: 200 },
    );
  });

  it("the rows carry the inputs' totals, head by head, on each side", () => {
    fc.assert(
      fc.property(inputs, ({ purchases, docs }) => {
        const { rows } = reconcile(purchases, docs);
        for (const h of HEADS) {
          expect(total(rows.filter((r) => r.purchase).map((r) => r.purchase![h]))).toBe(total(purchases.map((p) => p[h])));
          const docHead = (d: InwardDocument): number => d.lines.reduce((s, l) => s + l[h], 0);
          const fromRows = rows.flatMap((r) => [r.gstr2b, r.gstr2bOriginal]).filter((d): d is InwardDocument => d !== undefined);
          expect(total(fromRows.map(docHead))).toBe(total(docs.map(docHead)));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('matched rows differ by no more than the tolerance; exact ones not at all', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 5 }), ({ purchases, docs }, tol) => {
        for (const r of reconcile(purchases, docs, { tolerance: { absolute: tol } }).rows) {
          if (r.status === 'matched') for (const h of HEADS) expect(Math.abs(r.differences[h])).toBeLessThan(0.005);
          if (r.status === 'matched-with-tolerance') for (const h of HEADS) expect(Math.abs(r.differences[h])).toBeLessThanOrEqual(tol + 0.005);
        }
      }),
      { numRuns: 100 },
    );
  });
});
