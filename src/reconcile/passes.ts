/**
 * The matching passes as data: for each, the key under which a purchase looks for 2B documents and the
 * test a candidate must pass. The greedy pairing runs them in order over what is still unpaired; the
 * global pairing asks every pass of every purchase and keeps, for each pair, the first pass that accepts
 * it, so both pair only what a pass accepts.
 * @module
 */
import type { AmountTests, Entry } from './entry.js';
import type { PassId, ReconcileStatus } from './types.js';

/** The candidates of one purchase under one pass: `list[from]` to `list[to - 1]`. */
export interface Candidates {
  list: readonly Entry[];
  from: number;
  to: number;
  /** Where the nearest candidates are (by day), when the list is sorted by day: the first at or after the purchase's day. */
  center?: number;
}

/** How a pass finds candidates: one index of the 2B side, shared by the passes that key alike. */
export interface CandidateIndex {
  /** Indexes the given 2B entries; returns the lookup of one purchase's candidates. */
  build(portal: Iterable<Entry>): (b: Entry) => Candidates | undefined;
}

export interface PassRule {
  id: PassId;
  status: ReconcileStatus;
  candidates: CandidateIndex;
  /**
   * The same candidates found another way for the global pairing, which asks every purchase (the greedy
   * pass asks only those still unpaired): fewer to test where a supplier has many documents a day.
   */
  everyCandidate?: CandidateIndex;
  fits(b: Entry, p: Entry): boolean;
  /** What the greedy pass adds to a candidate's amount gap when choosing (the residual pass prefers nearer days). */
  penalty?(b: Entry, p: Entry): number;
}

function keyed(bookKey: (e: Entry) => string | undefined, portalKeys: (e: Entry, add: (key: string) => void) => void): CandidateIndex {
  return {
    build(portal) {
      const index = new Map<string, Entry[]>();
      for (const p of portal) {
        portalKeys(p, (k) => {
          const list = index.get(k);
          if (list) list.push(p);
          else index.set(k, [p]);
        });
      }
      return (b) => {
        if (index.size === 0) return undefined;
        const k = bookKey(b);
        const list = k === undefined ? undefined : index.get(k);
        return list ? { list, from: 0, to: list.length } : undefined;
      };
    },
  };
}

/** First position in `list` (sorted by day) whose day is at least `day`. */
export function firstFrom(list: readonly Entry[], day: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.day! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Entries with a date, by supplier and class, sorted by day (stable: same-day entries keep their order). */
export function byDaySorted(entries: Iterable<Entry>): Map<string, Entry[]> {
  const out = new Map<string, Entry[]>();
  for (const e of entries) {
    if (e.day === undefined) continue;
    const k = `${e.gstin}|${e.cls}`;
    const list = out.get(k);
    if (list) list.push(e);
    else out.set(k, [e]);
  }
  for (const list of out.values()) list.sort((x, y) => x.day! - y.day!);
  return out;
}

const numberKeys = (e: Entry, head: string, add: (k: string) => void): void => {
  add(head + e.norm);
  if (e.alt !== undefined && e.alt !== e.norm) add(head + e.alt);
};

/** A bill of entry pairs only with one of the same port, when both sides name the port. */
const samePort = (b: Entry, p: Entry): boolean => b.port === '' || p.port === '' || b.port === p.port;

/** The passes in the order the greedy pairing runs them (the global pairing's tiers follow this order). */
export function passRules(amounts: AmountTests, window: number, panLevel: boolean): PassRule[] {
  const { within, equal } = amounts;
  const sameFyOrWindow = (b: Entry, p: Entry): boolean =>
    (b.fy !== '' && b.fy === p.fy) || (b.day !== undefined && p.day !== undefined && Math.abs(b.day - p.day) <= window);
  const byNumberInYear = keyed(
    (b) => `${b.gstin}|${b.cls}|${b.fy}|${b.norm}`,
    (p, add) => numberKeys(p, `${p.gstin}|${p.cls}|${p.fy}|`, add),
  );
  const byNumber = keyed(
    (b) => `${b.gstin}|${b.cls}|${b.norm}`,
    (p, add) => numberKeys(p, `${p.gstin}|${p.cls}|`, add),
  );
  const byPanNumber = keyed(
    (b) => (b.pan ? `${b.pan}|${b.cls}|${b.norm}` : undefined),
    (p, add) => (p.pan ? numberKeys(p, `${p.pan}|${p.cls}|`, add) : undefined),
  );
  // Residual: the 2B side by supplier and class, sorted by day; a purchase looks at the days within the window.
  const byDay: CandidateIndex = {
    build(portal) {
      const index = byDaySorted(portal);
      return (b) => {
        if (b.day === undefined || index.size === 0) return undefined;
        const list = index.get(`${b.gstin}|${b.cls}`);
        if (!list) return undefined;
        const from = firstFrom(list, b.day - window);
        return { list, from, to: firstFrom(list, b.day + window + 1), center: firstFrom(list, b.day) };
      };
    },
  };
  // Residual for the global pairing: the 2B side by supplier and class sorted by taxable value; a purchase
  // looks at the values within the taxable head's tolerance (a superset), its day window tested by `fits`.
  const byTaxable: CandidateIndex = {
    build(portal) {
      const index = new Map<string, Entry[]>();
      for (const p of portal) {
        if (p.day === undefined) continue;
        const k = `${p.gstin}|${p.cls}`;
        const list = index.get(k);
        if (list) list.push(p);
        else index.set(k, [p]);
      }
      for (const list of index.values()) list.sort((x, y) => x.amounts[0]! - y.amounts[0]!);
      const firstAtLeast = (list: readonly Entry[], v: number): number => {
        let lo = 0;
        let hi = list.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (list[mid]!.amounts[0]! < v) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      };
      return (b) => {
        if (b.day === undefined || index.size === 0) return undefined;
        const list = index.get(`${b.gstin}|${b.cls}`);
        if (!list) return undefined;
        const a = b.amounts[0]!;
        const reach = amounts.reach(0, a);
        if (!Number.isFinite(reach)) return { list, from: 0, to: list.length };
        return { list, from: firstAtLeast(list, a - reach), to: firstAtLeast(list, a + reach + 1e-6) };
      };
    },
  };
  const rules: PassRule[] = [
    {
      id: 'exact',
      status: 'matched',
      candidates: keyed(
        (b) => `${b.gstin}|${b.cls}|${b.light}|${b.fy}`,
        (p, add) => add(`${p.gstin}|${p.cls}|${p.light}|${p.fy}`),
      ),
      fits: (b, p) => samePort(b, p) && equal(b.amounts, p.amounts),
    },
    { id: 'normalised-number', status: 'matched', candidates: byNumberInYear, fits: (b, p) => samePort(b, p) && equal(b.amounts, p.amounts) },
    { id: 'amount-tolerance', status: 'matched-with-tolerance', candidates: byNumberInYear, fits: (b, p) => samePort(b, p) && within(b.amounts, p.amounts) },
    {
      id: 'date-window',
      status: 'matched-with-tolerance',
      candidates: byNumber,
      fits: (b, p) => samePort(b, p) && b.day !== undefined && p.day !== undefined && Math.abs(b.day - p.day) <= window && within(b.amounts, p.amounts),
    },
  ];
  if (panLevel) {
    rules.push({
      id: 'pan-level',
      status: 'matched-with-tolerance',
      candidates: byPanNumber,
      fits: (b, p) => b.gstin !== p.gstin && samePort(b, p) && sameFyOrWindow(b, p) && within(b.amounts, p.amounts),
    });
  }
  rules.push({ id: 'number-only', status: 'mismatch', candidates: byNumber, fits: (b, p) => samePort(b, p) && sameFyOrWindow(b, p) });
  if (panLevel) {
    rules.push({
      id: 'number-only',
      status: 'mismatch',
      candidates: byPanNumber,
      fits: (b, p) => b.gstin !== p.gstin && samePort(b, p) && sameFyOrWindow(b, p),
    });
  }
  rules.push({
    id: 'residual',
    status: 'mismatch',
    candidates: byDay,
    everyCandidate: byTaxable,
    fits: (b, p) => samePort(b, p) && b.day !== undefined && p.day !== undefined && Math.abs(b.day - p.day) <= window && within(b.amounts, p.amounts),
    // The nearer day wins when amounts are as close.
    penalty: (b, p) => Math.abs(b.day! - p.day!) / 1000,
  });
  return rules;
}
