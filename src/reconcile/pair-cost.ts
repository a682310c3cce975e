/**
 * The cost of pairing two documents, which the global pairing minimises in total: a tier for the pass
 * that accepts the pair (a surer pass costs less), plus a fraction below one from the differences the
 * passes measure (amounts, days apart, how alike the numbers are). Each document left unpaired costs half
 * of {@link UNPAIRED_PAIR}, more than any pair, so a pair always beats leaving both documents alone; an
 * exact pair is never given up for two mismatches. Costs are integers (millionths) so that sums are exact.
 * @module
 */
import type { Entry } from './entry.js';
import type { PassId } from './types.js';

export const COST_UNIT = 1_000_000;

/** The tier of each pass, in cost units: the passes' order, with a step between matches and mismatches. */
const TIER: Record<PassId, number> = {
  exact: 0,
  'normalised-number': 1,
  'amount-tolerance': 2,
  'date-window': 3,
  'pan-level': 4,
  'number-only': 6.5,
  residual: 8,
  unmatched: 10,
};

/** What leaving one purchase and one 2B document unpaired costs together (each document half). */
export const UNPAIRED_PAIR = 10 * COST_UNIT;
export const UNPAIRED_DOCUMENT = UNPAIRED_PAIR / 2;

export type NumberLikeness = 'same' | 'same-normalised' | 'amendment-original' | 'different';

export function numberLikeness(b: Entry, p: Entry): NumberLikeness {
  if (b.light === p.light) return 'same';
  if (b.norm === p.norm) return 'same-normalised';
  if (p.alt !== undefined && p.alt === b.norm) return 'amendment-original';
  return 'different';
}

/** Edit distance of two short numbers, as a share of the longer (0 same, 1 nothing alike). */
function numberDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return n === m ? 0 : 1;
  // Numbers are capped at a few dozen characters by the portals; the two-row table stays small.
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    [prev, cur] = [cur, prev];
  }
  return prev[m]! / Math.max(n, m);
}

/** The measured differences of a pair, and its cost. */
export interface PairMeasure {
  number: NumberLikeness;
  /** Days between the two dates; undefined when a date is missing. */
  dayGap: number | undefined;
  /** Sum over the five heads of the absolute differences, in rupees. */
  amountGap: number;
  cost: number;
}

export function measurePair(pass: PassId, b: Entry, p: Entry): PairMeasure {
  let amountGap = 0;
  for (let i = 0; i < 5; i++) amountGap += Math.abs(b.amounts[i]! - p.amounts[i]!);
  const dayGap = b.day !== undefined && p.day !== undefined ? Math.abs(b.day - p.day) : undefined;
  return { number: numberLikeness(b, p), dayGap, amountGap: Math.round(amountGap * 100) / 100, cost: pairCost(pass, b, p) };
}

/** The cost of a pair alone (no allocation: it is computed for every candidate pair). */
export function pairCost(pass: PassId, b: Entry, p: Entry): number {
  let amountGap = 0;
  let size = 0;
  for (let i = 0; i < 5; i++) {
    amountGap += Math.abs(b.amounts[i]! - p.amounts[i]!);
    size += Math.abs(b.amounts[i]!) + Math.abs(p.amounts[i]!);
  }
  // Each part lies in [0, 1): the relative amount gap (1 % scores a half), days apart, number likeness.
  const relative = amountGap / Math.max(1, size / 2);
  const amountPart = relative / (relative + 0.01);
  const dayGap = b.day !== undefined && p.day !== undefined ? Math.abs(b.day - p.day) : -1;
  const dayPart = dayGap < 0 ? 0.5 : dayGap / (dayGap + 5);
  const numberPart =
    b.light === p.light ? 0 : b.norm === p.norm ? 0.1 : p.alt !== undefined && p.alt === b.norm ? 0.2 : 0.3 + 0.7 * numberDistance(b.norm, p.norm);
  const detail = 0.5 * amountPart + 0.3 * dayPart + 0.2 * numberPart;
  return Math.round(TIER[pass] * COST_UNIT + Math.min(detail, 0.999) * COST_UNIT);
}
