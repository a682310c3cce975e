/**
 * The books' GSTR-1 against the portal's copy: the same return matches row for row; a changed amount,
 * date or rate names its field; a document on one side only is missing on the other; the portal's own
 * fields, number case and date form do not make a difference; and the document sections tie to the HSN
 * summary with no residue when each amount is settled once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGstr1, compareGstr1, gstr1Residue, type Gstr1Json } from '../../src/gstr1/index.js';
import { BUYER_KA, BUYER_TN, irn, SELLER } from './helpers.js';

const books = (): Gstr1Json => {
  const res = buildGstr1(
    [
      irn({
        no: 'KC/0001',
        date: '05/11/2026',
        buyer: BUYER_KA,
        lines: [
          { rate: 18, taxable: 1000 },
          { rate: 5, taxable: 200 },
        ],
      }),
      irn({ no: 'KC/0002', date: '07/11/2026', buyer: BUYER_TN, lines: [{ rate: 12, taxable: 2500.5 }] }),
      irn({ no: 'KC/0003', date: '08/11/2026', buyer: 'URP', pos: '29', supTyp: 'B2B', lines: [{ rate: 18, taxable: 400 }] }),
      irn({ type: 'CRN', no: 'CN/0001', date: '10/11/2026', buyer: BUYER_KA, lines: [{ rate: 18, taxable: 100 }] }),
    ],
    { gstin: SELLER, period: '112026' },
  );
  expect(res.errors).toEqual([]);
  return res.json;
};

/** The portal's copy of a return as its download gives it: section arrays with its own bookkeeping fields. */
function asPortalHolds(json: Gstr1Json): unknown {
  const copy = structuredClone(json) as unknown as Record<string, any>;
  for (const g of copy['b2b'] ?? []) {
    g.cfs = 'Y';
    for (const inv of g.inv)
      Object.assign(inv, {
        chksum: 'ab12',
        flag: 'N',
        updby: 'S',
        srctyp: 'E-Invoice',
        irn: 'f'.repeat(64),
        inum: inv.inum.toLowerCase(),
        idt: inv.idt.replace(/-/g, '/'),
      });
  }
  return copy;
}

describe('compareGstr1', () => {
  it('matches the same return row for row, whatever the portal adds', () => {
    const ours = books();
    const result = compareGstr1(ours, asPortalHolds(ours));
    expect(result.summary).toEqual({ matched: result.rows.length, different: 0, 'missing-in-gstr1': 0, 'missing-in-books': 0 });
    expect(result.rows.map((r) => r.section).sort()).toEqual(expect.arrayContaining(['b2b', 'cdnr', 'hsn_b2b']));
    expect(result.rows.find((r) => r.section === 'b2b')?.key).toBe(`${BUYER_KA}/KC/0001`);
  });

  it('names the fields that differ, and the documents on one side only', () => {
    const ours = books();
    const theirs = structuredClone(ours);
    const inv = theirs.b2b![0]!.inv[0]!;
    inv.idt = '06-11-2026';
    inv.itms[1]!.itm_det.camt = 90.5;
    theirs.b2b![0]!.inv.push({ ...inv, inum: 'KC/0099' });
    theirs.cdnr = [];
    const result = compareGstr1(ours, theirs);
    const row = (key: string) => result.rows.find((r) => r.key === key);
    expect(row(`${BUYER_KA}/KC/0001`)).toMatchObject({
      status: 'different',
      differences: [
        { field: 'camt@18', books: 90, portal: 90.5 },
        { field: 'idt', books: '05-11-2026', portal: '06-11-2026' },
      ],
    });
    expect(row(`${BUYER_KA}/KC/0099`)?.status).toBe('missing-in-books');
    expect(row(`${BUYER_KA}/CN/0001`)?.status).toBe('missing-in-gstr1');
    expect(result.bySection['cdnr']).toEqual({ matched: 0, different: 0, 'missing-in-gstr1': 1, 'missing-in-books': 0 });
    // Within a tolerance the changed amount no longer counts; the date still does.
    expect(
      compareGstr1(ours, theirs, { tolerance: 1 })
        .rows.find((r) => r.key === `${BUYER_KA}/KC/0001`)
        ?.differences.map((d) => d.field),
    ).toEqual(['idt']);
  });

  it('reads HSN rows given before the B2B/B2C split, and sections inside {data}', () => {
    const ours = books();
    const theirs = structuredClone(ours) as unknown as Record<string, any>;
    theirs['b2b'] = { data: theirs['b2b'] };
    const result = compareGstr1({ ...ours, hsn: { data: ours.hsn?.hsn_b2b } }, theirs);
    expect(result.rows.filter((r) => r.section === 'b2b').every((r) => r.status === 'matched')).toBe(true);
    expect(result.bySection['hsn']?.['missing-in-gstr1']).toBe(ours.hsn?.hsn_b2b?.length);
  });

  it('finds any one changed amount of a b2b invoice, and nothing else', () => {
    const ours = books();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 }), fc.constantFrom('txval', 'camt', 'samt'), fc.integer({ min: 1, max: 100_000 }), (item, head, paise) => {
        const theirs = structuredClone(ours);
        const det = theirs.b2b![0]!.inv[0]!.itms[item]!.itm_det as unknown as Record<string, number>;
        det[head] = Math.round(((det[head] ?? 0) + paise / 100) * 100) / 100;
        const result = compareGstr1(ours, theirs);
        const different = result.rows.filter((r) => r.status !== 'matched');
        expect(different).toHaveLength(1);
        expect(different[0]?.differences.map((d) => d.field)).toEqual([`${head}@${det['rt']}`]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('gstr1Residue', () => {
  it('is zero when the sections and the HSN summary are built from amounts settled once', () => {
    expect(gstr1Residue(books())).toEqual({ taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 });
  });

  it('reports what an HSN summary out of step with the documents leaves over', () => {
    const json = books();
    json.hsn!.hsn_b2b![0]!.camt += 0.01;
    json.hsn!.hsn_b2b![0]!.txval -= 1;
    expect(gstr1Residue(json)).toEqual({ taxable: 1, igst: 0, cgst: -0.01, sgst: 0, cess: 0 });
  });
});
