/**
 * The sandbox's model of what a recipient received in a period: documents from the sandbox IRP's
 * e-invoices plus deterministic synthetic suppliers. Every return (2A, 2B, 3B) is rendered from it.
 * @module
 */
import { generator, hash32, syntheticGstin } from './random.js';
import { roundPaise as r2 } from '../../gstr/tax-totals.js';

/** The parts of a registered e-invoice (NIC v1.1 IRN payload plus Irn and AckDt) the sandbox reads. */
export interface CanonicalInvoiceLike {
  Irn?: string;
  AckDt?: string;
  TranDtls?: { RegRev?: string; SupTyp?: string };
  DocDtls?: { Typ?: string; No?: string; Dt?: string };
  SellerDtls?: { Gstin?: string; LglNm?: string; TrdNm?: string };
  BuyerDtls?: { Gstin?: string; Pos?: string };
  ItemList?: Array<{ GstRt?: number; AssAmt?: number; IgstAmt?: number; CgstAmt?: number; SgstAmt?: number; CesAmt?: number }>;
  ValDtls?: { TotInvVal?: number };
}

export type ModelSection = 'B2B' | 'B2BA' | 'CDNR' | 'ISD' | 'IMPG' | 'IMPGSEZ';

export interface ModelLine {
  rate: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

export interface ModelDoc {
  section: ModelSection;
  supplierGstin: string;
  supplierName: string;
  /** C or D for notes; ISDI / ISDC for ISD. */
  noteType?: string;
  number: string;
  /** DD-MM-YYYY */
  date: string;
  value: number;
  pos: string;
  reverseCharge: boolean;
  supplyType: string;
  lines: ModelLine[];
  itcAvailable: boolean;
  rejected: boolean;
  irn?: string;
  irnDate?: string;
  originalNumber?: string;
  originalDate?: string;
  portCode?: string;
}

const RATES = [5, 12, 18, 18, 18, 28];
const STATES = ['27', '29', '07', '33', '24', '09', '19', '36', '06', '32'];
const NAMES = ['Arya', 'Bharat', 'Chandra', 'Deccan', 'Ganga', 'Himalaya', 'Indus', 'Kaveri', 'Narmada', 'Sahyadri'];
const TRADES = ['Traders', 'Industries', 'Components', 'Textiles', 'Chemicals', 'Logistics', 'Agencies', 'Polymers'];

function ddmmyyyy(y: number, m: number, d: number): string {
  return `${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}`;
}

export function previousPeriod(period: string): string {
  let y = Number(period.slice(0, 4));
  let m = Number(period.slice(5, 7)) - 1;
  if (m === 0) {
    m = 12;
    y--;
  }
  return `${y}-${String(m).padStart(2, '0')}`;
}

interface Supplier {
  gstin: string;
  name: string;
}

/** The recipient's synthetic supplier base: stable per recipient and seed, whatever the period. */
const supplierCache = new Map<string, Supplier[]>();

function suppliers(seed: string, recipient: string, count: number): Supplier[] {
  const key = `${seed}|${recipient}|${count}`;
  const hit = supplierCache.get(key);
  if (hit) return hit;
  const list = makeSuppliers(seed, recipient, count);
  if (supplierCache.size > 64) supplierCache.clear();
  supplierCache.set(key, list);
  return list;
}

function makeSuppliers(seed: string, recipient: string, count: number): Supplier[] {
  const rand = generator(hash32(`${seed}|suppliers|${recipient}`));
  const out: Supplier[] = [];
  for (let i = 0; i < count; i++) {
    const state = rand() < 0.5 ? recipient.slice(0, 2) : STATES[Math.floor(rand() * STATES.length)]!;
    const name = `${NAMES[Math.floor(rand() * NAMES.length)]} ${TRADES[Math.floor(rand() * TRADES.length)]} ${i + 1}`;
    out.push({ gstin: syntheticGstin(rand, state), name });
  }
  return out;
}

function lines(rand: () => number, intra: boolean, count: number): ModelLine[] {
  const out: ModelLine[] = [];
  for (let k = 0; k < count; k++) {
    const rate = RATES[Math.floor(rand() * RATES.length)]!;
    const taxable = r2(500 + rand() * 250_000);
    const half = r2((taxable * rate) / 200);
    const cess = rate === 28 && rand() < 0.3 ? r2(taxable * 0.12) : 0;
    out.push(intra ? { rate, taxable, igst: 0, cgst: half, sgst: half, cess } : { rate, taxable, igst: r2((taxable * rate) / 100), cgst: 0, sgst: 0, cess });
  }
  return out;
}

function sumValue(ls: ModelLine[]): number {
  return r2(ls.reduce((s, l) => s + l.taxable + l.igst + l.cgst + l.sgst + l.cess, 0));
}

/** One synthetic document, a pure function of seed, recipient, period and index. */
export function syntheticDoc(seed: string, recipient: string, period: string, index: number, total: number): ModelDoc {
  const rand = generator(hash32(`${seed}|${recipient}|${period}|${index}`));
  const sups = suppliers(seed, recipient, Math.max(3, Math.min(2000, Math.ceil(total / 25))));
  const sup = sups[Math.floor(rand() * sups.length)]!;
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  const date = ddmmyyyy(y, m, 1 + Math.floor(rand() * 28));
  const recState = recipient.slice(0, 2);
  const intra = sup.gstin.slice(0, 2) === recState;
  const roll = rand();
  const base = {
    supplierGstin: sup.gstin,
    supplierName: sup.name,
    date,
    pos: recState,
    reverseCharge: false,
    supplyType: 'R',
    itcAvailable: true,
    rejected: false,
  };
  const code = sup.gstin.slice(2, 7);
  if (roll < 0.02) {
    const l = { rate: 18, taxable: r2(10_000 + rand() * 400_000), igst: 0, cgst: 0, sgst: 0, cess: 0 };
    l.igst = r2(l.taxable * 0.18);
    return {
      ...base,
      section: 'IMPG',
      supplierGstin: '',
      supplierName: '',
      number: String(1_000_000 + ((index * 7919) % 8_999_999)),
      value: sumValue([l]),
      lines: [l],
      portCode: ['INNSA1', 'INMAA1', 'INBOM4', 'INDEL4'][index % 4]!,
    };
  }
  if (roll < 0.03) {
    const l = { rate: 18, taxable: r2(5_000 + rand() * 100_000), igst: 0, cgst: 0, sgst: 0, cess: 0 };
    l.igst = r2(l.taxable * 0.18);
    return { ...base, section: 'IMPGSEZ', number: String(2_000_000 + index), value: sumValue([l]), lines: [l], portCode: 'INSEZ1' };
  }
  if (roll < 0.04) {
    const ls = lines(rand, intra, 1).map((l) => ({ ...l, rate: 0, taxable: 0 }));
    const credit = rand() < 0.2;
    return { ...base, section: 'ISD', noteType: credit ? 'ISDC' : 'ISDI', number: `ISD/${code}/${index}`, value: 0, lines: ls };
  }
  if (roll < 0.12) {
    const ls = lines(rand, intra, 1 + Math.floor(rand() * 2));
    const debit = rand() < 0.25;
    return {
      ...base,
      section: 'CDNR',
      noteType: debit ? 'D' : 'C',
      number: `${debit ? 'DN' : 'CN'}/${code}/${period}/${index}`,
      value: sumValue(ls),
      lines: ls,
    };
  }
  if (roll < 0.15 && index > 0) {
    // Amendment of an invoice of the previous period (when that document is a B2B invoice).
    const prev = previousPeriod(period);
    const j = (index * 7) % total;
    const orig = syntheticDoc(seed, recipient, prev, j, total);
    if (orig.section === 'B2B' && !orig.irn) {
      const ls = orig.lines.map((l) => {
        const taxable = r2(l.taxable * 1.05);
        const tax = (rate: number, part: number): number => (part === 0 ? 0 : r2((taxable * rate) / (l.igst ? 100 : 200)));
        return { ...l, taxable, igst: tax(l.rate, l.igst), cgst: tax(l.rate, l.cgst), sgst: tax(l.rate, l.sgst) };
      });
      return {
        ...orig,
        section: 'B2BA',
        lines: ls,
        value: sumValue(ls),
        originalNumber: orig.number,
        originalDate: orig.date,
        rejected: false,
      };
    }
  }
  const ls = lines(rand, intra, 1 + Math.floor(rand() * 3));
  const doc: ModelDoc = { ...base, section: 'B2B', number: `INV/${code}/${period}/${index}`, value: sumValue(ls), lines: ls };
  const flag = rand();
  if (flag < 0.04) doc.reverseCharge = true;
  else if (flag < 0.05) doc.itcAvailable = false;
  else if (flag < 0.08) doc.rejected = true;
  return doc;
}

function dateOfIrp(text: string | undefined): string {
  // DD/MM/YYYY → DD-MM-YYYY; YYYY-MM-DD[ hh:mm:ss] → DD-MM-YYYY
  if (!text) return '';
  const a = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (a) return `${a[1]}-${a[2]}-${a[3]}`;
  const b = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (b) return `${b[3]}-${b[2]}-${b[1]}`;
  return text;
}

/** A registered e-invoice as a document of the buyer's 2A/2B (lines grouped by rate). */
export function docFromEinvoice(inv: CanonicalInvoiceLike, recipient: string): ModelDoc | undefined {
  const seller = inv.SellerDtls?.Gstin;
  const no = inv.DocDtls?.No;
  if (!seller || !no) return undefined;
  const byRate = new Map<number, ModelLine>();
  for (const it of inv.ItemList ?? []) {
    const rate = Number(it.GstRt ?? 0);
    const l = byRate.get(rate) ?? { rate, taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };
    l.taxable = r2(l.taxable + Number(it.AssAmt ?? 0));
    l.igst = r2(l.igst + Number(it.IgstAmt ?? 0));
    l.cgst = r2(l.cgst + Number(it.CgstAmt ?? 0));
    l.sgst = r2(l.sgst + Number(it.SgstAmt ?? 0));
    l.cess = r2(l.cess + Number(it.CesAmt ?? 0));
    byRate.set(rate, l);
  }
  const typ = (inv.DocDtls?.Typ ?? 'INV').toUpperCase();
  const ls = [...byRate.values()];
  const doc: ModelDoc = {
    section: typ === 'INV' ? 'B2B' : 'CDNR',
    supplierGstin: seller,
    supplierName: inv.SellerDtls?.TrdNm ?? inv.SellerDtls?.LglNm ?? '',
    number: no,
    date: dateOfIrp(inv.DocDtls?.Dt),
    value: Number(inv.ValDtls?.TotInvVal ?? sumValue(ls)),
    pos: inv.BuyerDtls?.Pos ?? recipient.slice(0, 2),
    reverseCharge: (inv.TranDtls?.RegRev ?? 'N').toUpperCase() === 'Y',
    supplyType: 'R',
    lines: ls,
    itcAvailable: true,
    rejected: false,
  };
  if (typ !== 'INV') doc.noteType = typ === 'DBN' ? 'D' : 'C';
  if (inv.Irn) doc.irn = inv.Irn;
  if (inv.AckDt) doc.irnDate = dateOfIrp(inv.AckDt);
  return doc;
}
