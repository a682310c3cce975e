/**
 * GSTR-3B for a whole month of the sandbox's data, every cell checked against sums computed here from the
 * documents themselves (the e-invoices, the register, the 2B JSON as the sandbox portal serves it), in paise.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { computeGstr3b, toGstr3bSaveJson, type Gstr3bResult } from '../../src/gstr3b/index.js';
import { reconcile } from '../../src/reconcile/index.js';
import type { ReconcileResult } from '../../src/reconcile/types.js';
import { COMPOSITION, FP, makeMonth, PERIOD, SELLER, UIN, type Month } from './month.js';

type Sums = Map<string, Record<string, number>>;
const p = (x: unknown): number => Math.round(Number(x ?? 0) * 100);
function add(s: Sums, id: string, values: Record<string, number>, sign = 1): void {
  const cell = s.get(id) ?? {};
  for (const [k, v] of Object.entries(values)) cell[k] = (cell[k] ?? 0) + sign * v;
  s.set(id, cell);
}
const heads = (o: any): Record<string, number> => ({ igst: p(o.igst), cgst: p(o.cgst), sgst: p(o.sgst), cess: p(o.cess) });

/** The expected cells, from the documents. */
function expected(m: Month, held: Set<string>): Sums {
  const s: Sums = new Map();
  for (const { invoice, cancelled } of m.sales) {
    if (cancelled) continue;
    const inv = invoice as any;
    const sign = inv.DocDtls.Typ === 'CRN' ? -1 : 1;
    const sup = inv.TranDtls.SupTyp;
    for (const it of inv.ItemList) {
      const line = { taxable: p(it.AssAmt), igst: p(it.IgstAmt), cgst: p(it.CgstAmt), sgst: p(it.SgstAmt), cess: p(it.CesAmt) };
      if (sup !== 'B2B') add(s, '3.1(b)', { taxable: line.taxable, igst: line.igst, cess: line.cess }, sign);
      else if (inv.TranDtls.RegRev === 'Y' || it.GstRt === 0) add(s, '3.1(c)', { taxable: line.taxable }, sign);
      else {
        add(s, '3.1(a)', line, sign);
        const kind = inv.BuyerDtls.Gstin === UIN ? 'uin' : inv.BuyerDtls.Gstin === COMPOSITION ? 'comp' : undefined;
        if (kind && inv.BuyerDtls.Pos !== '29') add(s, `3.2 ${kind} ${inv.BuyerDtls.Pos}`, { taxable: line.taxable, igst: line.igst }, sign);
      }
    }
  }
  for (const r of m.register) {
    const sign = r.docType === 'CRN' ? -1 : 1;
    const all = { taxable: p(r.taxable), igst: p(r.igst), cgst: p(r.cgst), sgst: p(r.sgst), cess: p(r.cess) };
    if (r.nature === 'taxable') {
      add(s, '3.1(a)', all, sign);
      if (r.pos && r.pos !== '29') add(s, `3.2 unreg ${r.pos}`, { taxable: all.taxable, igst: all.igst }, sign);
    } else if (r.nature === 'zero-rated') add(s, '3.1(b)', { taxable: all.taxable, igst: all.igst, cess: all.cess }, sign);
    else if (r.nature === 'nil' || r.nature === 'exempt') add(s, '3.1(c)', { taxable: all.taxable }, sign);
    else if (r.nature === 'non-gst') add(s, '3.1(e)', { taxable: all.taxable }, sign);
    else if (r.nature === 'eco-supplier') add(s, '3.1.1(ii)', { taxable: all.taxable }, sign);
  }
  const docdata = m.gstr2bJson.data.docdata;
  const earlierB2b = new Map<string, any>();
  for (const g of m.earlierJson.data.docdata.b2b ?? []) for (const d of g.inv) earlierB2b.set(`${g.ctin}|${d.inum}`, d);
  const inward = (ctin: string, d: any, number: string, sign: number, credit: boolean, base?: any): void => {
    if (held.has(`${ctin}|${number}`)) return;
    const h = heads(d);
    const t = p(d.txval);
    if (base) {
      for (const k of Object.keys(h)) h[k]! -= heads(base)[k]!;
    }
    const taxable = base ? t - p(base.txval) : t;
    if (d.itcavl === 'N') {
      if (d.rev === 'Y') add(s, '3.1(d)', { taxable, ...h }, sign);
      add(s, '4D(2)', h, sign);
    } else if (d.rev === 'Y') {
      add(s, '3.1(d)', { taxable, ...h }, sign);
      add(s, '4A(3)', h, sign);
    } else if (credit) add(s, '4B(2)', h);
    else add(s, '4A(5)', h, sign);
  };
  for (const g of docdata.b2b ?? []) for (const d of g.inv) inward(g.ctin, d, d.inum, 1, false);
  for (const g of docdata.b2ba ?? []) for (const d of g.inv) inward(g.ctin, d, d.inum, 1, false, earlierB2b.get(`${g.ctin}|${d.oinum}`));
  for (const g of docdata.cdnr ?? []) for (const d of g.nt) inward(g.ctin, d, d.ntnum, d.typ === 'C' ? -1 : 1, d.typ === 'C');
  for (const g of docdata.isd ?? []) {
    for (const d of g.doclist) if (!held.has(`${g.ctin}|${d.docnum}`)) add(s, d.doctyp === 'ISDC' ? '4B(2)' : '4A(4)', heads(d));
  }
  for (const d of docdata.impg ?? []) if (!held.has(`|${d.boenum}`)) add(s, '4A(1)', heads(d));
  for (const g of docdata.impgsez ?? []) for (const d of g.boe) if (!held.has(`${g.ctin}|${d.boenum}`)) add(s, '4A(1)', heads(d));
  for (const r of m.purchases) {
    const sign = r.docType === 'CRN' ? -1 : 1;
    const h = heads(r);
    const nature = r.extra?.['nature'];
    const state = /^\d{2}/.test(r.supplierGstin) ? r.supplierGstin.slice(0, 2) : '';
    const where = state !== '' && state !== '29' ? 'inter' : 'intra';
    if (nature === 'exempt' || nature === 'nil' || nature === 'composition') add(s, '5 GST', { [where]: p(r.taxable) }, sign);
    if (nature === 'non-gst') add(s, '5 NONGST', { [where]: p(r.taxable) }, sign);
    if (nature === 'import-of-services') {
      add(s, '3.1(d)', { taxable: p(r.taxable), ...h }, sign);
      add(s, '4A(2)', h, sign);
    }
    if (nature === 'reverse-charge') {
      add(s, '3.1(d)', { taxable: p(r.taxable), ...h }, sign);
      add(s, '4A(3)', h, sign);
    }
    if (r.extra?.['itc_blocked'] === 'Y') add(s, '4B(1)', h, sign);
  }
  const net: Record<string, number> = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
  for (const [id, v] of s) {
    if (!/^4[AB]/.test(id)) continue;
    for (const k of Object.keys(net)) net[k]! += (id.startsWith('4A') ? 1 : -1) * (v[k] ?? 0);
  }
  s.set('4C', net);
  return s;
}

let m: Month;
let result: Gstr3bResult;
let rec: ReconcileResult;
let held: Set<string>;

beforeAll(async () => {
  m = await makeMonth();
  rec = reconcile(m.purchases, [m.gstr2b]);
  held = new Set<string>();
  for (const a of m.ims) held.add(`${a.supplierGstin}|${a.number}`);
  for (const r of rec.rows) if (r.status === 'missing-in-books' && r.gstr2b) held.add(`${r.gstr2b.supplierGstin ?? ''}|${r.gstr2b.number}`);
  result = computeGstr3b({
    gstin: SELLER,
    period: FP,
    sales: m.sales,
    salesRegister: m.register,
    gstr2b: m.gstr2b,
    earlierGstr2b: [m.earlier],
    ims: m.ims,
    reconciliation: rec,
    purchases: m.purchases,
    compositionBuyers: [COMPOSITION],
  });
}, 120_000);

describe('GSTR-3B of a month of sandbox data', () => {
  it('uses a whole month: every kind of supply, a cancelled IRN, an amended and a rejected 2B document', () => {
    expect(m.sales.length).toBe(120);
    expect(m.sales.filter((s) => s.cancelled)).toHaveLength(1);
    const sections = new Set(m.gstr2b.documents.map((d) => d.section));
    for (const s of ['B2B', 'B2BA', 'CDNR', 'ISD', 'IMPG']) expect(sections).toContain(s);
    expect(m.gstr2b.documents.some((d) => d.part === 'rejected')).toBe(true);
    expect(result.errors).toEqual([]);
  });

  it('gives every cell the sum computed from the documents', () => {
    const want = expected(m, held);
    const got = new Map(result.cells.map((c) => [c.id, c]));
    for (const [id, values] of want) {
      const cell = got.get(id);
      expect(cell, `cell ${id}`).toBeDefined();
      for (const [k, v] of Object.entries(values)) expect([id, k, p((cell!.amounts as Record<string, number>)[k])]).toEqual([id, k, v]);
    }
    // A cell the documents do not reach is zero.
    for (const cell of result.cells) {
      if (want.has(cell.id)) continue;
      expect([cell.id, Object.values(cell.amounts).every((v) => v === 0)]).toEqual([cell.id, true]);
    }
    // The month reaches the cells that matter.
    for (const id of [
      '3.1(a)',
      '3.1(b)',
      '3.1(c)',
      '3.1(d)',
      '3.1(e)',
      '3.1.1(ii)',
      '3.2 uin 07',
      '3.2 comp 33',
      '3.2 unreg 27',
      '3.2 unreg 07',
      '4A(1)',
      '4A(2)',
      '4A(3)',
      '4A(4)',
      '4A(5)',
      '4B(1)',
      '4D(2)',
      '4B(2)',
      '5 GST',
      '5 NONGST',
    ])
      expect([id, Object.values(got.get(id)?.amounts ?? {}).some((v) => v !== 0)]).toEqual([id, true]);
  });

  it('lists in each cell the documents that add up to it', () => {
    for (const cell of result.cells) {
      for (const [k, v] of Object.entries(cell.computed)) {
        const sum = cell.documents.reduce((s, d) => s + p((d.amounts as Record<string, number>)[k]), 0);
        expect([cell.id, k, sum]).toEqual([cell.id, k, p(v)]);
      }
    }
    const a = result.cells.find((c) => c.id === '3.1(a)')!;
    expect(a.documents.some((d) => d.source === 'e-invoice') && a.documents.some((d) => d.source === 'sales-register')).toBe(true);
    const cancelledNo = (m.sales.find((s) => s.cancelled)!.invoice as any).DocDtls.No;
    expect(result.cells.flatMap((c) => c.documents).some((d) => d.number === cancelledNo)).toBe(false);
  });

  it('holds back what IMS rejects or keeps pending and what the books lack', () => {
    const heldBack = new Set(result.heldBack.filter((d) => d.source === 'gstr2b').map((d) => `${d.party ?? ''}|${d.number}`));
    for (const a of m.ims) expect(heldBack).toContain(`${a.supplierGstin}|${a.number}`);
    for (const n of m.unbooked) expect([...heldBack].some((k) => k.endsWith(`|${n}`))).toBe(true);
    expect(result.heldBack.find((d) => d.number === m.ims[0]!.number)?.reason).toContain('pending');
    // An import of services never reaches GSTR-2B: it is not listed as missing there.
    expect(result.heldBack.some((d) => d.source === 'purchases' && d.number === 'IMPS/1')).toBe(false);
  });

  it('marks the cells the portal locks in the period', () => {
    const locked = result.cells.filter((c) => c.locked).map((c) => c.id);
    expect(locked).toEqual(expect.arrayContaining(['3.1(a)', '3.1(b)', '3.1(c)', '3.1(e)', '3.2 uin 07']));
    expect(locked).not.toContain('3.1(d)');
    expect(result.cells.find((c) => c.id === '4A(5)')?.portal).toMatchObject({ source: 'GSTR-2B', locked: false });
  });

  it('writes the save JSON with the portal field names, amounts to two decimals', () => {
    const json = toGstr3bSaveJson(result);
    const cell = (id: string) => result.cells.find((c) => c.id === id)!.amounts;
    expect(json).toMatchObject({ gstin: SELLER, ret_period: FP });
    expect(Object.keys(json)).toEqual(['gstin', 'ret_period', 'sup_details', 'eco_dtls', 'inter_sup', 'itc_elg', 'inward_sup']);
    expect(json.sup_details.osup_det).toEqual({
      txval: cell('3.1(a)').taxable,
      iamt: cell('3.1(a)').igst,
      camt: cell('3.1(a)').cgst,
      samt: cell('3.1(a)').sgst,
      csamt: cell('3.1(a)').cess,
    });
    expect(Object.keys(json.sup_details.osup_zero)).toEqual(['txval', 'iamt', 'csamt']);
    expect(json.itc_elg.itc_avl.map((r) => r.ty)).toEqual(['IMPG', 'IMPS', 'ISRC', 'ISD', 'OTH']);
    expect(json.itc_elg.itc_rev.map((r) => r.ty)).toEqual(['RUL', 'OTH']);
    expect(json.itc_elg.itc_inelg.map((r) => r.ty)).toEqual(['RUL', 'OTH']);
    expect(json.itc_elg.itc_avl[4]!.iamt).toBe(cell('4A(5)').igst);
    expect(json.inter_sup.uin_details).toEqual([{ pos: '07', txval: cell('3.2 uin 07').taxable, iamt: cell('3.2 uin 07').igst }]);
    expect(json.inward_sup.isup_details.map((r) => r.ty)).toEqual(['GST', 'NONGST']);
    const amounts: number[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'number') amounts.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(json);
    expect(amounts.every((v) => Math.round(v * 100) / 100 === v)).toBe(true);
  });
});

describe('GSTR-3B checks', () => {
  it('warns when the reclaim or reverse-charge ledger would go negative', () => {
    const r = computeGstr3b({
      gstin: SELLER,
      period: PERIOD,
      sales: [],
      purchases: [
        {
          supplierGstin: '',
          docType: 'INV',
          docNo: 'RCM/9',
          docDate: '03/10/2026',
          taxable: 1000,
          igst: 0,
          cgst: 25,
          sgst: 25,
          cess: 0,
          extra: { nature: 'reverse-charge' },
        },
      ],
      adjustments: [
        { row: '4D1', reference: 'JV/7', igst: 500 },
        { row: '4B2', reference: 'JV/8', igst: 100, reclaimable: true },
        { row: '4A3' as never, reference: 'JV/9', igst: 1 },
      ],
      ledgers: { reclaim: { igst: 300, cgst: 0, sgst: 0, cess: 0 }, reverseCharge: { igst: 0, cgst: -40, sgst: 0, cess: 0 } },
    });
    expect(r.errors.map((e) => e.code)).toEqual(['SVC-683']);
    expect(r.ledgers.reclaim.igst).toBe(-100);
    expect(r.ledgers.reverseCharge.cgst).toBe(-40);
    expect(r.warnings.map((w) => [w.code, w.message.slice(0, 4)])).toEqual([
      ['SVC-677', 'IGST'],
      ['SVC-678', 'CGST'],
    ]);
    // A reclaim is reported in 4(A)(5) and in 4(D)(1).
    expect(r.cells.find((c) => c.id === '4A(5)')!.amounts.igst).toBe(500);
    expect(r.cells.find((c) => c.id === '4D(1)')!.amounts.igst).toBe(500);
  });

  it("keeps the portal's value in a locked cell and names the difference", () => {
    const portal = {
      gstin: SELLER,
      period: '2026-10',
      payments: [],
      rows: [
        { table: '3.1', code: '(a)', label: '', taxable: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 },
        { table: '3.2', code: 'unreg', label: '', placeOfSupply: '27', taxable: 500, igst: 90 },
      ],
    };
    const sale = {
      DocDtls: { Typ: 'INV', No: 'B2C/1', Dt: '02/10/2026' },
      SellerDtls: { Gstin: SELLER },
      BuyerDtls: { Gstin: 'URP', Pos: '29' },
      ItemList: [{ GstRt: 18, AssAmt: 1200, CgstAmt: 108, SgstAmt: 108 }],
    };
    const r = computeGstr3b({ gstin: SELLER, period: FP, sales: [sale], portal });
    const a = r.cells.find((c) => c.id === '3.1(a)')!;
    expect(a).toMatchObject({ locked: true, amounts: { taxable: 1000, cgst: 90 }, computed: { taxable: 1200, cgst: 108 } });
    expect(a.portal?.value).toEqual({ taxable: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 });
    expect(r.cells.find((c) => c.id === '3.2 unreg 27')).toMatchObject({ locked: true, amounts: { taxable: 500, igst: 90 }, documents: [] });
    expect(r.warnings.map((w) => w.code)).toEqual(['SVC-676', 'SVC-676']);
    expect(toGstr3bSaveJson(r).inter_sup.unreg_details).toEqual([{ pos: '27', txval: 500, iamt: 90 }]);
    // Before July 2025 the liability was editable: the books' value stays.
    const june = computeGstr3b({
      gstin: SELLER,
      period: '062025',
      sales: [{ ...sale, DocDtls: { Typ: 'INV', No: 'B2C/1', Dt: '02/06/2025' } }],
      portal: { ...portal, period: '2025-06' },
    });
    expect(june.cells.find((c) => c.id === '3.1(a)')).toMatchObject({ locked: false, amounts: { taxable: 1200 } });
  });

  it('refuses what it cannot read, with codes, and never throws', () => {
    const r = computeGstr3b({
      gstin: SELLER,
      period: FP,
      sales: [
        null,
        { DocDtls: { Typ: 'INV', No: 'X', Dt: '01/09/2026' }, SellerDtls: { Gstin: SELLER }, ItemList: [{ GstRt: 5, AssAmt: 1 }] },
        { invoice: {}, cancelled: true },
      ],
      salesRegister: [{ docNo: '', docDate: 'x', nature: 'taxable', taxable: 1 }],
    });
    expect(r.errors.map((e) => e.code)).toEqual(['SVC-671', 'SVC-674']);
    expect(r.warnings.map((w) => w.code)).toEqual(['SVC-672']);
    expect(computeGstr3b({ gstin: 'nope', period: '13-2026', sales: [] }).errors.map((e) => e.code)).toEqual(['SVC-670', 'SVC-670']);
    expect(computeGstr3b(undefined as never).errors.length).toBe(2);
    const odd = computeGstr3b({
      gstin: SELLER,
      period: FP,
      sales: 'x' as never,
      gstr2b: { data: {} } as never,
      portal: [] as never,
      ims: 'x' as never,
      purchases: [null, 1] as never,
      adjustments: [null] as never,
    });
    expect(odd.errors.map((e) => e.code)).toEqual(['SVC-675', 'SVC-683', 'SVC-675']);
  });
});
