/**
 * The runner-up of a reconciliation row: the best candidate it did not take and why. First among the
 * pairs some pass accepts (taken by another document, or costlier than the pair made); for an unpaired or
 * mismatched row without one, the nearest miss: a document of the same supplier with the same number or a
 * date close by (for a mismatch, only an unpaired one of the same number or amounts), with the test it
 * fails in words ("dates 25 days apart, beyond the 10-day window").
 * @module
 */
import type { AmountTests, Entry } from './entry.js';
import { COST_UNIT } from './pair-cost.js';
import type { CandidateGraph } from './pairing.js';
import { byDaySorted, firstFrom, type PassRule } from './passes.js';
import type { RunnerUp } from './types.js';

const rupees = (n: number): string => (n < 0 ? '-₹' : '₹') + Math.abs(n).toFixed(2);
const HEAD_NAMES = ['taxable value', 'IGST', 'CGST', 'SGST/UTGST', 'cess'];
/** How many near-miss candidates one row looks at, at most: a bound on the work for crowded suppliers. */
const NEAR_MISS_LOOKS = 200;

export interface RunnerUpContext {
  books: readonly Entry[];
  portal: readonly Entry[];
  rules: readonly PassRule[];
  graph: CandidateGraph;
  amounts: AmountTests;
  window: number;
  panLevel: boolean;
  /** The 2B document paired with each purchase (-1 none), and the purchase paired with each 2B document. */
  partnerOfBook: Int32Array;
  partnerOfPortal: Int32Array;
  /** Cost of the pair each purchase is in (-1 none). */
  costOfBook: Float64Array;
  bookNo(i: number): string;
  portalNo(i: number): string;
  /** 2B documents that take part (a superseded original does not). */
  pairable(p: Entry): boolean;
}

const units = (c: number): number => Math.round((c / COST_UNIT) * 1e6) / 1e6;

export interface RunnerUpFinder {
  /** The cheapest other pair a purchase has among the candidates. */
  edgeOfBook(b: Entry): RunnerUp | undefined;
  /** The cheapest other pair a 2B document has among the candidates. */
  edgeOfPortal(p: Entry): RunnerUp | undefined;
  /** The nearest 2B document no pass pairs with the purchase (when asked, only unpaired ones of the same number or amounts). */
  nearMissOfBook(b: Entry, closeOnly?: boolean): RunnerUp | undefined;
  /** The nearest purchase no pass pairs with the 2B document (when asked, only unpaired ones of the same number or amounts). */
  nearMissOfPortal(p: Entry, closeOnly?: boolean): RunnerUp | undefined;
}

/** Builds the runner-up finder; the near-miss indexes are made on first use. */
export function runnerUps(ctx: RunnerUpContext): RunnerUpFinder {
  const { graph, rules, partnerOfBook, partnerOfPortal } = ctx;
  const passOf = (e: number) => rules[graph.rule[e]!]!.id;

  /** Among the edges of one document other than its own pair, the cheapest. */
  const cheapestOther = (edges: { start: Int32Array; list: Int32Array }, i: number, skip: (e: number) => boolean): number => {
    let best = -1;
    for (let k = edges.start[i]!; k < edges.start[i + 1]!; k++) {
      const e = edges.list[k]!;
      if (skip(e)) continue;
      if (best === -1 || graph.cost[e]! < graph.cost[best]!) best = e;
    }
    return best;
  };

  const edgeRunnerUpOfBook = (b: Entry): RunnerUp | undefined => {
    const own = partnerOfBook[b.index]!;
    const e = cheapestOther(graph.byBook, b.index, (x) => graph.portal[x] === own);
    if (e === -1) return undefined;
    const p = graph.portal[e]!;
    const holder = partnerOfPortal[p]!;
    const cost = graph.cost[e]!;
    const reason =
      holder >= 0
        ? `2B ${ctx.portalNo(p)} would pair by ${passOf(e)} (cost ${units(cost).toFixed(2)}) but is paired with purchase ${ctx.bookNo(holder)} (cost ${units(ctx.costOfBook[holder]!).toFixed(2)}): that pairing costs less for the supplier as a whole`
        : `2B ${ctx.portalNo(p)} would pair by ${passOf(e)} but costs ${units(cost).toFixed(2)} against ${units(ctx.costOfBook[b.index]!).toFixed(2)} for the pair taken`;
    return { side: '2b', index: p, docNo: ctx.portalNo(p), pass: passOf(e), cost: units(cost), reason };
  };

  const edgeRunnerUpOfPortal = (p: Entry): RunnerUp | undefined => {
    const own = partnerOfPortal[p.index]!;
    const e = cheapestOther(graph.byPortal, p.index, (x) => graph.book[x] === own);
    if (e === -1) return undefined;
    const b = graph.book[e]!;
    const holder = partnerOfBook[b]!;
    const cost = graph.cost[e]!;
    const ownCost = own >= 0 ? ctx.costOfBook[own]! : -1;
    const reason =
      holder >= 0
        ? `purchase ${ctx.bookNo(b)} would pair by ${passOf(e)} (cost ${units(cost).toFixed(2)}) but is paired with 2B ${ctx.portalNo(holder)} (cost ${units(ctx.costOfBook[b]!).toFixed(2)}): that pairing costs less for the supplier as a whole`
        : `purchase ${ctx.bookNo(b)} would pair by ${passOf(e)} but costs ${units(cost).toFixed(2)} against ${units(ownCost).toFixed(2)} for the pair taken`;
    return { side: 'books', index: b, docNo: ctx.bookNo(b), pass: passOf(e), cost: units(cost), reason };
  };

  // Near misses: both sides indexed by supplier, class and number, and by supplier, class and day.
  let indexes: { byNumber: [Map<string, Entry[]>, Map<string, Entry[]>]; byDay: [Map<string, Entry[]>, Map<string, Entry[]>] } | undefined;
  const put = (m: Map<string, Entry[]>, k: string, e: Entry): void => {
    const list = m.get(k);
    if (list) list.push(e);
    else m.set(k, [e]);
  };
  const build = () => {
    const make = (entries: readonly Entry[]): [Map<string, Entry[]>, Map<string, Entry[]>] => {
      const byNumber = new Map<string, Entry[]>();
      for (const e of entries) {
        put(byNumber, `${e.pan || e.gstin}|${e.cls}|${e.norm}`, e);
        if (e.alt !== undefined && e.alt !== e.norm) put(byNumber, `${e.pan || e.gstin}|${e.cls}|${e.alt}`, e);
      }
      return [byNumber, byDaySorted(entries)];
    };
    const [bn, bd] = make(ctx.books);
    const [pn, pd] = make(ctx.portal.filter(ctx.pairable));
    return { byNumber: [bn, pn] as [Map<string, Entry[]>, Map<string, Entry[]>], byDay: [bd, pd] as [Map<string, Entry[]>, Map<string, Entry[]>] };
  };
  const span = Math.max(31, 3 * ctx.window);

  /** Why no pass pairs purchase `b` with 2B document `p`, in words. */
  const whyNot = (b: Entry, p: Entry): string => {
    const sameNumber = b.norm === p.norm || p.alt === b.norm;
    const apart = b.day !== undefined && p.day !== undefined ? Math.abs(b.day - p.day) : undefined;
    const sameFyOrWindow = (b.fy !== '' && b.fy === p.fy) || (apart !== undefined && apart <= ctx.window);
    if (b.port !== '' && p.port !== '' && b.port !== p.port) return `ports differ (books ${b.port}, 2B ${p.port})`;
    if (sameNumber) {
      if (b.gstin !== p.gstin && !ctx.panLevel) return `same number under another registration ${p.gstin}, and PAN-level matching is off`;
      if (!sameFyOrWindow)
        return `same number, but financial years differ (books ${b.fy || 'none'}, 2B ${p.fy || 'none'}) and the dates are ${apart === undefined ? 'not both known' : `${apart} days apart`}, beyond the ${ctx.window}-day window`;
      return 'same number, but no pass accepts the pair';
    }
    if (b.gstin !== p.gstin) return `another number under another registration ${p.gstin}: across registrations only the same number pairs`;
    const fails: string[] = [];
    if (apart === undefined) fails.push('a date is missing');
    else if (apart > ctx.window) fails.push(`the dates are ${apart} days apart, beyond the ${ctx.window}-day window`);
    for (let i = 0; i < 5; i++) {
      const d = b.amounts[i]! - p.amounts[i]!;
      if (Math.abs(d) > ctx.amounts.allowed(i, b.amounts[i]!, p.amounts[i]!) + 1e-9)
        fails.push(`${HEAD_NAMES[i]} differs by ${rupees(d)}, beyond the tolerance`);
    }
    return `another number (books ${b.light}, 2B ${p.light}), and ${fails.length > 0 ? fails.join(', ') : 'no pass accepts the pair'}`;
  };

  /** The nearest document on the other side that no pass pairs with `x`. */
  const nearMiss = (x: Entry, side: 0 | 1, closeOnly: boolean): RunnerUp | undefined => {
    indexes ??= build();
    const other = side === 0 ? 1 : 0;
    const own = side === 0 ? partnerOfBook[x.index]! : partnerOfPortal[x.index]!;
    let best: Entry | undefined;
    let bestScore = Infinity;
    let looks = 0;
    const partnerOf = side === 0 ? partnerOfPortal : partnerOfBook;
    const consider = (y: Entry, sameNumber: boolean): void => {
      if (y.index === own || y.cls !== x.cls) return;
      // For a mismatch, only an unpaired document that would pair better but for one test is worth naming.
      if (closeOnly && (partnerOf[y.index]! >= 0 || (!sameNumber && !ctx.amounts.within(x.amounts, y.amounts)))) return;
      looks++;
      const score =
        (sameNumber ? 0 : 10) +
        Math.min(1, ctx.amounts.gap(x.amounts, y.amounts) / Math.max(1, Math.abs(x.amounts[0]!))) +
        Math.abs((x.day ?? 0) - (y.day ?? 0)) / 1000;
      if (score < bestScore) {
        best = y;
        bestScore = score;
      }
    };
    const owner = x.pan || x.gstin;
    for (const key of x.alt !== undefined ? [x.norm, x.alt] : [x.norm]) {
      for (const y of indexes.byNumber[other].get(`${owner}|${x.cls}|${key}`) ?? []) if (looks < NEAR_MISS_LOOKS) consider(y, true);
    }
    const list = x.day === undefined ? undefined : indexes.byDay[other].get(`${x.gstin}|${x.cls}`);
    if (list && x.day !== undefined) {
      // Outward from the purchase's day, nearest first, within the span.
      let right = firstFrom(list, x.day);
      let left = right - 1;
      while (looks < NEAR_MISS_LOOKS) {
        const dl = left >= 0 ? x.day - list[left]!.day! : Infinity;
        const dr = right < list.length ? list[right]!.day! - x.day : Infinity;
        if (Math.min(dl, dr) > span) break;
        if (dl <= dr) consider(list[left--]!, false);
        else consider(list[right++]!, false);
      }
    }
    if (!best) return undefined;
    const y: Entry = best;
    const [b, p] = side === 0 ? [x, y] : [y, x];
    let reason = whyNot(b, p);
    const holder = side === 0 ? partnerOfPortal[y.index]! : partnerOfBook[y.index]!;
    if (holder >= 0) reason += `; it is paired with ${side === 0 ? `purchase ${ctx.bookNo(holder)}` : `2B ${ctx.portalNo(holder)}`}`;
    return side === 0
      ? { side: '2b', index: y.index, docNo: ctx.portalNo(y.index), reason }
      : { side: 'books', index: y.index, docNo: ctx.bookNo(y.index), reason };
  };

  return {
    edgeOfBook: edgeRunnerUpOfBook,
    edgeOfPortal: edgeRunnerUpOfPortal,
    nearMissOfBook: (b: Entry, closeOnly = false) => nearMiss(b, 0, closeOnly),
    nearMissOfPortal: (p: Entry, closeOnly = false) => nearMiss(p, 1, closeOnly),
  };
}
