import fs from 'node:fs';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildGstr1, gstr1Totals, GSTR1_RATES } from '../../src/gstr1/index.js';
import { BUYER_KA, BUYER_TN, irn, SELLER, type DocFacts } from './helpers.js';

const schema = JSON.parse(fs.readFileSync(new URL('../../schemas/returns/gstr1.schema.json', import.meta.url), 'utf8'));
const validateSchema = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

const line = fc.record({
  rate: fc.constantFrom(...GSTR1_RATES),
  taxable: fc.integer({ min: 1, max: 30_000_000 }).map((p) => p / 100),
  qty: fc.integer({ min: 1, max: 50 }),
  service: fc.boolean(),
});
const facts = fc.record({
  type: fc.constantFrom('INV', 'INV', 'CRN', 'DBN' as const),
  buyer: fc.constantFrom(BUYER_KA, BUYER_TN, 'URP'),
  pos: fc.constantFrom('29', '27', '33'),
  supTyp: fc.constantFrom('B2B', 'B2B', 'B2B', 'EXPWP', 'EXPWOP', 'SEZWP'),
  day: fc.integer({ min: 1, max: 30 }),
  lines: fc.array(line, { minLength: 1, maxLength: 4 }),
});
const docsArb = fc.array(facts, { maxLength: 40 }).map((list) =>
  list.map(
    (f, i): DocFacts => ({
      type: f.type as DocFacts['type'],
      no: `D/${i + 1}`,
      date: `${String(f.day).padStart(2, '0')}/11/2026`,
      buyer: f.supTyp.startsWith('SEZ') && f.buyer === 'URP' ? BUYER_TN : f.buyer,
      pos: f.buyer === 'URP' ? f.pos : undefined,
      supTyp: f.buyer === 'URP' && f.supTyp.startsWith('SEZ') ? 'B2B' : f.supTyp,
      lines: f.lines,
    }),
  ),
);

const cents = (n: number): number => Math.round(n * 100);

describe('GSTR-1 properties', () => {
  it('every document lands in exactly one section, and the output meets the schema', () => {
    fc.assert(
      fc.property(docsArb, (facts) => {
        const res = buildGstr1(facts.map(irn), { gstin: SELLER, period: '112026' });
        expect(res.errors).toEqual([]);
        expect(res.placements.map((p) => p.index)).toEqual(facts.map((_, i) => i));
        expect(res.placements.every((p) => p.section !== 'left-out')).toBe(true);
        // A document appears once as a document of its section; B2CS and nil documents only in totals.
        const json = JSON.stringify(res.json);
        for (const p of res.placements) {
          const seen = json.split(`"inum":"${p.number}"`).length - 1 + json.split(`"nt_num":"${p.number}"`).length - 1;
          expect(seen, `${p.number} in ${p.section}`).toBe(p.section === 'b2cs' || p.section === 'nil' ? 0 : 1);
        }
        expect(validateSchema(res.json), JSON.stringify(validateSchema.errors)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("the sections together, and the HSN summary alone, carry the inputs' taxable value and tax", () => {
    fc.assert(
      fc.property(docsArb, (facts) => {
        const docs = facts.map(irn);
        const res = buildGstr1(docs, { gstin: SELLER, period: '112026' });
        const totals = gstr1Totals(res.json);
        let taxable = 0;
        let igst = 0;
        let cgst = 0;
        for (const d of docs) {
          const sign = (d['DocDtls'] as { Typ: string }).Typ === 'CRN' ? -1 : 1;
          for (const it of d['ItemList'] as Array<Record<string, number>>) {
            taxable += sign * cents(it['AssAmt']!);
            igst += sign * cents(it['IgstAmt']!);
            cgst += sign * cents(it['CgstAmt']!);
          }
        }
        const sections = ['b2b', 'b2cl', 'b2cs', 'exp', 'cdnr', 'cdnur', 'nil'];
        const sum = (k: 'taxable' | 'igst' | 'cgst') => sections.reduce((s, name) => s + cents(totals[name]?.[k] ?? 0), 0);
        expect(Math.abs(sum('taxable') - taxable)).toBeLessThanOrEqual(sections.length);
        expect(Math.abs(sum('igst') - igst)).toBeLessThanOrEqual(sections.length);
        expect(Math.abs(sum('cgst') - cgst)).toBeLessThanOrEqual(sections.length);
        expect(Math.abs(cents(totals['hsn']?.taxable ?? 0) - taxable)).toBeLessThanOrEqual(2);
        expect(Math.abs(cents(totals['hsn']?.igst ?? 0) - igst)).toBeLessThanOrEqual(2);
      }),
      { numRuns: 150 },
    );
  });
});
