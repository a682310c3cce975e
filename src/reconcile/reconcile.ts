/**
 * Purchase register against GSTR-2B: a pure function running ordered, explainable passes. Each pass pairs
 * what is still unpaired by its own key; the first pass that pairs two documents decides their row.
 * @module
 */
import type { InwardDocument, InwardReturn } from '../gstr/types.js';
import { AMENDMENT, amountTests, bookEntry, type Entry, portalEntry } from './entry.js';
import { imsSuggestion } from './ims-suggestion.js';
import { flagRows } from './itc-flags.js';
import { lightNumber, normalizeNumber } from './normalize.js';
import { COST_UNIT, measurePair, UNPAIRED_DOCUMENT } from './pair-cost.js';
import { type CandidateGraph, candidateGraph, type Pair, type PairingStats, pairGlobal, pairGreedy } from './pairing.js';
import { passRules } from './passes.js';
import { runnerUps } from './runner-up.js';
import {
  HEADS,
  type Head,
  type PairBasis,
  type PurchaseDocType,
  type PurchaseRow,
  type ReconcileOptions,
  type ReconcileResult,
  type ReconcileRow,
  type ReconcileStatus,
  type RunnerUp,
} from './types.js';

const rupees = (n: number): string => (n < 0 ? '-₹' : '₹') + Math.abs(n).toFixed(2);
const fmtDay = (day: number | undefined): string => {
  if (day === undefined) return 'no date';
  const d = new Date(day * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

const ORIGINAL_OF: Record<string, string> = { B2BA: 'B2B', CDNRA: 'CDNR', ECOA: 'ECO', ISDA: 'ISD' };
const monthsBetween = (from: string, to: string): number =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
const units = (c: number): number => Math.round((c / COST_UNIT) * 1e6) / 1e6;

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
  const amountTest = amountTests(options);
  const window = options.dateWindowDays ?? 10;
  const panLevel = options.panLevel ?? true;
  const method = options.pairing === 'greedy' ? 'greedy' : 'global';

  const books: Entry[] = purchases.map(bookEntry);
  const portal: Entry[] = docs.map(portalEntry);

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
  const folded = new Uint8Array(docs.length);
  for (const [o, a] of latest) {
    portal[o]!.used = true;
    folded[o] = 1;
    portal[a]!.original = o;
  }
  const pairable = portal.filter((p) => !folded[p.index]);

  const rules = passRules(amountTest, window, panLevel);
  let pairs: Pair[];
  let graph: CandidateGraph | undefined;
  let stats: PairingStats;
  if (method === 'greedy') {
    pairs = pairGreedy(books, pairable, rules, amountTest);
    stats = { method: 'greedy', candidates: 0, components: 0, largestComponent: 0, fallbackComponents: 0 };
  } else {
    graph = candidateGraph(books, pairable, rules, portal.length);
    ({ pairs, stats } = pairGlobal(books, portal, rules, amountTest, graph));
  }

  const partnerOfBook = new Int32Array(books.length).fill(-1);
  const partnerOfPortal = new Int32Array(portal.length).fill(-1);
  const costOfBook = new Float64Array(books.length).fill(-1);
  let totalCost = 0;
  for (const pr of pairs) {
    partnerOfBook[pr.book.index] = pr.portal.index;
    partnerOfPortal[pr.portal.index] = pr.book.index;
    costOfBook[pr.book.index] = pr.cost;
    totalCost += pr.cost;
  }
  const finder = graph
    ? runnerUps({
        books,
        portal,
        rules,
        graph,
        amounts: amountTest,
        window,
        panLevel,
        partnerOfBook,
        partnerOfPortal,
        costOfBook,
        bookNo: (i) => String(purchases[i]!.docNo),
        portalNo: (i) => docs[i]!.number,
        pairable: (p) => !folded[p.index],
      })
    : undefined;

  const rows: ReconcileRow[] = [];
  for (const pr of pairs) rows.push(pairRow(pr));

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
    addRunnerUp(row, finder?.edgeOfBook(b) ?? finder?.nearMissOfBook(b));
    rows.push(row);
  }
  for (const p of portal) {
    if (p.used) continue;
    const row = aloneRow(p, '2b');
    addRunnerUp(row, finder?.edgeOfPortal(p) ?? finder?.nearMissOfPortal(p));
    rows.push(row);
  }
  let late = 0;
  for (const r of rows) if (r.late) late++;
  const unpaired = books.length - pairs.length + (pairable.length - pairs.length);

  // Stable order: supplier, then document number (keys computed once, not in the comparator).
  const keyed = rows.map((r) => ({ r, k: r.supplierGstin + '\u0000' + (r.purchase ? books[r.purchaseIndex!]!.light : portal[r.gstr2bIndex!]!.light) }));
  keyed.sort((x, y) => (x.k < y.k ? -1 : x.k > y.k ? 1 : 0));
  for (let i = 0; i < keyed.length; i++) rows[i] = keyed[i]!.r;
  const summary: Record<ReconcileStatus, number> = { matched: 0, 'matched-with-tolerance': 0, mismatch: 0, 'missing-in-2b': 0, 'missing-in-books': 0 };
  for (const r of rows) summary[r.status]++;
  flagRows(rows, options.asOf);
  return {
    rows,
    summary,
    late,
    pairing: { ...stats, cost: units(totalCost + unpaired * UNPAIRED_DOCUMENT) },
  };

  function addRunnerUp(row: ReconcileRow, runnerUp: RunnerUp | undefined): void {
    if (!runnerUp) return;
    row.runnerUp = runnerUp;
    row.reasons.push(`runner-up ${runnerUp.side === '2b' ? '2B' : 'purchase'} ${runnerUp.docNo}: ${runnerUp.reason}`);
  }

  /** The document's own month, and whether its 2B period is later (amendments come later by nature). */
  function period(row: ReconcileRow, b: Entry | undefined, p: Entry | undefined): void {
    const own = b?.month || p?.month;
    if (!own) return;
    row.documentPeriod = own;
    if (!p?.period || p.period <= own || AMENDMENT.has(docs[p.index]!.section)) return;
    row.late = { documentPeriod: own, gstr2bPeriod: p.period, months: monthsBetween(own, p.period) };
    row.reasons.push(
      `reported late: the document is of ${own} but came in the GSTR-2B of ${p.period}, so its credit comes through that period's GSTR-2B, not ${own}'s`,
    );
  }

  function pairRow(pr: Pair): ReconcileRow {
    const { book: b, portal: p, pass: id } = pr;
    const status = rules[pr.rule]!.status;
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
    const measure = measurePair(id, b, p);
    const basis: PairBasis = {
      method: pr.fallback ? 'greedy-fallback' : method,
      cost: units(pr.cost),
      number: measure.number,
      amountGap: measure.amountGap,
    };
    if (measure.dayGap !== undefined) basis.dayGap = measure.dayGap;
    if (graph) {
      basis.candidates = {
        forPurchase: graph.byBook.start[b.index + 1]! - graph.byBook.start[b.index]!,
        for2b: graph.byPortal.start[p.index + 1]! - graph.byPortal.start[p.index]!,
      };
    }
    row.basis = basis;
    if (pr.fallback) {
      reasons.push(`paired greedily: this supplier's block of candidate pairs was too large for the exact pairing`);
    } else if (basis.candidates && (basis.candidates.forPurchase > 1 || basis.candidates.for2b > 1)) {
      reasons.push(
        `the least-cost pairing of this supplier's documents takes this pair (cost ${basis.cost.toFixed(2)}) among ${basis.candidates.forPurchase} candidate 2B document(s) for the purchase and ${basis.candidates.for2b} candidate purchase(s) for the 2B document`,
      );
    }
    period(row, b, p);
    if (finder) addRunnerUp(row, finder.edgeOfBook(b) ?? finder.edgeOfPortal(p) ?? (status === 'mismatch' ? finder.nearMissOfBook(b, true) : undefined));
    return row;
  }

  function aloneRow(e: Entry, side: 'books' | '2b'): ReconcileRow {
    const zero = [0, 0, 0, 0, 0];
    if (side === 'books') {
      const alone: ReconcileRow = {
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
      period(alone, e, undefined);
      return alone;
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
    period(row, undefined, e);
    return row;
  }
}

const HEAD_NAME: Record<Head, string> = { taxable: 'taxable value', igst: 'IGST', cgst: 'CGST', sgst: 'SGST/UTGST', cess: 'cess' };
const CLASS_NAME: Record<PurchaseDocType, string> = { INV: 'invoice', CRN: 'credit note', DBN: 'debit note', BOE: 'bill of entry' };
const className = (c: PurchaseDocType): string => CLASS_NAME[c];

function diffs(a: number[], b: number[]): Record<Head, number> {
  const out = {} as Record<Head, number>;
  HEADS.forEach((h, i) => (out[h] = Math.round((a[i]! - b[i]!) * 100) / 100 || 0));
  return out;
}
