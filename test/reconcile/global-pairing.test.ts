import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readGstr2b } from '../../src/gstr/index.js';
import type { InwardDocument } from '../../src/gstr/types.js';
import { financialYear, readPurchaseCsv, reconcile, toJsonRow, type PurchaseRow, type ReconcileOptions } from '../../src/reconcile/index.js';
import { doc2b, purchase, SUPPLIER } from './helpers.js';

// Few suppliers (two under one PAN), few numbers, few amounts and close dates: many documents fit several
// others, so the order of the greedy walk matters and the pairings differ.
const GSTINS = ['29AAACB2894G1ZJ', '27AAACB2894G1ZK', '24AAACC4175D1Z4'];
const KIND = { INV: 'Invoice', CRN: 'Credit Note' } as const;
const dayOf = (n: number): string => {
  const x = new Date(Date.UTC(2025, 2, 20) + n * 86_400_000);
  return `${String(x.getUTCDate()).padStart(2, '0')}/${String(x.getUTCMonth() + 1).padStart(2, '0')}/${x.getUTCFullYear()}`;
};
const doc = fc.record({
  gstin: fc.constantFrom(...GSTINS),
  type: fc.constantFrom('INV', 'INV', 'CRN' as const),
  no: fc.tuple(fc.constantFrom('INV-', 'BS/', 'PO'), fc.integer({ min: 1, max: 6 })).map(([a, n]) => `${a}${n}`),
  // 20 March to 19 April: half the dates are in the next financial year.
  day: fc.integer({ min: 0, max: 30 }),
  taxable: fc.constantFrom(1000, 1000.4, 1000.9, 1001.5, 1200, 5000),
  igst: fc.constantFrom(180, 180.5, 200),
});
type Doc = typeof doc extends fc.Arbitrary<infer T> ? T : never;
const asPurchase = (d: Doc): PurchaseRow => purchase(d.no, dayOf(d.day), [d.taxable, d.igst, 0, 0, 0], { supplierGstin: d.gstin, docType: d.type });
const as2b = (d: Doc): InwardDocument =>
  doc2b(d.no, dayOf(d.day), [d.taxable, d.igst, 0, 0, 0], { supplierGstin: d.gstin, kind: KIND[d.type], section: d.type === 'INV' ? 'B2B' : 'CDNR' });
const inputs = fc.record({
  purchases: fc.array(doc.map(asPurchase), { maxLength: 14 }),
  docs: fc.array(doc.map(as2b), { maxLength: 14 }),
  options: fc.record({ dateWindowDays: fc.constantFrom(0, 3, 10), panLevel: fc.boolean(), tolerance: fc.record({ absolute: fc.constantFrom(0, 1, 2) }) }),
});

const fyOf = (d: Date | string): string => {
  const [dd, mm, yy] = String(d).split('/').map(Number) as [number, number, number];
  return financialYear(new Date(Date.UTC(yy, mm - 1, dd)));
};
const daysApart = (a: Date | string, b: Date): number => {
  const [dd, mm, yy] = String(a).split('/').map(Number) as [number, number, number];
  return Math.abs(Date.UTC(yy, mm - 1, dd) - b.getTime()) / 86_400_000;
};
const UNPAIRED = 5;

describe('global pairing, properties', () => {
  it('costs no more in total than the greedy pairing, and its total is the sum of its rows', () => {
    fc.assert(
      fc.property(inputs, ({ purchases, docs, options }) => {
        const global = reconcile(purchases, docs, options);
        const greedy = reconcile(purchases, docs, { ...options, pairing: 'greedy' });
        expect(global.pairing!.method).toBe('global');
        expect(greedy.pairing!.method).toBe('greedy');
        expect(global.pairing!.cost).toBeLessThanOrEqual(greedy.pairing!.cost + 1e-6);
        for (const res of [global, greedy]) {
          const fromRows = res.rows.reduce((s, r) => s + (r.purchase && r.gstr2b ? r.basis!.cost : UNPAIRED), 0);
          expect(fromRows).toBeCloseTo(res.pairing!.cost, 5);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is the least-cost pairing: no matching of the pairs the passes accept costs less (checked by enumeration)', () => {
    const small = fc.record({
      purchases: fc.array(doc.map(asPurchase), { maxLength: 5 }),
      docs: fc.array(doc.map(as2b), { maxLength: 5 }),
      options: inputs.map((i) => i.options),
    });
    fc.assert(
      fc.property(small, ({ purchases, docs, options }) => {
        // The pairs one at a time: what a pass accepts alone, and what it costs.
        const cost: Array<Array<number | undefined>> = purchases.map((p) =>
          docs.map((d) => {
            const row = reconcile([p], [d], options).rows[0]!;
            return row.purchase && row.gstr2b ? row.basis!.cost : undefined;
          }),
        );
        let best = Infinity;
        const usedDoc = new Array<boolean>(docs.length).fill(false);
        const walk = (i: number, sum: number, paired: number): void => {
          if (i === purchases.length) {
            best = Math.min(best, sum + UNPAIRED * (purchases.length + docs.length - 2 * paired));
            return;
          }
          walk(i + 1, sum, paired);
          for (let j = 0; j < docs.length; j++) {
            const c = cost[i]![j];
            if (c === undefined || usedDoc[j]) continue;
            usedDoc[j] = true;
            walk(i + 1, sum + c, paired + 1);
            usedDoc[j] = false;
          }
        };
        walk(0, 0, 0);
        expect(reconcile(purchases, docs, options).pairing!.cost).toBeCloseTo(best, 5);
      }),
      { numRuns: 300 },
    );
  });

  it('pairs only what a pass accepts alone, never across suppliers (but for the PAN passes) or financial years (but within the window)', () => {
    fc.assert(
      fc.property(inputs, ({ purchases, docs, options }) => {
        const window = options.dateWindowDays;
        for (const r of reconcile(purchases, docs, options).rows) {
          if (!r.purchase || !r.gstr2b) continue;
          // The same two documents alone: the greedy passes pair them, by the same pass.
          const alone = reconcile([r.purchase], [r.gstr2b], { ...options, pairing: 'greedy' }).rows;
          expect(alone).toHaveLength(1);
          expect(alone[0]!.pass).toBe(r.pass);
          if (r.purchase.supplierGstin !== r.gstr2b.supplierGstin) {
            expect(['pan-level', 'number-only']).toContain(r.pass);
            expect(options.panLevel).toBe(true);
            expect(r.purchase.supplierGstin.slice(2, 12)).toBe(r.gstr2b.supplierGstin!.slice(2, 12));
          }
          if (fyOf(r.purchase.docDate) !== financialYear(r.gstr2b.date!)) expect(daysApart(r.purchase.docDate, r.gstr2b.date!)).toBeLessThanOrEqual(window);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('with a zero-day window, never pairs across financial years', () => {
    fc.assert(
      fc.property(inputs, ({ purchases, docs, options }) => {
        for (const r of reconcile(purchases, docs, { ...options, dateWindowDays: 0 }).rows) {
          if (r.purchase && r.gstr2b) expect(fyOf(r.purchase.docDate)).toBe(financialYear(r.gstr2b.date!));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('global pairing, cases', () => {
  // Two invoices of nearly the same value on one day, booked under the supplier's numbers with another
  // prefix (so only the residual pass pairs them). The first purchase's closest amount is the other invoice.
  const purchases = [purchase('INV-1034', '05/11/2025', [10000, 1800, 0, 0, 0]), purchase('INV-1043', '05/11/2025', [10000.2, 1800, 0, 0, 0])];
  const docs = [doc2b('SI-1043', '05/11/2025', [10000.1, 1800, 0, 0, 0]), doc2b('SI-1034', '05/11/2025', [10000.6, 1800, 0, 0, 0])];
  const pairsOf = (options: ReconcileOptions) =>
    reconcile(purchases, docs, options)
      .rows.map(toJsonRow)
      .map((r) => [r.purchaseDocNo, r.gstr2bDocNo]);

  it('where first fit pairs two invoices crosswise, the least-cost pairing matches their numbers', () => {
    expect(pairsOf({ pairing: 'greedy' })).toEqual([
      ['INV-1034', 'SI-1043'],
      ['INV-1043', 'SI-1034'],
    ]);
    expect(pairsOf({})).toEqual([
      ['INV-1034', 'SI-1034'],
      ['INV-1043', 'SI-1043'],
    ]);
    const res = reconcile(purchases, docs);
    const row = res.rows.find((r) => r.purchase?.docNo === 'INV-1034')!;
    expect(row).toMatchObject({
      status: 'mismatch',
      pass: 'residual',
      basis: { method: 'global', number: 'different', candidates: { forPurchase: 2, for2b: 2 } },
    });
    // The runner-up is the other invoice, which fits but went to the other purchase.
    expect(row.runnerUp).toMatchObject({ side: '2b', docNo: 'SI-1043', pass: 'residual' });
    expect(row.runnerUp!.reason).toContain('is paired with purchase INV-1043');
    expect(row.reasons.some((r) => r.startsWith('the least-cost pairing'))).toBe(true);
  });

  it('where first fit leaves a purchase unpaired that could have been paired, pairs both', () => {
    const books = [purchase('PO-11', '05/11/2025', [10000, 0, 900, 900, 0]), purchase('PO-12', '05/11/2025', [10001.2, 0, 900, 900, 0])];
    const twoB = [doc2b('BS/501', '05/11/2025', [10000.3, 0, 900, 900, 0]), doc2b('BS/502', '05/11/2025', [9999.1, 0, 900, 900, 0])];
    const greedy = reconcile(books, twoB, { pairing: 'greedy' });
    expect(greedy.summary).toMatchObject({ mismatch: 1, 'missing-in-2b': 1, 'missing-in-books': 1 });
    const global = reconcile(books, twoB);
    expect(global.summary).toMatchObject({ mismatch: 2, 'missing-in-2b': 0, 'missing-in-books': 0 });
    expect(global.pairing!.cost).toBeLessThan(greedy.pairing!.cost);
  });

  it('an unpaired row names its nearest miss and the test it fails', () => {
    const res = reconcile([purchase('BS/77', '01/11/2025', [5000, 900, 0, 0, 0])], [doc2b('BS/78', '25/11/2025', [5000, 900, 0, 0, 0])]);
    const missing = res.rows.find((r) => r.status === 'missing-in-2b')!;
    expect(missing.runnerUp).toMatchObject({ side: '2b', docNo: 'BS/78' });
    expect(missing.runnerUp!.reason).toBe('another number (books BS/77, 2B BS/78), and the dates are 24 days apart, beyond the 10-day window');
    expect(toJsonRow(missing).runnerUp).toEqual(missing.runnerUp);
    const far = reconcile([purchase('BS/77', '01/11/2025', [5000, 900, 0, 0, 0])], [doc2b('BS/77', '25/04/2026', [5000, 900, 0, 0, 0])]);
    expect(far.rows[0]!.runnerUp!.reason).toContain('same number, but financial years differ (books 2025-26, 2B 2026-27)');
  });
});

describe("the document's own period", () => {
  const oct = (n: string) => purchase(n, '20/10/2025', [10000, 1800, 0, 0, 0]);
  it('a document that came in a later GSTR-2B is paired and shown late, not missing in its own period', () => {
    const october = [doc2b('BS/1', '02/10/2025', [10000, 1800, 0, 0, 0], { period: '2025-10' })];
    const december = [
      doc2b('BS/2', '20/10/2025', [10000, 1800, 0, 0, 0], { period: '2025-12' }),
      doc2b('BS/3', '21/10/2025', [700, 126, 0, 0, 0], { period: '2025-12' }),
    ];
    const res = reconcile([purchase('BS/1', '02/10/2025', [10000, 1800, 0, 0, 0]), oct('BS/2')], [...october, ...december]);
    const byNo = (n: string) => res.rows.find((r) => (r.purchase?.docNo ?? r.gstr2b?.number) === n)!;
    expect(byNo('BS/1')).toMatchObject({ status: 'matched', documentPeriod: '2025-10' });
    expect(byNo('BS/1').late).toBeUndefined();
    expect(byNo('BS/2')).toMatchObject({
      status: 'matched',
      documentPeriod: '2025-10',
      late: { documentPeriod: '2025-10', gstr2bPeriod: '2025-12', months: 2 },
    });
    expect(byNo('BS/2').reasons).toContain(
      "reported late: the document is of 2025-10 but came in the GSTR-2B of 2025-12, so its credit comes through that period's GSTR-2B, not 2025-10's",
    );
    // Missing in the books, and late too.
    expect(byNo('BS/3')).toMatchObject({ status: 'missing-in-books', late: { gstr2bPeriod: '2025-12' } });
    expect(res.late).toBe(2);
    expect(toJsonRow(byNo('BS/2')).late).toEqual({ documentPeriod: '2025-10', gstr2bPeriod: '2025-12', months: 2 });
  });

  it('an amendment in a later period is not late', () => {
    const amended = doc2b('BS/4R', '20/10/2025', [9000, 1620, 0, 0, 0], { period: '2025-12', section: 'B2BA', originalNumber: 'BS/4' });
    const row = reconcile([purchase('BS/4', '20/10/2025', [9000, 1620, 0, 0, 0])], [amended]).rows[0]!;
    expect(row.status).toBe('matched');
    expect(row.late).toBeUndefined();
  });
});

describe('bills of entry', () => {
  const twoB = {
    data: {
      gstin: '27AAPFU0939F1ZV',
      rtnprd: '112025',
      version: '4.0',
      gendt: '14-12-2025',
      docdata: {
        b2b: [
          {
            ctin: SUPPLIER,
            trdnm: 'Bharat Steel',
            supprd: '112025',
            supfildt: '11-12-2025',
            inv: [
              { inum: '4455669', typ: 'R', dt: '18-11-2025', val: 1180, pos: '27', rev: 'N', itcavl: 'Y', txval: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 },
            ],
          },
        ],
        impg: [
          {
            refdt: '20-11-2025',
            recdt: '21-11-2025',
            portcode: 'INNSA1',
            boenum: '4455667',
            boedt: '18-11-2025',
            isamd: 'N',
            txval: 100000,
            igst: 18000,
            cess: 0,
          },
          {
            refdt: '20-11-2025',
            recdt: '21-11-2025',
            portcode: 'INMAA1',
            boenum: '4455668',
            boedt: '18-11-2025',
            isamd: 'N',
            txval: 50000,
            igst: 9000,
            cess: 0,
          },
        ],
        impgsez: [
          {
            ctin: '27AAACS7777K1ZQ',
            trdnm: 'SEZ Unit',
            boe: [
              {
                refdt: '20-11-2025',
                recdt: '21-11-2025',
                portcode: 'INNSA1',
                boenum: '150015',
                boedt: '18-11-2025',
                isamd: 'N',
                txval: 1000,
                igst: 180.3,
                cess: 0,
              },
            ],
          },
        ],
      },
    },
  };
  const csv = [
    'supplier_gstin,doc_type,doc_no,doc_date,taxable_value,igst,cgst,sgst,cess,port_code',
    ',BOE,4455667,18/11/2025,100000,18000,0,0,0,INNSA1',
    'OVERSEAS,BOE,4455668,18/11/2025,50000,9000,0,0,0,INNSA1',
    '27AAACS7777K1ZQ,BOE,150015,18/11/2025,1000,180,0,0,0,',
    ',BOE,4455669,18/11/2025,1000,180,0,0,0,',
  ].join('\n');

  it("pair with GSTR-2B's IMPG and IMPGSEZ by number, date and port, never with an invoice", () => {
    const books = readPurchaseCsv(csv);
    const read = readGstr2b(JSON.stringify(twoB));
    if (!books.ok || !read.ok) throw new Error(JSON.stringify(books.ok ? read : books));
    expect(books.value.warnings).toEqual([]);
    expect(books.value.rows[0]).toMatchObject({ docType: 'BOE', supplierGstin: '', portCode: 'INNSA1' });
    const rows = reconcile(books.value.rows, [read.value]).rows.map(toJsonRow);
    const of = (no: string) => rows.filter((r) => r.purchaseDocNo === no || r.gstr2bDocNo === no);
    expect(of('4455667')).toMatchObject([{ status: 'matched', pass: 'exact', docType: 'BOE', gstr2bSection: 'IMPG', supplierGstin: '' }]);
    expect(of('150015')).toMatchObject([{ status: 'matched-with-tolerance', docType: 'BOE', gstr2bSection: 'IMPGSEZ', supplierGstin: '27AAACS7777K1ZQ' }]);
    // Another port: never paired, and the row says why.
    const port = of('4455668');
    expect(port.map((r) => r.status).sort()).toEqual(['missing-in-2b', 'missing-in-books']);
    expect(port.find((r) => r.status === 'missing-in-2b')!.runnerUp!.reason).toBe('ports differ (books INNSA1, 2B INMAA1)');
    // A bill of entry and an invoice of the same number stay apart.
    expect(of('4455669').map((r) => [r.status, r.docType])).toEqual([
      ['missing-in-2b', 'BOE'],
      ['missing-in-books', 'INV'],
    ]);
    // Imports are outside IMS.
    expect(of('4455667')[0]!.suggestedImsAction).toBeNull();
  });
});

describe('a block too large for the exact solver', () => {
  it('is paired greedily, says so, and still pairs only what a pass accepts', () => {
    // One supplier, 1,200 purchases and 1,200 2B documents of one amount over 120 days, every number
    // different on the two sides: each purchase fits about 210 documents, all in one connected block.
    const purchases: PurchaseRow[] = [];
    const docs: InwardDocument[] = [];
    for (let i = 0; i < 1200; i++) {
      const date = dayOf(i % 120);
      purchases.push(purchase(`PO-${i}`, date, [1000, 180, 0, 0, 0]));
      docs.push(doc2b(`SI-${i}`, date, [1000, 180, 0, 0, 0]));
    }
    const res = reconcile(purchases, docs);
    expect(res.pairing).toMatchObject({ method: 'global', components: 1, largestComponent: 2400, fallbackComponents: 1 });
    const paired = res.rows.filter((r) => r.purchase && r.gstr2b);
    expect(paired).toHaveLength(1200);
    for (const r of paired) {
      expect(r.basis!.method).toBe('greedy-fallback');
      expect(daysApart(r.purchase!.docDate, r.gstr2b!.date!)).toBeLessThanOrEqual(10);
    }
    expect(paired[0]!.reasons).toContain("paired greedily: this supplier's block of candidate pairs was too large for the exact pairing");
  });
});

describe('a crowded purchase', () => {
  it('keeps 256 candidate pairs, and its whole block, the documents beyond the cut included, is paired greedily', () => {
    // 400 purchases and 400 documents of one value on two days: each purchase fits all 400 documents.
    const purchases: PurchaseRow[] = [];
    const docs: InwardDocument[] = [];
    for (let i = 0; i < 400; i++) {
      purchases.push(purchase(`PO-${i}`, dayOf(i % 2), [1000, 180, 0, 0, 0]));
      docs.push(doc2b(`SI-${i}`, dayOf(i % 2), [1000, 180, 0, 0, 0]));
    }
    const res = reconcile(purchases, docs);
    expect(res.pairing!.candidates).toBe(400 * 256);
    expect(res.pairing!.fallbackComponents).toBe(1);
    expect(res.summary.mismatch).toBe(400);
    expect(res.rows.every((r) => r.basis?.method === 'greedy-fallback')).toBe(true);
  });
});
