/**
 * Renders the sandbox model of a period as GSTN JSON: GSTR-2A (merged sections), GSTR-2B (with or
 * without rate lines, IMS-rejected documents in `docRejdata` from October 2024) and GSTR-3B.
 * @module
 */
import { generator, hash32 } from './random.js';
import type { ModelDoc, ModelLine } from './model.js';
import { roundPaise as r2, sumTaxLines as total } from '../../gstr/tax-totals.js';

const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
type J = Record<string, unknown>;

function mmyyyy(period: string): string {
  return period.slice(5, 7) + period.slice(0, 4);
}
function monYY(period: string): string {
  return `${MON[Number(period.slice(5, 7)) - 1]}-${period.slice(2, 4)}`;
}
function nextPeriod(period: string): [number, number] {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  return m === 12 ? [y + 1, 1] : [y, m + 1];
}
/** The 11th (filing) and 14th (2B generation) of the month after the period, as DD-MM-YYYY. */
function dayAfter(period: string, day: number): string {
  const [y, m] = nextPeriod(period);
  return `${String(day).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}`;
}

function grouped(docs: ModelDoc[], make: (d: ModelDoc) => J, wrapper: (d: ModelDoc) => J, listKey: string): J[] {
  const map = new Map<string, J & Record<string, J[]>>();
  for (const d of docs) {
    let g = map.get(d.supplierGstin);
    if (!g) {
      g = { ...wrapper(d), [listKey]: [] } as J & Record<string, J[]>;
      map.set(d.supplierGstin, g);
    }
    g[listKey]!.push(make(d));
  }
  return [...map.values()];
}

function chk(d: ModelDoc): string {
  return hash32(`${d.supplierGstin}|${d.number}|${d.value}`).toString(16).padStart(8, '0');
}

/** GSTR-2A in the merged shape `{gstin, fp, b2b, b2ba, cdn, isd, impg, impgsez}`. */
export function render2a(gstin: string, period: string, docs: ModelDoc[]): J {
  const filed = { cfs: 'Y', cfs3b: 'Y', fldtr1: `11-${MON[nextPeriod(period)[1] - 1]}-${String(nextPeriod(period)[0]).slice(2)}`, flprdr1: monYY(period) };
  const sup = (d: ModelDoc): J => ({ ctin: d.supplierGstin, ...filed });
  const items = (ls: ModelLine[]): J[] =>
    ls.map((l, i) => ({ num: i + 1, itm_det: { rt: l.rate, txval: l.taxable, iamt: l.igst, camt: l.cgst, samt: l.sgst, csamt: l.cess } }));
  const einv = (d: ModelDoc): J => (d.irn ? { srctyp: 'e-Invoice', irn: d.irn, irngendate: d.irnDate } : {});
  const inv = (d: ModelDoc): J => ({
    chksum: chk(d),
    inum: d.number,
    idt: d.date,
    val: d.value,
    pos: d.pos,
    rchrg: d.reverseCharge ? 'Y' : 'N',
    inv_typ: d.supplyType,
    ...einv(d),
    ...(d.section === 'B2BA' ? { oinum: d.originalNumber, oidt: d.originalDate, atyp: 'D', aspd: monYY(period) } : {}),
    itms: items(d.lines),
  });
  const by = (s: string): ModelDoc[] => docs.filter((d) => d.section === s);
  const out: J = { gstin, fp: mmyyyy(period) };
  const b2b = by('B2B');
  if (b2b.length) out.b2b = grouped(b2b, inv, sup, 'inv');
  const b2ba = by('B2BA');
  if (b2ba.length) out.b2ba = grouped(b2ba, inv, sup, 'inv');
  const cdn = by('CDNR');
  if (cdn.length) {
    out.cdn = grouped(
      cdn,
      (d) => ({
        chksum: chk(d),
        ntty: d.noteType,
        nt_num: d.number,
        nt_dt: d.date,
        val: d.value,
        pos: d.pos,
        rchrg: d.reverseCharge ? 'Y' : 'N',
        inv_typ: d.supplyType,
        ...einv(d),
        itms: items(d.lines),
      }),
      sup,
      'nt',
    );
  }
  const isd = by('ISD');
  if (isd.length) {
    out.isd = grouped(
      isd,
      (d) => {
        const t = total(d.lines);
        return {
          chksum: chk(d),
          isd_docty: d.noteType === 'ISDC' ? 'ISDCN' : 'ISD',
          docnum: d.number,
          docdt: d.date,
          itc_elg: 'Y',
          iamt: t.igst,
          camt: t.cgst,
          samt: t.sgst,
          cess: t.cess,
        };
      },
      (d) => ({ ctin: d.supplierGstin, cfs: 'Y' }),
      'doclist',
    );
  }
  const boe = (d: ModelDoc, sez: boolean): J => {
    const t = total(d.lines);
    return {
      ...(sez ? { sgstin: d.supplierGstin, tdname: d.supplierName } : {}),
      refdt: d.date,
      portcd: d.portCode,
      benum: Number(d.number),
      bedt: d.date,
      txval: t.taxable,
      iamt: t.igst,
      csamt: t.cess,
      amd: 'N',
    };
  };
  const impg = by('IMPG');
  if (impg.length) out.impg = impg.map((d) => boe(d, false));
  const impgsez = by('IMPGSEZ');
  if (impgsez.length) out.impgsez = impgsez.map((d) => boe(d, true));
  return out;
}

/** GSTR-2B as the API returns it: `{chksum, data:{...}}`. */
export function render2b(gstin: string, period: string, docs: ModelDoc[]): J {
  const ims = period >= '2024-10';
  const supplier = (d: ModelDoc): J => ({ ctin: d.supplierGstin, trdnm: d.supplierName, supfildt: dayAfter(period, 11), supprd: mmyyyy(period) });
  const amounts = (d: ModelDoc): J => {
    if (ims) {
      const t = total(d.lines);
      return { txval: t.taxable, igst: t.igst, cgst: t.cgst, sgst: t.sgst, cess: t.cess };
    }
    return { items: d.lines.map((l, i) => ({ num: i + 1, rt: l.rate, txval: l.taxable, igst: l.igst, cgst: l.cgst, sgst: l.sgst, cess: l.cess })) };
  };
  const itc = (d: ModelDoc): J => (d.itcAvailable ? { itcavl: 'Y', rsn: '' } : { itcavl: 'N', rsn: 'P' });
  const einv = (d: ModelDoc): J => (d.irn ? { srctyp: 'e-Invoice', irn: d.irn, irngendate: d.irnDate } : {});
  const inv = (d: ModelDoc): J => ({
    inum: d.number,
    typ: d.supplyType,
    dt: d.date,
    val: d.value,
    pos: d.pos,
    rev: d.reverseCharge ? 'Y' : 'N',
    ...itc(d),
    diffprcnt: 1,
    ...einv(d),
    ...(d.section === 'B2BA' ? { oinum: d.originalNumber, oidt: d.originalDate } : {}),
    ...amounts(d),
  });
  const note = (d: ModelDoc): J => ({
    ntnum: d.number,
    typ: d.noteType,
    suptyp: d.supplyType,
    dt: d.date,
    val: d.value,
    pos: d.pos,
    rev: d.reverseCharge ? 'Y' : 'N',
    ...itc(d),
    diffprcnt: 1,
    ...einv(d),
    ...amounts(d),
  });
  const sections = (list: ModelDoc[]): J => {
    const by = (s: string): ModelDoc[] => list.filter((d) => d.section === s);
    const o: J = {};
    const b2b = by('B2B');
    if (b2b.length) o.b2b = grouped(b2b, inv, supplier, 'inv');
    const b2ba = by('B2BA');
    if (b2ba.length) o.b2ba = grouped(b2ba, inv, supplier, 'inv');
    const cdnr = by('CDNR');
    if (cdnr.length) o.cdnr = grouped(cdnr, note, supplier, 'nt');
    const isd = by('ISD');
    if (isd.length) {
      o.isd = grouped(
        isd,
        (d) => {
          const t = total(d.lines);
          return { doctyp: d.noteType, docnum: d.number, docdt: d.date, igst: t.igst, cgst: t.cgst, sgst: t.sgst, cess: t.cess, itcelg: 'Y' };
        },
        supplier,
        'doclist',
      );
    }
    const boe = (d: ModelDoc): J => {
      const t = total(d.lines);
      return { refdt: d.date, recdt: d.date, portcode: d.portCode, boenum: d.number, boedt: d.date, isamd: 'N', txval: t.taxable, igst: t.igst, cess: t.cess };
    };
    const impg = by('IMPG');
    if (impg.length) o.impg = impg.map(boe);
    const impgsez = by('IMPGSEZ');
    if (impgsez.length) o.impgsez = grouped(impgsez, boe, (d) => ({ ctin: d.supplierGstin, trdnm: d.supplierName }), 'boe');
    return o;
  };
  const rejected = ims ? docs.filter((d) => d.rejected) : [];
  const kept = ims ? docs.filter((d) => !d.rejected) : docs;
  const data: J = {
    gstin,
    rtnprd: mmyyyy(period),
    version: ims ? '2.0' : '1.0',
    gendt: dayAfter(period, 14),
    itcsumm: itcSummary(kept),
    docdata: sections(kept),
  };
  if (ims) data.docRejdata = sections(rejected);
  return { chksum: hash32(JSON.stringify([gstin, period, docs.length])).toString(16), data };
}

type Heads = { igst: number; cgst: number; sgst: number; cess: number };
const zero = (): Heads => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
function add(h: Heads, d: ModelDoc, sign = 1): void {
  const t = total(d.lines);
  h.igst = r2(h.igst + sign * t.igst);
  h.cgst = r2(h.cgst + sign * t.cgst);
  h.sgst = r2(h.sgst + sign * t.sgst);
  h.cess = r2(h.cess + sign * t.cess);
}

function itcSummary(docs: ModelDoc[]): J {
  const group = (list: Array<[string, ModelDoc[]]>): J => {
    const g: J & Heads = zero() as J & Heads;
    for (const [key, ds] of list) {
      const h = zero();
      for (const d of ds) add(h, d);
      g[key] = h;
      g.igst = r2(g.igst + h.igst);
      g.cgst = r2(g.cgst + h.cgst);
      g.sgst = r2(g.sgst + h.sgst);
      g.cess = r2(g.cess + h.cess);
    }
    return g;
  };
  const avl = docs.filter((d) => d.itcAvailable);
  const f = (ds: ModelDoc[], s: string, rc: boolean, note?: string): ModelDoc[] =>
    ds.filter((d) => d.section === s && d.reverseCharge === rc && (note === undefined || d.noteType === note));
  return {
    itcavl: {
      nonrevsup: group([
        ['b2b', f(avl, 'B2B', false)],
        ['b2ba', f(avl, 'B2BA', false)],
        ['cdnr', f(avl, 'CDNR', false, 'D')],
      ]),
      revsup: group([
        ['b2b', f(avl, 'B2B', true)],
        ['cdnr', f(avl, 'CDNR', true, 'D')],
      ]),
      isdsup: group([['isd', f(avl, 'ISD', false, 'ISDI')]]),
      imports: group([
        ['impg', f(avl, 'IMPG', false)],
        ['impgsez', f(avl, 'IMPGSEZ', false)],
      ]),
      othersup: group([
        ['cdnr', f(avl, 'CDNR', false, 'C')],
        ['isd', f(avl, 'ISD', false, 'ISDC')],
      ]),
    },
    itcunavl: {
      nonrevsup: group([
        [
          'b2b',
          f(
            docs.filter((d) => !d.itcAvailable),
            'B2B',
            false,
          ),
        ],
      ]),
    },
  };
}

/** GSTR-3B consistent with the period's 2B: ITC from the accepted statement, outward supplies synthetic. */
export function render3b(seed: string, gstin: string, period: string, docs: ModelDoc[]): J {
  const ims = period >= '2024-10';
  const inStatement = docs.filter((d) => d.itcAvailable && !(ims && d.rejected));
  const sum = (ds: ModelDoc[], sign = 1): Heads => {
    const h = zero();
    for (const d of ds) add(h, d, sign);
    return h;
  };
  const tax = (h: Heads): J => ({ iamt: h.igst, camt: h.cgst, samt: h.sgst, csamt: h.cess });
  const imports = sum(inStatement.filter((d) => d.section === 'IMPG' || d.section === 'IMPGSEZ'));
  const rcmDocs = inStatement.filter((d) => d.reverseCharge);
  const rcm = sum(rcmDocs);
  const isd = sum(inStatement.filter((d) => d.section === 'ISD' && d.noteType !== 'ISDC'));
  const other = sum(
    inStatement.filter((d) => (!d.reverseCharge && ['B2B', 'B2BA'].includes(d.section)) || (d.section === 'CDNR' && d.noteType === 'D' && !d.reverseCharge)),
  );
  const reversals = sum(inStatement.filter((d) => (d.section === 'CDNR' && d.noteType === 'C') || (d.section === 'ISD' && d.noteType === 'ISDC')));
  const ineligible = sum(docs.filter((d) => !d.itcAvailable));
  const avl: Heads = zero();
  for (const h of [imports, rcm, isd, other]) {
    avl.igst = r2(avl.igst + h.igst);
    avl.cgst = r2(avl.cgst + h.cgst);
    avl.sgst = r2(avl.sgst + h.sgst);
    avl.cess = r2(avl.cess + h.cess);
  }
  const net: Heads = {
    igst: r2(avl.igst - reversals.igst),
    cgst: r2(avl.cgst - reversals.cgst),
    sgst: r2(avl.sgst - reversals.sgst),
    cess: r2(avl.cess - reversals.cess),
  };
  const rand = generator(hash32(`${seed}|3b|${gstin}|${period}`));
  const scale = Math.max(1, net.igst + net.cgst + net.sgst) * 1.4;
  const out: Heads = { igst: r2(scale * 0.6 * (0.8 + rand() * 0.4)), cgst: r2(scale * 0.2), sgst: r2(scale * 0.2), cess: 0 };
  const outTaxable = r2((out.igst + out.cgst + out.sgst) / 0.18);
  const rcmTaxable = r2(rcmDocs.reduce((s, d) => s + total(d.lines).taxable, 0));

  // Set off: IGST credit first against IGST, then CGST, then SGST; CGST and SGST credit against themselves.
  const credit = { ...net };
  const use = (need: number, from: 'igst' | 'cgst' | 'sgst' | 'cess'): number => {
    const u = r2(Math.max(0, Math.min(need, credit[from])));
    credit[from] = r2(credit[from] - u);
    return u;
  };
  const i_pdi = use(out.igst, 'igst');
  const i_pdc = use(r2(out.igst - i_pdi), 'cgst');
  const i_pds = use(r2(out.igst - i_pdi - i_pdc), 'sgst');
  const c_pdi = use(out.cgst, 'igst');
  const c_pdc = use(r2(out.cgst - c_pdi), 'cgst');
  const s_pdi = use(out.sgst, 'igst');
  const s_pds = use(r2(out.sgst - s_pdi), 'sgst');
  const cs_pdcs = use(out.cess, 'cess');
  const head = (t: number): J => ({ tx: t, intr: 0, fee: 0 });
  return {
    gstin,
    ret_period: mmyyyy(period),
    sup_details: {
      osup_det: { txval: outTaxable, ...tax(out) },
      osup_zero: { txval: r2(outTaxable * 0.05), iamt: 0, csamt: 0 },
      osup_nil_exmp: { txval: r2(outTaxable * 0.02) },
      isup_rev: { txval: rcmTaxable, ...tax(rcm) },
      osup_nongst: { txval: 0 },
    },
    eco_dtls: { eco_sup: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 }, eco_reg_sup: { txval: 0 } },
    inter_sup: {
      unreg_details: [{ pos: '29', txval: r2(outTaxable * 0.03), iamt: r2(outTaxable * 0.03 * 0.18) }],
      comp_details: [],
      uin_details: [],
    },
    itc_elg: {
      itc_avl: [
        { ty: 'IMPG', ...tax(imports) },
        { ty: 'IMPS', ...tax(zero()) },
        { ty: 'ISRC', ...tax(rcm) },
        { ty: 'ISD', ...tax(isd) },
        { ty: 'OTH', ...tax(other) },
      ],
      itc_rev: [
        { ty: 'RUL', ...tax(zero()) },
        { ty: 'OTH', ...tax(reversals) },
      ],
      itc_net: tax(net),
      itc_inelg: [
        { ty: 'RUL', ...tax(zero()) },
        { ty: 'OTH', ...tax(ineligible) },
      ],
    },
    inward_sup: {
      isup_details: [
        { ty: 'GST', inter: 0, intra: r2(outTaxable * 0.01) },
        { ty: 'NONGST', inter: 0, intra: 0 },
      ],
    },
    intr_ltfee: { intr_details: tax(zero()), ltfee_details: tax(zero()) },
    tx_pmt: {
      tx_py: [
        {
          trans_typ: 30002,
          tran_desc: 'Other than reverse charge',
          liab_ldg_id: 1,
          igst: head(out.igst),
          cgst: head(out.cgst),
          sgst: head(out.sgst),
          cess: head(out.cess),
        },
        {
          trans_typ: 30003,
          tran_desc: 'Reverse charge and supplies made u/s 9(5)',
          liab_ldg_id: 2,
          igst: head(rcm.igst),
          cgst: head(rcm.cgst),
          sgst: head(rcm.sgst),
          cess: head(rcm.cess),
        },
      ],
      pdcash: [
        {
          trans_typ: 30002,
          ipd: r2(out.igst - i_pdi - i_pdc - i_pds),
          cpd: r2(out.cgst - c_pdi - c_pdc),
          spd: r2(out.sgst - s_pdi - s_pds),
          cspd: r2(out.cess - cs_pdcs),
          i_intrpd: 0,
          c_intrpd: 0,
          s_intrpd: 0,
          cs_intrpd: 0,
          i_lfeepd: 0,
          c_lfeepd: 0,
          s_lfeepd: 0,
          cs_lfeepd: 0,
        },
        {
          trans_typ: 30003,
          ipd: rcm.igst,
          cpd: rcm.cgst,
          spd: rcm.sgst,
          cspd: rcm.cess,
          i_intrpd: 0,
          c_intrpd: 0,
          s_intrpd: 0,
          cs_intrpd: 0,
          i_lfeepd: 0,
          c_lfeepd: 0,
          s_lfeepd: 0,
          cs_lfeepd: 0,
        },
      ],
      pditc: { i_pdi, i_pdc, i_pds, c_pdi, c_pdc, s_pdi, s_pds, cs_pdcs },
    },
  };
}
