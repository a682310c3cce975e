/**
 * Purchase register against GSTR-2B: a pure function running ordered, explainable passes. Each pass pairs
 * what is still unpaired by its own key; the first pass that pairs two documents decides their row.
 * @module
 */
import type { InwardDocument, InwardReturn } from '../gstr/types.js';
import { sumTaxLines } from '../gstr/tax-totals.js';
import { dayNumber, financialYear, lightNumber, normalizeNumber, panOf, toDate } from './normalize.js';
import { imsSuggestion } from './ims-suggestion.js';
import {
  HEADS,
  type Head,
  type PassId,
  type PurchaseDocType,
  type PurchaseRow,
  type ReconcileOptions,
  type ReconcileResult,
  type ReconcileRow,
  type ReconcileStatus,
  type Tolerance,
} from './types.js';

/** One side's document reduced to what the passes compare. */
interface Entry {
  index: number;
  gstin: string;
  pan: string;
  cls: PurchaseDocType;
  light: string;
  norm: string;
  /** Numbers an amendment may be booked under: its original's, normalized. */
  alt: string | undefined;
  day: number | undefined;
  fy: string;
  amounts: number[];
  used: boolean;
  /** Index of a superseded 2B original folded into this entry. */
  original?: number;
}

const rupees = (n: number): string => (n < 0 ? '-₹' : '₹') + Math.abs(n).toFixed(2);
const fmtDay = (day: number | undefined): string => {
  if (day === undefined) return 'no date';
  const d = new Date(day * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

/** The document class of a 2B document: credit notes never meet invoices. */
function classOf(d: InwardDocument): PurchaseDocType {
  if (d.kind === 'Credit Note' || d.kind === 'ISD Credit Note') return 'CRN';
  if (d.kind === 'Debit Note') return 'DBN';
  return 'INV';
}

const AMENDMENT = new Set(['B2BA', 'CDNRA', 'ECOA', 'ISDA']);
const ORIGINAL_OF: Record<string, string> = { B2BA: 'B2B', CDNRA: 'CDNR', ECOA: 'ECO', ISDA: 'ISD' };

function toleranceFor(options: ReconcileOptions): Array<{ absolute: number; percent: number }> {
  const base: Tolerance = options.tolerance ?? {};
  return HEADS.map((h) => {
    const t = options.tolerance?.heads?.[h] ?? {};
    return { absolute: t.absolute ?? base.absolute ?? 1, percent: t.percent ?? base.percent ?? 0 };
  });
}

/** The 2B documents of one or more files, flattened in the order given. */
export function documentsOf(gstr2b: ReadonlyArray<InwardReturn | InwardDocument> | InwardReturn): InwardDocument[] {
  if (!Array.isArray(gstr2b)) return (gstr2b as InwardReturn).documents;
  const out: InwardDocument[] = [];
  for (const x of gstr2b as ReadonlyArray<InwardReturn | InwardDocument>) {
    if ('documents' in x) for (const d of x.documents) out.push(d);
    else out.push(x);
  }
  return out;
}

/**
 * Reconciles a purchase register with GSTR-2B documents (one or more files as `gstkit/gstr` reads them).
 * Every purchase and every 2B document lands in exactly one output row, except a 2B original superseded
 * by its amendment in the same input, which lands in the amendment's row as `gstr2bOriginal`.
 *
 * Passes, in order: `exact` (GSTIN, document type, number ignoring case and spaces, financial year,
 * every amount to the paisa), `normalised-number` (the same with numbers normalized: separators, leading
 * zeros, financial-year fragments), `amount-tolerance`, `date-window` (financial years differ but the dates
 * are within the window), `pan-level` (the supplier's other registration), `number-only` (same number,
 * amounts beyond tolerance: a mismatch) and `residual` (another number, same supplier, dates within the
 * window and amounts within tolerance: a mismatch to look at).
 */
export function reconcile(
  purchases: readonly PurchaseRow[],
  gstr2b: ReadonlyArray<InwardReturn | InwardDocument> | InwardReturn,
  options: ReconcileOptions = {},
): ReconcileResult {
  const docs = documentsOf(gstr2b);
  const tol = toleranceFor(options);
  const window = options.dateWindowDays ?? 10;
  const panLevel = options.panLevel ?? true;

  const books: Entry[] = purchases.map((p, index) => {
    const date = toDate(p.docDate);
    const gstin = String(p.supplierGstin ?? '')
      .trim()
      .toUpperCase();
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
      amounts: HEADS.map((h) => sign * (Number(p[h]) || 0)),
      used: false,
    };
  });

  const portal: Entry[] = docs.map((d, index) => {
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
      amounts: [t.taxable, t.igst, t.cgst, t.sgst, t.cess],
      used: false,
    };
  });

  // Amendments and their originals in the same input: the amendment stands, the original folds into it.
  const originals = new Map<string, number>();
  docs.forEach((d, i) => {
    if (!AMENDMENT.has(d.section)) originals.set(`${d.section}|${portal[i]!.gstin}|${portal[i]!.norm}`, i);
  });
  const latest = new Map<number, number>();
  docs.forEach((d, i) => {
    if (!AMENDMENT.has(d.section) || !d.originalNumber) return;
    const o = originals.get(`${ORIGINAL_OF[d.section]}|${portal[i]!.gstin}|${normalizeNumber(d.originalNumber)}`);
    if (o === undefined) return;
    const prev = latest.get(o);
    // When an original was amended twice, the later 2B period's amendment stands.
    if (prev === undefined || docs[prev]!.period <= d.period) latest.set(o, i);
  });
  for (const [o, a] of latest) {
    portal[o]!.used = true;
    portal[a]!.original = o;
  }

  const rows: ReconcileRow[] = [];
  const within = (a: number[], b: number[]): boolean => {
    for (let i = 0; i < 5; i++) {
      const d = Math.abs(a[i]! - b[i]!);
      const t = tol[i]!;
      if (d > t.absolute + 1e-9 && d > (Math.max(Math.abs(a[i]!), Math.abs(b[i]!)) * t.percent) / 100 + 1e-9) return false;
    }
    return true;
  };
  const equal = (a: number[], b: number[]): boolean => {
    for (let i = 0; i < 5; i++) if (Math.abs(a[i]! - b[i]!) >= 0.005) return false;
    return true;
  };
  const gap = (a: number[], b: number[]): number => {
    let s = 0;
    for (let i = 0; i < 5; i++) s += Math.abs(a[i]! - b[i]!);
    return s;
  };

  /** The unpaired 2B entries, indexed under every key `keysOf` gives each. */
  const indexUnpaired = (keysOf: (e: Entry, add: (key: string) => void) => void): Map<string, Entry[]> => {
    const index = new Map<string, Entry[]>();
    for (const p of portal) {
      if (p.used) continue;
      keysOf(p, (k) => {
        const list = index.get(k);
        if (list) list.push(p);
        else index.set(k, [p]);
      });
    }
    return index;
  };

  /**
   * Among the candidate lists (each with a penalty added to its entries' gap), the unpaired entry that `fits`
   * and is closest to `b` in amounts; on a tie the first seen.
   */
  const closest = (b: Entry, lists: Iterable<readonly [Entry[] | undefined, number]>, fits: (b: Entry, p: Entry) => boolean): Entry | undefined => {
    let best: Entry | undefined;
    let bestGap = Infinity;
    for (const [list, penalty] of lists) {
      if (!list) continue;
      for (const p of list) {
        if (p.used || !fits(b, p)) continue;
        const g = gap(b.amounts, p.amounts) + penalty;
        if (g < bestGap) {
          best = p;
          bestGap = g;
        }
      }
    }
    return best;
  };

  const pair = (id: PassId, status: ReconcileStatus, b: Entry, p: Entry): void => {
    b.used = true;
    p.used = true;
    rows.push(pairRow(id, status, b, p));
  };

  /**
   * Runs one pass: index the unpaired 2B entries by `keys`, then for each unpaired purchase take the
   * closest candidate under its key that `fits`.
   */
  const pass = (
    id: PassId,
    status: ReconcileStatus,
    bookKey: (e: Entry) => string | undefined,
    portalKeys: (e: Entry, add: (key: string) => void) => void,
    fits: (b: Entry, p: Entry) => boolean,
  ): void => {
    const index = indexUnpaired(portalKeys);
    if (index.size === 0) return;
    for (const b of books) {
      if (b.used) continue;
      const k = bookKey(b);
      if (k === undefined) continue;
      const best = closest(b, [[index.get(k), 0]], fits);
      if (best) pair(id, status, b, best);
    }
  };

  const numberKeys = (e: Entry, head: string, add: (k: string) => void): void => {
    add(head + e.norm);
    if (e.alt !== undefined && e.alt !== e.norm) add(head + e.alt);
  };
  const sameFyOrWindow = (b: Entry, p: Entry): boolean =>
    (b.fy !== '' && b.fy === p.fy) || (b.day !== undefined && p.day !== undefined && Math.abs(b.day - p.day) <= window);

  pass(
    'exact',
    'matched',
    (b) => `${b.gstin}|${b.cls}|${b.light}|${b.fy}`,
    (p, add) => add(`${p.gstin}|${p.cls}|${p.light}|${p.fy}`),
    (b, p) => equal(b.amounts, p.amounts),
  );
  pass(
    'normalised-number',
    'matched',
    (b) => `${b.gstin}|${b.cls}|${b.fy}|${b.norm}`,
    (p, add) => numberKeys(p, `${p.gstin}|${p.cls}|${p.fy}|`, add),
    (b, p) => equal(b.amounts, p.amounts),
  );
  pass(
    'amount-tolerance',
    'matched-with-tolerance',
    (b) => `${b.gstin}|${b.cls}|${b.fy}|${b.norm}`,
    (p, add) => numberKeys(p, `${p.gstin}|${p.cls}|${p.fy}|`, add),
    (b, p) => within(b.amounts, p.amounts),
  );
  pass(
    'date-window',
    'matched-with-tolerance',
    (b) => `${b.gstin}|${b.cls}|${b.norm}`,
    (p, add) => numberKeys(p, `${p.gstin}|${p.cls}|`, add),
    (b, p) => b.day !== undefined && p.day !== undefined && Math.abs(b.day - p.day) <= window && within(b.amounts, p.amounts),
  );
  if (panLevel) {
    pass(
      'pan-level',
      'matched-with-tolerance',
      (b) => (b.pan ? `${b.pan}|${b.cls}|${b.norm}` : undefined),
      (p, add) => (p.pan ? numberKeys(p, `${p.pan}|${p.cls}|`, add) : undefined),
      (b, p) => b.gstin !== p.gstin && sameFyOrWindow(b, p) && within(b.amounts, p.amounts),
    );
  }
  pass(
    'number-only',
    'mismatch',
    (b) => `${b.gstin}|${b.cls}|${b.norm}`,
    (p, add) => numberKeys(p, `${p.gstin}|${p.cls}|`, add),
    sameFyOrWindow,
  );
  if (panLevel) {
    pass(
      'number-only',
      'mismatch',
      (b) => (b.pan ? `${b.pan}|${b.cls}|${b.norm}` : undefined),
      (p, add) => (p.pan ? numberKeys(p, `${p.pan}|${p.cls}|`, add) : undefined),
      (b, p) => b.gstin !== p.gstin && sameFyOrWindow(b, p),
    );
  }
  // Residual: bucket the 2B side by supplier, class and day; a purchase looks at the days within the window,
  // preferring the nearer day when amounts are as close.
  const byDay = indexUnpaired((p, add) => {
    if (p.day !== undefined) add(`${p.gstin}|${p.cls}|${p.day}`);
  });
  const daysAround = function* (b: Entry, day: number): Iterable<readonly [Entry[] | undefined, number]> {
    for (let d = day - window; d <= day + window; d++) yield [byDay.get(`${b.gstin}|${b.cls}|${d}`), Math.abs(d - day) / 1000];
  };
  if (byDay.size > 0) {
    for (const b of books) {
      if (b.used || b.day === undefined) continue;
      const best = closest(b, daysAround(b, b.day), (x, p) => within(x.amounts, p.amounts));
      if (best) pair('residual', 'mismatch', b, best);
    }
  }

  // What is left on either side.
  const portalByNumber = new Map<string, Entry>();
  for (const p of portal) portalByNumber.set(`${p.gstin}|${p.norm}`, p);
  for (const b of books) {
    if (b.used) continue;
    const row = aloneRow(b, 'books');
    const other = portalByNumber.get(`${b.gstin}|${b.norm}`);
    if (other && other.cls !== b.cls) {
      row.reasons.push(
        `GSTR-2B has a ${className(other.cls)} ${docs[other.index]!.number} from this supplier; a ${className(b.cls)} is never matched to a ${className(other.cls)}`,
      );
    }
    if (b.day === undefined) row.reasons.push('the purchase has no readable date, so only the exact and number passes could pair it');
    rows.push(row);
  }
  for (const p of portal) if (!p.used) rows.push(aloneRow(p, '2b'));

  // Stable order: supplier, then document number (keys computed once, not in the comparator).
  const keyed = rows.map((r) => ({ r, k: r.supplierGstin + '\u0000' + (r.purchase ? books[r.purchaseIndex!]!.light : portal[r.gstr2bIndex!]!.light) }));
  keyed.sort((x, y) => (x.k < y.k ? -1 : x.k > y.k ? 1 : 0));
  for (let i = 0; i < keyed.length; i++) rows[i] = keyed[i]!.r;
  const summary: Record<ReconcileStatus, number> = { matched: 0, 'matched-with-tolerance': 0, mismatch: 0, 'missing-in-2b': 0, 'missing-in-books': 0 };
  for (const r of rows) summary[r.status]++;
  return { rows, summary };

  function pairRow(id: PassId, status: ReconcileStatus, b: Entry, p: Entry): ReconcileRow {
    const purchase = purchases[b.index]!;
    const doc = docs[p.index]!;
    const differences = diffs(b.amounts, p.amounts);
    const reasons: string[] = [];
    const bookNo = String(purchase.docNo);
    switch (id) {
      case 'exact':
        reasons.push('same supplier GSTIN, document type, number, financial year and amounts');
        break;
      case 'normalised-number':
        reasons.push('same supplier, document type, financial year and amounts');
        break;
      case 'amount-tolerance':
        reasons.push(`same supplier, document type, number and financial year; amounts within the tolerance`);
        break;
      case 'date-window':
        reasons.push(
          `same supplier, document type and number; financial years differ (books ${b.fy || 'none'}, 2B ${p.fy || 'none'}) but the dates are within ${window} days`,
        );
        break;
      case 'pan-level':
        reasons.push(
          `the 2B names the supplier's other registration ${p.gstin} (same PAN ${p.pan}); the books name ${b.gstin}: correct the supplier GSTIN in the books`,
        );
        break;
      case 'number-only':
        reasons.push(
          b.gstin === p.gstin
            ? 'same supplier, document type and number, but amounts differ beyond the tolerance'
            : `same number under the supplier's other registration ${p.gstin} (books ${b.gstin}), amounts differ beyond the tolerance`,
        );
        break;
      case 'residual':
        reasons.push(
          `document numbers differ (books ${bookNo}, 2B ${doc.number}) but supplier, type, amounts and dates (within ${window} days) agree: check whether they are the same document`,
        );
        break;
      default:
        break;
    }
    if (id !== 'residual' && id !== 'exact') {
      if (p.alt !== undefined && b.norm !== p.norm && p.alt === b.norm) {
        reasons.push(`the books carry the original number ${bookNo}; 2B amendment ${doc.section} renumbered it ${doc.number}`);
      } else if (lightNumber(bookNo) !== lightNumber(doc.number)) {
        reasons.push(`numbers differ only in form: books ${bookNo}, 2B ${doc.number} (both read ${b.norm})`);
      }
    }
    if (id === 'exact' && bookNo !== doc.number) reasons.push(`numbers differ only in case or spacing: books ${bookNo}, 2B ${doc.number}`);
    for (let i = 0; i < 5; i++) {
      const d = differences[HEADS[i]!];
      if (d !== 0) reasons.push(`${HEAD_NAME[HEADS[i]!]} differs by ${rupees(d)} (books ${rupees(b.amounts[i]!)}, 2B ${rupees(p.amounts[i]!)})`);
    }
    if (b.day !== p.day) reasons.push(`dates differ: books ${fmtDay(b.day)}, 2B ${fmtDay(p.day)}`);
    if (p.original !== undefined)
      reasons.push(`2B amendment ${doc.section} supersedes the original ${docs[p.original]!.number} of period ${docs[p.original]!.period}`);
    else if (AMENDMENT.has(doc.section) && doc.originalNumber)
      reasons.push(`2B amendment ${doc.section} of ${doc.originalNumber}, whose original is not in the 2B given`);
    const row: ReconcileRow = {
      status,
      pass: id,
      reasons,
      supplierGstin: b.gstin,
      docType: b.cls,
      purchaseIndex: b.index,
      purchase,
      gstr2bIndex: p.index,
      gstr2b: doc,
      differences,
      ...imsSuggestion(status, doc),
    };
    if (p.original !== undefined) {
      row.gstr2bOriginalIndex = p.original;
      row.gstr2bOriginal = docs[p.original];
    }
    return row;
  }

  function aloneRow(e: Entry, side: 'books' | '2b'): ReconcileRow {
    const zero = [0, 0, 0, 0, 0];
    if (side === 'books') {
      return {
        status: 'missing-in-2b',
        pass: 'unmatched',
        reasons: [
          'in the purchase register, not in GSTR-2B: the supplier has not reported it (or reported it under another number, type or GSTIN); no ITC on it until it appears',
        ],
        supplierGstin: e.gstin,
        docType: e.cls,
        purchaseIndex: e.index,
        purchase: purchases[e.index]!,
        differences: diffs(e.amounts, zero),
        suggestedImsAction: null,
        imsActionReason: 'not in GSTR-2B, so there is nothing to act on in IMS; ask the supplier to report it',
      };
    }
    const doc = docs[e.index]!;
    const reasons = [`in GSTR-2B (${doc.section}, period ${doc.period}), not in the purchase register`];
    if (e.original !== undefined)
      reasons.push(`2B amendment ${doc.section} supersedes the original ${docs[e.original]!.number} of period ${docs[e.original]!.period}`);
    const row: ReconcileRow = {
      status: 'missing-in-books',
      pass: 'unmatched',
      reasons,
      supplierGstin: e.gstin,
      docType: e.cls,
      gstr2bIndex: e.index,
      gstr2b: doc,
      differences: diffs(zero, e.amounts),
      ...imsSuggestion('missing-in-books', doc),
    };
    if (e.original !== undefined) {
      row.gstr2bOriginalIndex = e.original;
      row.gstr2bOriginal = docs[e.original];
    }
    return row;
  }
}

const HEAD_NAME: Record<Head, string> = { taxable: 'taxable value', igst: 'IGST', cgst: 'CGST', sgst: 'SGST/UTGST', cess: 'cess' };
const className = (c: PurchaseDocType): string => (c === 'INV' ? 'invoice' : c === 'CRN' ? 'credit note' : 'debit note');

function diffs(a: number[], b: number[]): Record<Head, number> {
  const out = {} as Record<Head, number>;
  HEADS.forEach((h, i) => (out[h] = Math.round((a[i]! - b[i]!) * 100) / 100 || 0));
  return out;
}
