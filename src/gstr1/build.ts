/**
 * GSTR-1 from e-invoices: IRN request payloads (and B2C sales in the same shape) sorted into the sections
 * of the GSTN offline tool's JSON, with one `itms` row per rate, the HSN summary split into B2B and B2C,
 * the documents-issued table and amendments, plus the checks the offline tool would apply.
 * @module
 */
import { error, warning, pointer, type Issue } from '../issue.js';
import { isValidGstin } from '../masters/gstin.js';
import { normalize } from '../normalize/normalize.js';
import { gstr1Codes } from './codes.js';
import { gstr1Residue } from './totals.js';
import type {
  B2csRow,
  DocIssueRow,
  Gstr1Amendment,
  Gstr1Json,
  Gstr1Options,
  Gstr1Placement,
  Gstr1Result,
  Gstr1Section,
  HsnRow,
  NilRow,
  RateItem,
} from './types.js';

type Obj = Record<string, unknown>;

/** Rates the portal accepts in GSTR-1 (GST 2.0 added 40 %; 0.1, 0.25, 1.5, 3, 7.5 are special rates). */
export const GSTR1_RATES: readonly number[] = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40];
/** From invoices dated 1 August 2024 an inter-state invoice to an unregistered person above ₹1 lakh is B2CL (Notification 12/2024-CT, rule 59(4)). */
export const B2CL_LOWER_FROM = new Date(Date.UTC(2024, 7, 1));
export const B2CL_LIMIT = 100_000;
export const B2CL_LIMIT_BEFORE = 250_000;
/** The offline tool version written when the caller names none (uncertain: GSTN moves it with each tool release). */
export const GSTR1_DEFAULT_VERSION = 'GST3.2.1';

const r2 = (n: number): number => Math.round((n + Number.EPSILON * Math.sign(n)) * 100) / 100 || 0;
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const GSTIN_FORM = /^[0-9]{2}[0-9A-Z]{13}$/;
const EXPORT = new Set(['EXPWP', 'EXPWOP']);
const SEZ = new Set(['SEZWP', 'SEZWOP']);
const INV_TYP: Record<string, 'R' | 'SEWP' | 'SEWOP' | 'DE'> = { B2B: 'R', SEZWP: 'SEWP', SEZWOP: 'SEWOP', DEXP: 'DE' };
/** Nature-of-document codes of the documents-issued table (Table 13): 1 invoices, 4 debit notes, 5 credit notes. */
const DOC_NATURE = { INV: 1, DBN: 4, CRN: 5 } as const;

/** A line after reading: amounts signed as filed (positive), the rate and what HSN needs. */
interface Line {
  rate: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  hsn: string;
  service: boolean;
  unit: string;
  qty: number;
  desc: string;
}

interface Doc {
  index: number;
  type: 'INV' | 'CRN' | 'DBN';
  number: string;
  date: Date;
  ddmmyyyy: string;
  buyer: string;
  registered: boolean;
  pos: string;
  inter: boolean;
  supTyp: string;
  reverse: 'Y' | 'N';
  ecm: string;
  value: number;
  lines: Line[];
  ship: { port: string; number: string; date: string };
  path: string;
}

/** DD/MM/YYYY (or DD-MM-YYYY) to a UTC date. */
function dateOf(t: string): Date | undefined {
  const m = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(t.trim());
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  return d.getUTCDate() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 ? d : undefined;
}
const dashed = (d: Date): string => `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;

function validPos(pos: string): boolean {
  const n = Number(pos);
  return /^\d{2}$/.test(pos) && ((n >= 1 && n <= 38) || n === 96 || n === 97);
}

/** The B2CL threshold that applies to an invoice of this date. */
export function b2clLimit(date: Date): number {
  return date.getTime() >= B2CL_LOWER_FROM.getTime() ? B2CL_LIMIT : B2CL_LIMIT_BEFORE;
}

/**
 * Builds GSTR-1 for one GSTIN and period from e-invoice request payloads (invoices, credit and debit
 * notes; B2C sales in the same shape with `BuyerDtls.Gstin` `URP` or absent). Never throws: problems are
 * coded errors (what the offline tool would refuse) and warnings; a document that cannot be placed is
 * left out and says why.
 */
export function buildGstr1(documents: readonly unknown[], options: Gstr1Options): Gstr1Result {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const gstin = text(options.gstin).toUpperCase();
  const fp = /^\d{4}-\d{2}$/.test(options.period) ? options.period.slice(5, 7) + options.period.slice(0, 4) : text(options.period);
  const pm = /^(0[1-9]|1[0-2])(\d{4})$/.exec(fp);
  if (!isValidGstin(gstin)) errors.push(error(gstr1Codes.badHeader, `the return's GSTIN ${gstin} is not valid`, '/gstin'));
  if (!pm) errors.push(error(gstr1Codes.badHeader, `the period ${options.period} is not MMYYYY`, '/fp'));
  const periodEnd = pm ? new Date(Date.UTC(Number(pm[2]), Number(pm[1]), 0)) : new Date(8.64e15);
  const sellerState = gstin.slice(0, 2);
  const json: Gstr1Json = { gstin, fp, version: options.version ?? GSTR1_DEFAULT_VERSION, hash: 'hash' };
  const placements: Gstr1Placement[] = [];
  const seen = new Set<string>();

  const read = (raw: unknown, index: number, path: string, amendment: boolean): Doc | undefined => {
    const leave = (issue: Issue): undefined => {
      errors.push(issue);
      placements.push({ index, number: text(obj(obj(raw)['DocDtls'])['No']), section: 'left-out', nilLines: false });
      return undefined;
    };
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return leave(error(gstr1Codes.unreadable, 'the document is not an object', path));
    const d = obj(normalize('irn', raw).value);
    const dd = obj(d['DocDtls']);
    const items = Array.isArray(d['ItemList']) ? (d['ItemList'] as unknown[]).map(obj) : undefined;
    const type = text(dd['Typ']).toUpperCase();
    const number = text(dd['No']);
    if (!items || items.length === 0 || number === '' || (type !== 'INV' && type !== 'CRN' && type !== 'DBN')) {
      return leave(error(gstr1Codes.unreadable, 'the document needs DocDtls (Typ INV, CRN or DBN; No; Dt) and ItemList', path));
    }
    const seller = text(obj(d['SellerDtls'])['Gstin']).toUpperCase();
    if (seller !== gstin)
      return leave(error(gstr1Codes.otherSeller, `${number}: the seller ${seller || '(none)'} is not the return's GSTIN ${gstin}`, path + '/SellerDtls/Gstin'));
    const date = dateOf(text(dd['Dt']));
    if (!date) return leave(error(gstr1Codes.badDate, `${number}: the date ${text(dd['Dt'])} is not DD/MM/YYYY`, path + '/DocDtls/Dt'));
    if (date.getTime() > periodEnd.getTime())
      return leave(error(gstr1Codes.badDate, `${number}: dated ${text(dd['Dt'])}, after the return period ${fp}`, path + '/DocDtls/Dt'));
    const key = `${amendment ? 'A' : ''}${type}|${number.toUpperCase()}`;
    if (seen.has(key)) return leave(error(gstr1Codes.duplicate, `${type} ${number} appears more than once`, path + '/DocDtls/No'));
    seen.add(key);
    if (number.length > 16 || !/^[A-Za-z0-9/-]+$/.test(number)) {
      errors.push(error(gstr1Codes.badNumber, `${number}: a document number has at most 16 letters, digits, / and -`, path + '/DocDtls/No'));
    }
    const tran = obj(d['TranDtls']);
    const buyer = obj(d['BuyerDtls']);
    const supTyp = text(tran['SupTyp']).toUpperCase() || 'B2B';
    const buyerGstin = text(buyer['Gstin']).toUpperCase();
    const exported = EXPORT.has(supTyp);
    const registered = !exported && GSTIN_FORM.test(buyerGstin) && buyerGstin !== 'URP';
    if (registered && !isValidGstin(buyerGstin))
      errors.push(error(gstr1Codes.badBuyerGstin, `${number}: the buyer GSTIN ${buyerGstin} fails its check`, path + '/BuyerDtls/Gstin'));
    let pos = text(buyer['Pos']).padStart(2, '0');
    if (exported) pos = '96';
    if (!validPos(pos))
      errors.push(error(gstr1Codes.badPos, `${number}: place of supply ${text(buyer['Pos']) || '(none)'} is not a state code`, path + '/BuyerDtls/Pos'));
    const inter = exported || SEZ.has(supTyp) || text(tran['IgstOnIntra']).toUpperCase() === 'Y' || pos !== sellerState;
    const lines: Line[] = items.map((it, i) => {
      const rate = num(it['GstRt']);
      if (!GSTR1_RATES.includes(rate))
        errors.push(error(gstr1Codes.badRate, `${number}: GST rate ${rate} is not one the portal accepts`, `${path}/ItemList/${i}/GstRt`));
      const hsn = text(it['HsnCd']);
      if (hsn.replace(/\D/g, '').length < 4)
        warnings.push(warning(gstr1Codes.shortHsn, `${number}: HSN/SAC ${hsn || '(none)'} has fewer than 4 digits`, `${path}/ItemList/${i}/HsnCd`));
      return {
        rate,
        taxable: num(it['AssAmt']),
        igst: num(it['IgstAmt']),
        cgst: num(it['CgstAmt']),
        sgst: num(it['SgstAmt']),
        cess: num(it['CesAmt']) + num(it['CesNonAdvlAmt']),
        hsn,
        service: text(it['IsServc']).toUpperCase() === 'Y' || hsn.startsWith('99'),
        unit: text(it['Unit']).toUpperCase(),
        qty: num(it['Qty']),
        desc: text(it['PrdDesc']),
      };
    });
    const igst = lines.reduce((s, l) => s + l.igst, 0);
    const cgst = lines.reduce((s, l) => s + l.cgst + l.sgst, 0);
    if ((inter && cgst !== 0) || (!inter && igst !== 0)) {
      warnings.push(
        warning(
          gstr1Codes.headsMismatch,
          `${number}: ${inter ? 'an inter-state supply carries CGST/SGST' : 'an intra-state supply carries IGST'}`,
          path + '/ItemList',
        ),
      );
    }
    const val = obj(d['ValDtls']);
    const exp = obj(d['ExpDtls']);
    const shipDate = dateOf(text(exp['ShipBDt']));
    return {
      index,
      type,
      number,
      date,
      ddmmyyyy: dashed(date),
      buyer: buyerGstin,
      registered,
      pos,
      inter,
      supTyp,
      reverse: text(tran['RegRev']).toUpperCase() === 'Y' ? 'Y' : 'N',
      ecm: text(tran['EcmGstin']).toUpperCase(),
      value: r2(num(val['TotInvVal']) || lines.reduce((s, l) => s + l.taxable + l.igst + l.cgst + l.sgst + l.cess, 0)),
      lines,
      ship: { port: text(exp['Port']), number: text(exp['ShipBNo']), date: shipDate ? dashed(shipDate) : '' },
      path,
    };
  };

  /** Lines that belong in the nil table: 0 % outside exports and SEZ supplies. */
  const isNil = (doc: Doc, l: Line): boolean => l.rate === 0 && !EXPORT.has(doc.supTyp) && !SEZ.has(doc.supTyp);

  function itemsOf(doc: Doc): RateItem[] {
    const byRate = new Map<number, { txval: number; iamt: number; camt: number; samt: number; csamt: number }>();
    for (const l of doc.lines) {
      if (isNil(doc, l)) continue;
      const t = byRate.get(l.rate) ?? { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 };
      t.txval += l.taxable;
      t.iamt += l.igst;
      t.camt += l.cgst;
      t.samt += l.sgst;
      t.csamt += l.cess;
      byRate.set(l.rate, t);
    }
    return [...byRate.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([rt, t]) => {
        const det: RateItem['itm_det'] = { rt, txval: r2(t.txval) };
        if (doc.inter || t.iamt !== 0) det.iamt = r2(t.iamt);
        if (!doc.inter || t.camt !== 0 || t.samt !== 0) {
          det.camt = r2(t.camt);
          det.samt = r2(t.samt);
        }
        det.csamt = r2(t.csamt);
        return { num: Math.round(rt * 100) + 1, itm_det: det };
      });
  }

  // Sections as maps so that rows group by buyer, place of supply or rate.
  const b2b = new Map<string, NonNullable<Gstr1Json['b2b']>[number]>();
  const b2ba = new Map<string, NonNullable<Gstr1Json['b2ba']>[number]>();
  const b2cl = new Map<string, NonNullable<Gstr1Json['b2cl']>[number]>();
  const b2cla = new Map<string, NonNullable<Gstr1Json['b2cla']>[number]>();
  const cdnr = new Map<string, NonNullable<Gstr1Json['cdnr']>[number]>();
  const cdnra = new Map<string, NonNullable<Gstr1Json['cdnra']>[number]>();
  const cdnur: NonNullable<Gstr1Json['cdnur']> = [];
  const cdnura: NonNullable<Gstr1Json['cdnura']> = [];
  const exp = new Map<string, NonNullable<Gstr1Json['exp']>[number]>();
  const expa = new Map<string, NonNullable<Gstr1Json['expa']>[number]>();
  const b2cs = new Map<string, B2csRow>();
  const nil = new Map<NilRow['sply_ty'], NilRow>();
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };
  const issued = new Map<string, { nature: number; prefix: string; numbers: string[]; cancelled: number }>();

  const group = <T extends object>(map: Map<string, T>, key: string, make: () => T): T => {
    let g = map.get(key);
    if (!g) {
      g = make();
      map.set(key, g);
    }
    return g;
  };

  function place(doc: Doc, amend?: { number: string; date: string }): Gstr1Section {
    const sign = doc.type === 'CRN' ? -1 : 1;
    const taxed = doc.lines.some((l) => !isNil(doc, l));
    const nilLines = doc.lines.some((l) => isNil(doc, l));
    const itms = taxed ? itemsOf(doc) : [];
    const exported = EXPORT.has(doc.supTyp);
    const large = doc.inter && doc.value > b2clLimit(doc.date);
    let section: Gstr1Section;
    if (!taxed) section = 'nil';
    else if (doc.type === 'INV' && exported) section = amend ? 'expa' : 'exp';
    else if (doc.type === 'INV' && doc.registered) section = amend ? 'b2ba' : 'b2b';
    else if (doc.type === 'INV' && large && !doc.registered) section = amend ? 'b2cla' : 'b2cl';
    else if (doc.type !== 'INV' && doc.registered) section = amend ? 'cdnra' : 'cdnr';
    else if (doc.type !== 'INV' && (exported || large)) section = amend ? 'cdnura' : 'cdnur';
    else section = 'b2cs';
    if (amend && (section === 'b2cs' || section === 'nil')) {
      warnings.push(
        warning(
          gstr1Codes.badAmendment,
          `${doc.number}: amendments of B2CS and nil-rated supplies are reported as monthly totals (b2csa), which this builder does not produce; left out`,
          doc.path,
        ),
      );
      return 'left-out';
    }
    const orig = amend ? { oinum: amend.number, oidt: amend.date } : {};
    const origNote = amend ? { ont_num: amend.number, ont_dt: amend.date } : {};
    const ecm = doc.ecm ? { etin: doc.ecm } : {};
    switch (section) {
      case 'b2b':
      case 'b2ba':
        group(section === 'b2b' ? b2b : b2ba, doc.buyer, () => ({ ctin: doc.buyer, inv: [] })).inv.push({
          inum: doc.number,
          idt: doc.ddmmyyyy,
          val: doc.value,
          pos: doc.pos,
          rchrg: doc.reverse,
          inv_typ: INV_TYP[doc.supTyp] ?? 'R',
          ...ecm,
          itms,
          ...orig,
        });
        break;
      case 'b2cl':
      case 'b2cla':
        group(section === 'b2cl' ? b2cl : b2cla, doc.pos, () => ({ pos: doc.pos, inv: [] })).inv.push({
          inum: doc.number,
          idt: doc.ddmmyyyy,
          val: doc.value,
          ...ecm,
          itms,
          ...orig,
        });
        break;
      case 'exp':
      case 'expa': {
        const typ: 'WPAY' | 'WOPAY' = doc.supTyp === 'EXPWP' ? 'WPAY' : 'WOPAY';
        group(section === 'exp' ? exp : expa, typ, () => ({ exp_typ: typ, inv: [] })).inv.push({
          inum: doc.number,
          idt: doc.ddmmyyyy,
          val: doc.value,
          ...(doc.ship.port ? { sbpcode: doc.ship.port } : {}),
          ...(doc.ship.number ? { sbnum: doc.ship.number } : {}),
          ...(doc.ship.date ? { sbdt: doc.ship.date } : {}),
          itms: itms.map((i) => ({ rt: i.itm_det.rt, txval: i.itm_det.txval, iamt: i.itm_det.iamt ?? 0, csamt: i.itm_det.csamt ?? 0 })),
          ...orig,
        });
        break;
      }
      case 'cdnr':
      case 'cdnra':
        group(section === 'cdnr' ? cdnr : cdnra, doc.buyer, () => ({ ctin: doc.buyer, nt: [] })).nt.push({
          ntty: doc.type === 'CRN' ? 'C' : 'D',
          nt_num: doc.number,
          nt_dt: doc.ddmmyyyy,
          val: doc.value,
          pos: doc.pos,
          rchrg: doc.reverse,
          inv_typ: INV_TYP[doc.supTyp] ?? 'R',
          itms,
          ...origNote,
        });
        break;
      case 'cdnur':
      case 'cdnura':
        (section === 'cdnur' ? cdnur : cdnura).push({
          typ: exported ? (doc.supTyp as 'EXPWP' | 'EXPWOP') : 'B2CL',
          ntty: doc.type === 'CRN' ? 'C' : 'D',
          nt_num: doc.number,
          nt_dt: doc.ddmmyyyy,
          val: doc.value,
          ...(exported ? {} : { pos: doc.pos }),
          itms,
          ...origNote,
        });
        break;
      case 'b2cs':
        for (const i of itms) {
          const typ = doc.ecm ? 'E' : 'OE';
          const sply = doc.inter ? 'INTER' : 'INTRA';
          const row = group(
            b2cs,
            `${sply}|${doc.pos}|${i.itm_det.rt}|${typ}|${doc.ecm}`,
            () =>
              ({
                sply_ty: sply,
                pos: doc.pos,
                typ,
                ...ecm,
                rt: i.itm_det.rt,
                txval: 0,
                ...(doc.inter ? { iamt: 0 } : { camt: 0, samt: 0 }),
                csamt: 0,
              }) as B2csRow,
          );
          row.txval += sign * i.itm_det.txval;
          if (row.iamt !== undefined) row.iamt += sign * (i.itm_det.iamt ?? 0);
          if (row.camt !== undefined) row.camt += sign * (i.itm_det.camt ?? 0);
          if (row.samt !== undefined) row.samt += sign * (i.itm_det.samt ?? 0);
          row.csamt += sign * (i.itm_det.csamt ?? 0);
        }
        break;
      default:
        break;
    }
    if (amend) return section;
    // Nil-rated lines (Table 8), HSN summary (Table 12) and documents issued (Table 13) for originals only.
    if (nilLines) {
      const key = `${doc.inter ? 'INTR' : 'INTRA'}${doc.registered ? 'B2B' : 'B2C'}` as NilRow['sply_ty'];
      const row = group(nil as Map<string, NilRow>, key, () => ({ sply_ty: key, expt_amt: 0, nil_amt: 0, ngsup_amt: 0 }));
      for (const l of doc.lines) if (isNil(doc, l)) row.nil_amt += sign * l.taxable;
    }
    const tab = doc.registered ? hsn.b2b : hsn.b2c;
    for (const l of doc.lines) {
      const uqc = l.service ? 'NA' : l.unit || 'OTH';
      const row = group(tab, `${l.hsn}|${uqc}|${l.rate}`, () => ({
        num: 0,
        hsn_sc: l.hsn,
        desc: l.desc.slice(0, 30),
        uqc,
        qty: 0,
        rt: l.rate,
        txval: 0,
        iamt: 0,
        camt: 0,
        samt: 0,
        csamt: 0,
      }));
      if (!l.service) row.qty += sign * l.qty;
      row.txval += sign * l.taxable;
      row.iamt += sign * l.igst;
      row.camt += sign * l.cgst;
      row.samt += sign * l.sgst;
      row.csamt += sign * l.cess;
    }
    const prefix = doc.number.replace(/\d+$/, '');
    group(issued, `${doc.type}|${prefix}`, () => ({ nature: DOC_NATURE[doc.type], prefix, numbers: [], cancelled: 0 })).numbers.push(doc.number);
    return section;
  }

  documents.forEach((raw, i) => {
    const doc = read(raw, i, pointer(i), false);
    if (!doc) return;
    placements.push({ index: i, number: doc.number, section: place(doc), nilLines: doc.lines.some((l) => isNil(doc, l)) });
  });
  (options.amendments ?? []).forEach((a: Gstr1Amendment, j) => {
    const index = documents.length + j;
    const path = pointer('amendments', j);
    const odate = dateOf(text(a?.originalDate));
    if (!a || text(a.originalNumber) === '' || !odate) {
      errors.push(error(gstr1Codes.badAmendment, 'an amendment needs originalNumber and originalDate (DD/MM/YYYY)', path));
      placements.push({ index, number: text(obj(obj(a?.document)['DocDtls'])['No']), section: 'left-out', nilLines: false });
      return;
    }
    const doc = read(a.document, index, path + '/document', true);
    if (!doc) return;
    placements.push({ index, number: doc.number, section: place(doc, { number: text(a.originalNumber), date: dashed(odate) }), nilLines: false });
  });

  // Cancelled documents count in their series of the documents-issued table.
  for (const c of options.cancelled ?? []) {
    const type = c.type === 'CRN' || c.type === 'DBN' ? c.type : 'INV';
    const number = text(c.number);
    if (number === '') continue;
    const prefix = number.replace(/\d+$/, '');
    const s = group(issued, `${type}|${prefix}`, () => ({ nature: DOC_NATURE[type], prefix, numbers: [], cancelled: 0 }));
    s.numbers.push(number);
    s.cancelled++;
  }

  // Round the running totals and write the sections in a stable order.
  const sorted = <T>(m: Map<string, T>): T[] => [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
  if (b2b.size) json.b2b = sorted(b2b);
  if (b2ba.size) json.b2ba = sorted(b2ba);
  if (b2cl.size) json.b2cl = sorted(b2cl);
  if (b2cla.size) json.b2cla = sorted(b2cla);
  if (b2cs.size) {
    json.b2cs = sorted(b2cs).map((r) => {
      const out: B2csRow = { ...r, txval: r2(r.txval), csamt: r2(r.csamt) };
      if (r.iamt !== undefined) out.iamt = r2(r.iamt);
      if (r.camt !== undefined) {
        out.camt = r2(r.camt);
        out.samt = r2(r.samt ?? 0);
      }
      if (out.txval < 0)
        warnings.push(warning(gstr1Codes.negativeTotal, `B2CS ${r.sply_ty} ${r.pos} at ${r.rt} % is negative (${out.txval}) after credit notes`, '/b2cs'));
      return out;
    });
  }
  if (cdnr.size) json.cdnr = sorted(cdnr);
  if (cdnra.size) json.cdnra = sorted(cdnra);
  if (cdnur.length) json.cdnur = cdnur;
  if (cdnura.length) json.cdnura = cdnura;
  if (exp.size) json.exp = sorted(exp);
  if (expa.size) json.expa = sorted(expa);
  if (nil.size) {
    json.nil = {
      inv: (['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'] as const).map((k) => {
        const r = nil.get(k) ?? { sply_ty: k, expt_amt: 0, nil_amt: 0, ngsup_amt: 0 };
        if (r.nil_amt < 0) warnings.push(warning(gstr1Codes.negativeTotal, `nil-rated ${k} is negative after credit notes`, '/nil'));
        return { ...r, nil_amt: r2(r.nil_amt) };
      }),
    };
  }
  const hsnRows = (m: Map<string, HsnRow>): HsnRow[] =>
    sorted(m).map((r, i) => ({
      ...r,
      num: i + 1,
      qty: r2(r.qty),
      txval: r2(r.txval),
      iamt: r2(r.iamt),
      camt: r2(r.camt),
      samt: r2(r.samt),
      csamt: r2(r.csamt),
    }));
  if (hsn.b2b.size || hsn.b2c.size) {
    json.hsn = {};
    if (hsn.b2b.size) json.hsn.hsn_b2b = hsnRows(hsn.b2b);
    if (hsn.b2c.size) json.hsn.hsn_b2c = hsnRows(hsn.b2c);
  }
  if (issued.size) {
    const byNature = new Map<number, DocIssueRow[]>();
    for (const s of sorted(issued)) {
      const ordered = [...s.numbers].sort((a, b) => {
        const x = Number(/\d+$/.exec(a)?.[0] ?? NaN);
        const y = Number(/\d+$/.exec(b)?.[0] ?? NaN);
        return Number.isFinite(x) && Number.isFinite(y) && x !== y ? x - y : a < b ? -1 : a > b ? 1 : 0;
      });
      const list = byNature.get(s.nature) ?? [];
      list.push({
        num: list.length + 1,
        from: ordered[0]!,
        to: ordered[ordered.length - 1]!,
        totnum: ordered.length,
        cancel: s.cancelled,
        net_issue: ordered.length - s.cancelled,
      });
      byNature.set(s.nature, list);
    }
    json.doc_issue = { doc_det: [...byNature.entries()].sort((a, b) => a[0] - b[0]).map(([doc_num, docs]) => ({ doc_num, docs })) };
  }
  // The portal checks that the document sections and Table 12 add up to the same total.
  const residue = gstr1Residue(json);
  const off = (Object.entries(residue) as Array<[string, number]>).filter(([, v]) => v !== 0);
  if (off.length > 0) {
    const said = off.map(([head, v]) => `${head} ${v > 0 ? '+' : ''}${v.toFixed(2)}`).join(', ');
    warnings.push(
      warning(
        gstr1Codes.hsnResidue,
        `the document sections and the HSN summary (Table 12) differ by ${said}: a rounding residue to settle before upload`,
        '/hsn',
      ),
    );
  }
  return { json, placements, errors, warnings };
}
