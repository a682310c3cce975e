/**
 * One side's document reduced to what the matching passes compare (an entry), and the amount tests the
 * passes share: equal to the paisa, within the tolerance, and the total gap.
 * @module
 */
import type { InwardDocument } from '../gstr/types.js';
import { sumTaxLines } from '../gstr/tax-totals.js';
import { dayNumber, financialYear, lightNumber, normalizeNumber, panOf, toDate } from './normalize.js';
import { HEADS, type PurchaseDocType, type PurchaseRow, type ReconcileOptions, type Tolerance } from './types.js';

export interface Entry {
  index: number;
  /** The supplier's GSTIN upper-cased; '' for a bill of entry with no supplier GSTIN (an import). */
  gstin: string;
  pan: string;
  cls: PurchaseDocType;
  light: string;
  norm: string;
  /** Numbers an amendment may be booked under: its original's, normalized. */
  alt: string | undefined;
  day: number | undefined;
  fy: string;
  /** The month of the document's date, `YYYY-MM`; '' without a date. */
  month: string;
  /** The GSTR-2B period a 2B document came in; '' on the books side. */
  period: string;
  /** The port code of a bill of entry, upper-cased; '' when not known. */
  port: string;
  amounts: number[];
  used: boolean;
  /** Index of a superseded 2B original folded into this entry. */
  original?: number;
}

export const AMENDMENT = new Set(['B2BA', 'CDNRA', 'ECOA', 'ISDA']);
const GSTIN_FORM = /^[0-9]{2}[0-9A-Z]{10}[0-9A-Z]{3}$/;

/** The document class of a 2B document: credit notes never meet invoices, bills of entry meet bills of entry. */
export function classOf(d: InwardDocument): PurchaseDocType {
  if (d.kind === 'Credit Note' || d.kind === 'ISD Credit Note') return 'CRN';
  if (d.kind === 'Debit Note') return 'DBN';
  if (d.kind === 'Bill of Entry') return 'BOE';
  return 'INV';
}

const monthOf = (d: Date): string => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

export function bookEntry(p: PurchaseRow, index: number): Entry {
  const date = toDate(p.docDate);
  let gstin = String(p.supplierGstin ?? '')
    .trim()
    .toUpperCase();
  // An import from abroad has no supplier GSTIN: the books may leave it empty or write anything else there.
  if (p.docType === 'BOE' && !GSTIN_FORM.test(gstin)) gstin = '';
  const sign = p.docType === 'CRN' && HEADS.every((h) => (Number(p[h]) || 0) <= 0) ? -1 : 1;
  return {
    index,
    gstin,
    pan: panOf(gstin),
    cls: p.docType,
    light: lightNumber(String(p.docNo ?? '')),
    norm: normalizeNumber(String(p.docNo ?? '')),
    alt: undefined,
    day: date ? dayNumber(date) : undefined,
    fy: date ? financialYear(date) : '',
    month: date ? monthOf(date) : '',
    period: '',
    port: String(p.portCode ?? '')
      .trim()
      .toUpperCase(),
    amounts: HEADS.map((h) => sign * (Number(p[h]) || 0)),
    used: false,
  };
}

export function portalEntry(d: InwardDocument, index: number): Entry {
  const t = sumTaxLines(d.lines);
  const gstin = (d.supplierGstin ?? '').toUpperCase();
  return {
    index,
    gstin,
    pan: panOf(gstin),
    cls: classOf(d),
    light: lightNumber(d.number),
    norm: normalizeNumber(d.number),
    alt: AMENDMENT.has(d.section) && d.originalNumber ? normalizeNumber(d.originalNumber) : undefined,
    day: d.date ? dayNumber(d.date) : undefined,
    fy: d.date ? financialYear(d.date) : '',
    month: d.date ? monthOf(d.date) : '',
    period: d.period ?? '',
    port: (d.portCode ?? '').trim().toUpperCase(),
    amounts: [t.taxable, t.igst, t.cgst, t.sgst, t.cess],
    used: false,
  };
}

/** The amount tests, under the tolerance of the options. */
export interface AmountTests {
  within(a: number[], b: number[]): boolean;
  equal(a: number[], b: number[]): boolean;
  gap(a: number[], b: number[]): number;
  /** Per head: the tolerance in rupees for these two amounts. */
  allowed(head: number, a: number, b: number): number;
  /** Per head: how far from `a` an amount within the tolerance can lie (Infinity for 100 % or more). */
  reach(head: number, a: number): number;
}

export function amountTests(options: ReconcileOptions): AmountTests {
  const base: Tolerance = options.tolerance ?? {};
  const tol = HEADS.map((h) => {
    const t = options.tolerance?.heads?.[h] ?? {};
    return { absolute: t.absolute ?? base.absolute ?? 1, percent: t.percent ?? base.percent ?? 0 };
  });
  const allowed = (i: number, a: number, b: number): number => {
    const t = tol[i]!;
    return Math.max(t.absolute, (Math.max(Math.abs(a), Math.abs(b)) * t.percent) / 100);
  };
  return {
    allowed,
    reach(i, a) {
      const t = tol[i]!;
      if (t.percent >= 100) return Infinity;
      // |a - b| within max(absolute, percent of the larger): b lies within a's magnitude grown by the percentage.
      return Math.max(t.absolute, (Math.abs(a) * t.percent) / (100 - t.percent)) + 1e-9;
    },
    within(a, b) {
      for (let i = 0; i < 5; i++) {
        const d = Math.abs(a[i]! - b[i]!);
        const t = tol[i]!;
        if (d > t.absolute + 1e-9 && d > (Math.max(Math.abs(a[i]!), Math.abs(b[i]!)) * t.percent) / 100 + 1e-9) return false;
      }
      return true;
    },
    equal(a, b) {
      for (let i = 0; i < 5; i++) if (Math.abs(a[i]! - b[i]!) >= 0.005) return false;
      return true;
    },
    gap(a, b) {
      let s = 0;
      for (let i = 0; i < 5; i++) s += Math.abs(a[i]! - b[i]!);
      return s;
    },
  };
}
