import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildGstr1, gstr1Totals } from '../../src/gstr1/index.js';
import { BUYER_KA, BUYER_TN, irn, SELLER } from './helpers.js';

const schema = JSON.parse(fs.readFileSync(new URL('../../schemas/returns/gstr1.schema.json', import.meta.url), 'utf8'));
const validateSchema = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
const build = (docs: unknown[], period = '112026', extra = {}) => buildGstr1(docs, { gstin: SELLER, period, ...extra });

describe('GSTR-1 sections, one golden case each', () => {
  it('b2b: a registered buyer, one itms row per rate, dates DD-MM-YYYY, CGST and SGST within the state', () => {
    const res = build([
      irn({
        no: 'KC/0001',
        date: '05/11/2026',
        buyer: BUYER_KA,
        lines: [
          { rate: 18, taxable: 1000 },
          { rate: 5, taxable: 200 },
          { rate: 18, taxable: 500 },
        ],
      }),
    ]);
    expect(res.errors).toEqual([]);
    expect(res.json.b2b).toEqual([
      {
        ctin: BUYER_KA,
        inv: [
          {
            inum: 'KC/0001',
            idt: '05-11-2026',
            val: 1980,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 501, itm_det: { rt: 5, txval: 200, camt: 5, samt: 5, csamt: 0 } },
              { num: 1801, itm_det: { rt: 18, txval: 1500, camt: 135, samt: 135, csamt: 0 } },
            ],
          },
        ],
      },
    ]);
    expect(res.json).toMatchObject({ gstin: SELLER, fp: '112026', hash: 'hash' });
    expect(validateSchema(res.json), JSON.stringify(validateSchema.errors)).toBe(true);
  });

  it('b2b to SEZ and deemed exports carry their invoice types; an e-commerce operator its etin', () => {
    const res = build([
      irn({ no: 'S-1', date: '05/11/2026', buyer: BUYER_TN, supTyp: 'SEZWOP', lines: [{ rate: 18, taxable: 100 }] }),
      irn({ no: 'D-1', date: '05/11/2026', buyer: BUYER_TN, supTyp: 'DEXP', ecm: '29AADCN7314Q1ZU', lines: [{ rate: 18, taxable: 100 }] }),
    ]);
    const inv = res.json.b2b![0]!.inv;
    expect(inv.map((i) => [i.inum, i.inv_typ, i.etin])).toEqual([
      ['S-1', 'SEWOP', undefined],
      ['D-1', 'DE', '29AADCN7314Q1ZU'],
    ]);
    expect(inv[0]!.itms[0]!.itm_det).toEqual({ rt: 18, txval: 100, iamt: 0, csamt: 0 });
  });

  it('b2cl: inter-state to unregistered above ₹1 lakh from 1 August 2024, above ₹2.5 lakh before', () => {
    const doc = (no: string, date: string, taxable: number) => irn({ no, date, pos: '27', lines: [{ rate: 18, taxable }] });
    const res = build([
      doc('L-1', '01/08/2024', 90_000), // 1,06,200 with tax, from August 2024: B2CL
      doc('L-2', '31/07/2024', 90_000), // the same a day earlier: B2CS
      doc('L-3', '31/07/2024', 220_000), // 2,59,600 before August 2024: B2CL
      doc('L-4', '05/11/2026', 84_745.76), // 1,00,000.00 exactly: not above the limit, B2CS
    ]);
    expect(res.placements.map((p) => [p.number, p.section])).toEqual([
      ['L-1', 'b2cl'],
      ['L-2', 'b2cs'],
      ['L-3', 'b2cl'],
      ['L-4', 'b2cs'],
    ]);
    expect(res.json.b2cl).toEqual([
      { pos: '27', inv: [expect.objectContaining({ inum: 'L-1', idt: '01-08-2024', val: 106200 }), expect.objectContaining({ inum: 'L-3' })] },
    ]);
    expect(validateSchema(res.json), JSON.stringify(validateSchema.errors)).toBe(true);
  });

  it('b2cs: unregistered sales summed by supply type, place of supply and rate, credit notes netted', () => {
    const res = build([
      irn({ no: 'C-1', date: '02/11/2026', lines: [{ rate: 18, taxable: 1000 }] }),
      irn({
        no: 'C-2',
        date: '03/11/2026',
        lines: [
          { rate: 18, taxable: 500 },
          { rate: 12, taxable: 100 },
        ],
      }),
      irn({ no: 'C-3', date: '03/11/2026', pos: '27', lines: [{ rate: 18, taxable: 100 }] }),
      irn({ type: 'CRN', no: 'CN-1', date: '04/11/2026', lines: [{ rate: 18, taxable: 200 }] }),
    ]);
    expect(res.json.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 18, txval: 100, iamt: 18, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 12, txval: 100, camt: 6, samt: 6, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 1300, camt: 117, samt: 117, csamt: 0 },
    ]);
  });

  it('cdnr and cdnur: notes to registered buyers, large inter-state and export notes to others', () => {
    const res = build([
      irn({ type: 'CRN', no: 'CN-7', date: '20/11/2026', buyer: BUYER_TN, lines: [{ rate: 18, taxable: 1000 }] }),
      irn({ type: 'DBN', no: 'DN-2', date: '21/11/2026', buyer: BUYER_KA, lines: [{ rate: 5, taxable: 100 }] }),
      irn({ type: 'CRN', no: 'CN-8', date: '22/11/2026', pos: '27', lines: [{ rate: 18, taxable: 150_000 }] }),
      irn({ type: 'CRN', no: 'CN-9', date: '22/11/2026', supTyp: 'EXPWP', lines: [{ rate: 18, taxable: 100 }] }),
    ]);
    expect(res.json.cdnr).toEqual([
      {
        ctin: BUYER_KA,
        nt: [
          {
            ntty: 'D',
            nt_num: 'DN-2',
            nt_dt: '21-11-2026',
            val: 105,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 501, itm_det: { rt: 5, txval: 100, camt: 2.5, samt: 2.5, csamt: 0 } }],
          },
        ],
      },
      {
        ctin: BUYER_TN,
        nt: [
          {
            ntty: 'C',
            nt_num: 'CN-7',
            nt_dt: '20-11-2026',
            val: 1180,
            pos: '33',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { rt: 18, txval: 1000, iamt: 180, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(res.json.cdnur!.map((n) => [n.nt_num, n.typ, n.pos])).toEqual([
      ['CN-8', 'B2CL', '27'],
      ['CN-9', 'EXPWP', undefined],
    ]);
    expect(validateSchema(res.json), JSON.stringify(validateSchema.errors)).toBe(true);
  });

  it('exp: exports with and without payment, with the shipping bill', () => {
    const res = build([
      irn({
        no: 'E-1',
        date: '10/11/2026',
        supTyp: 'EXPWOP',
        lines: [{ rate: 18, taxable: 5000 }],
        ship: { ShipBNo: '1234567', ShipBDt: '12/11/2026', Port: 'INMAA1' },
      }),
      irn({ no: 'E-2', date: '10/11/2026', supTyp: 'EXPWP', lines: [{ rate: 18, taxable: 1000 }] }),
    ]);
    expect(res.json.exp).toEqual([
      {
        exp_typ: 'WOPAY',
        inv: [
          {
            inum: 'E-1',
            idt: '10-11-2026',
            val: 5000,
            sbpcode: 'INMAA1',
            sbnum: '1234567',
            sbdt: '12-11-2026',
            itms: [{ rt: 18, txval: 5000, iamt: 0, csamt: 0 }],
          },
        ],
      },
      { exp_typ: 'WPAY', inv: [{ inum: 'E-2', idt: '10-11-2026', val: 1180, itms: [{ rt: 18, txval: 1000, iamt: 180, csamt: 0 }] }] },
    ]);
    expect(res.json.hsn!.hsn_b2c).toHaveLength(1);
  });

  it('nil: 0 % lines go to Table 8 by supply type; a document of only such lines goes nowhere else', () => {
    const res = build([
      irn({
        no: 'N-1',
        date: '10/11/2026',
        buyer: BUYER_KA,
        lines: [
          { rate: 0, taxable: 700, hsn: '07019000' },
          { rate: 5, taxable: 100 },
        ],
      }),
      irn({ no: 'N-2', date: '10/11/2026', pos: '27', lines: [{ rate: 0, taxable: 300, hsn: '07019000' }] }),
    ]);
    expect(res.json.nil).toEqual({
      inv: [
        { sply_ty: 'INTRB2B', expt_amt: 0, nil_amt: 0, ngsup_amt: 0 },
        { sply_ty: 'INTRAB2B', expt_amt: 0, nil_amt: 700, ngsup_amt: 0 },
        { sply_ty: 'INTRB2C', expt_amt: 0, nil_amt: 300, ngsup_amt: 0 },
        { sply_ty: 'INTRAB2C', expt_amt: 0, nil_amt: 0, ngsup_amt: 0 },
      ],
    });
    expect(res.placements.map((p) => [p.number, p.section, p.nilLines])).toEqual([
      ['N-1', 'b2b', true],
      ['N-2', 'nil', true],
    ]);
    expect(res.json.b2b![0]!.inv[0]!.itms.map((i) => i.itm_det.rt)).toEqual([5]);
  });

  it('hsn: split into hsn_b2b and hsn_b2c by buyer, credit notes subtract, services as NA', () => {
    const res = build([
      irn({
        no: 'H-1',
        date: '10/11/2026',
        buyer: BUYER_KA,
        lines: [
          { rate: 18, taxable: 1000, qty: 2 },
          { rate: 18, taxable: 400, qty: 1, service: true },
        ],
      }),
      irn({ type: 'CRN', no: 'H-2', date: '11/11/2026', buyer: BUYER_KA, lines: [{ rate: 18, taxable: 500, qty: 1 }] }),
      irn({ no: 'H-3', date: '12/11/2026', lines: [{ rate: 18, taxable: 250, qty: 5, unit: 'KGS', hsn: '72081000' }] }),
    ]);
    expect(res.json.hsn).toEqual({
      hsn_b2b: [
        { num: 1, hsn_sc: '84713010', desc: 'Item 1', uqc: 'NOS', qty: 1, rt: 18, txval: 500, iamt: 0, camt: 45, samt: 45, csamt: 0 },
        { num: 2, hsn_sc: '998314', desc: 'Item 2', uqc: 'NA', qty: 0, rt: 18, txval: 400, iamt: 0, camt: 36, samt: 36, csamt: 0 },
      ],
      hsn_b2c: [{ num: 1, hsn_sc: '72081000', desc: 'Item 1', uqc: 'KGS', qty: 5, rt: 18, txval: 250, iamt: 0, camt: 22.5, samt: 22.5, csamt: 0 }],
    });
  });

  it('doc_issue: each series from its first to its last number, invoices 1, debit notes 4, credit notes 5', () => {
    const docs = [3, 1, 2, 10].map((n) =>
      irn({ no: `KC/${String(n).padStart(4, '0')}`, date: '10/11/2026', buyer: BUYER_KA, lines: [{ rate: 18, taxable: 10 }] }),
    );
    docs.push(irn({ type: 'CRN', no: 'CN/1', date: '10/11/2026', buyer: BUYER_KA, lines: [{ rate: 18, taxable: 10 }] }));
    const res = build(docs);
    expect(res.json.doc_issue).toEqual({
      doc_det: [
        { doc_num: 1, docs: [{ num: 1, from: 'KC/0001', to: 'KC/0010', totnum: 4, cancel: 0, net_issue: 4 }] },
        { doc_num: 5, docs: [{ num: 1, from: 'CN/1', to: 'CN/1', totnum: 1, cancel: 0, net_issue: 1 }] },
      ],
    });
  });

  it('amendments: b2ba and cdnra carry the original number and date; a B2CS amendment is left out with a warning', () => {
    const res = build([], '112026', {
      amendments: [
        {
          document: irn({ no: 'KC/0009', date: '05/10/2026', buyer: BUYER_KA, lines: [{ rate: 18, taxable: 900 }] }),
          originalNumber: 'KC/0009',
          originalDate: '05/10/2026',
        },
        {
          document: irn({ type: 'CRN', no: 'CN/5R', date: '06/10/2026', buyer: BUYER_TN, lines: [{ rate: 18, taxable: 50 }] }),
          originalNumber: 'CN/5',
          originalDate: '06/10/2026',
        },
        { document: irn({ no: 'C-77', date: '06/10/2026', lines: [{ rate: 18, taxable: 50 }] }), originalNumber: 'C-77', originalDate: '06/10/2026' },
        { document: irn({ no: 'X', date: '06/10/2026', lines: [{ rate: 18, taxable: 50 }] }), originalNumber: '', originalDate: 'yesterday' },
      ],
    });
    expect(res.json.b2ba![0]!.inv[0]).toMatchObject({ inum: 'KC/0009', oinum: 'KC/0009', oidt: '05-10-2026', val: 1062 });
    expect(res.json.cdnra![0]!.nt[0]).toMatchObject({ nt_num: 'CN/5R', ont_num: 'CN/5', ont_dt: '06-10-2026', ntty: 'C' });
    expect(res.placements.map((p) => p.section)).toEqual(['b2ba', 'cdnra', 'left-out', 'left-out']);
    expect(res.warnings.map((w) => w.code)).toContain('SVC-652');
    expect(res.errors.map((e) => e.code)).toEqual(['SVC-652']);
    // Amendments stay out of the HSN summary and the documents-issued table of this period.
    expect(res.json.hsn).toBeUndefined();
    expect(validateSchema(res.json), JSON.stringify(validateSchema.errors)).toBe(true);
  });
});

describe('GSTR-1 pre-upload checks', () => {
  it('gives each problem its code, leaving out only what cannot be placed', () => {
    const good = { date: '05/11/2026', buyer: BUYER_KA, lines: [{ rate: 18, taxable: 100 }] };
    const res = build([
      irn({ ...good, no: 'OK-1' }),
      irn({ ...good, no: 'OK-1' }),
      irn({ ...good, no: 'OTHER', seller: '33AAEFV6613B1ZL' }),
      irn({ ...good, no: 'LATE', date: '01/12/2026' }),
      irn({ ...good, no: 'RATE', lines: [{ rate: 13, taxable: 100 }] }),
      irn({ ...good, no: 'POS', pos: '45' }),
      irn({ ...good, no: 'CHK', buyer: '29AADCN7314Q1ZV' }),
      irn({ ...good, no: 'THIS-NUMBER-IS-TOO-LONG' }),
      { ...irn({ ...good, no: 'HEADS' }), TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N' }, BuyerDtls: { Gstin: BUYER_TN, Pos: '33' } },
      'not a document',
    ]);
    const codes = (list: typeof res.errors) => list.map((e) => `${e.code} ${e.path}`);
    expect(codes(res.errors)).toEqual([
      'SVC-644 /1/DocDtls/No',
      'SVC-642 /2/SellerDtls/Gstin',
      'SVC-643 /3/DocDtls/Dt',
      'SVC-645 /4/ItemList/0/GstRt',
      'SVC-646 /5/BuyerDtls/Pos',
      'SVC-647 /6/BuyerDtls/Gstin',
      'SVC-648 /7/DocDtls/No',
      'SVC-641 /9',
    ]);
    expect(codes(res.warnings)).toEqual(['SVC-649 /8/ItemList']);
    expect(res.placements.filter((p) => p.section === 'left-out').map((p) => p.index)).toEqual([1, 2, 3, 9]);
    expect(buildGstr1([], { gstin: 'NOTAGSTIN', period: '132026' }).errors.map((e) => e.code)).toEqual(['SVC-640', 'SVC-640']);
  });

  it('accepts a period as YYYY-MM and sums each section as the portal summary would', () => {
    const res = buildGstr1(
      [
        irn({ no: 'T-1', date: '05/11/2026', buyer: BUYER_KA, lines: [{ rate: 18, taxable: 1000 }] }),
        irn({ type: 'CRN', no: 'T-2', date: '06/11/2026', buyer: BUYER_KA, lines: [{ rate: 18, taxable: 100 }] }),
      ],
      { gstin: SELLER, period: '2026-11' },
    );
    expect(res.json.fp).toBe('112026');
    expect(gstr1Totals(res.json)).toEqual({
      b2b: { taxable: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 },
      cdnr: { taxable: -100, igst: 0, cgst: -9, sgst: -9, cess: 0 },
      hsn: { taxable: 900, igst: 0, cgst: 81, sgst: 81, cess: 0 },
    });
  });
});
