/**
 * Pairing purchases with 2B documents, two ways over the same passes. Greedy: each pass in order, each
 * unpaired purchase takes its closest unpaired candidate (first fit across purchases). Global: every pair
 * some pass accepts becomes an edge labelled with the first such pass and costed by `pair-cost`; the
 * edges split into connected components (which never cross a supplier, or a PAN in the PAN passes, since
 * every pass keys on them), and each component gets its minimum-cost assignment. A component too large for
 * the exact solver is paired greedily and said so.
 * @module
 */
import { ASSIGNMENT_WORK_LIMIT, assignmentWork, minCostAssignment } from './assignment.js';
import type { AmountTests, Entry } from './entry.js';
import { pairCost, UNPAIRED_PAIR } from './pair-cost.js';
import type { CandidateIndex, Candidates, PassRule } from './passes.js';
import type { PassId } from './types.js';

/**
 * Candidate pairs kept per purchase: beyond it (a supplier with hundreds of same-value documents a day
 * under unrelated numbers) the others only join the purchase's block, which is paired greedily, so that the
 * candidate graph stays linear in the documents.
 */
export const MAX_CANDIDATES_PER_PURCHASE = 256;

export interface Pair {
  book: Entry;
  portal: Entry;
  pass: PassId;
  /** The pass rule's position, for its status. */
  rule: number;
  cost: number;
  /** Set when the pair came from the greedy fallback inside a component too large for the exact solver. */
  fallback?: true;
}

/** Every candidate pair: parallel arrays, and each side's edges by entry index. */
export interface CandidateGraph {
  book: Int32Array;
  portal: Int32Array;
  rule: Uint8Array;
  cost: Float64Array;
  count: number;
  /** Purchases whose candidates were cut at {@link MAX_CANDIDATES_PER_PURCHASE} (1), their block paired greedily. */
  crowded: Uint8Array;
  /** The block of a purchase (its index) or a 2B document (purchases' count plus its index): its representative. */
  block(node: number): number;
  /** Edges of each purchase and each 2B document (compressed rows: `start[i]..start[i+1]` in `list`). */
  byBook: { start: Int32Array; list: Int32Array };
  byPortal: { start: Int32Array; list: Int32Array };
}

export interface PairingStats {
  method: 'global' | 'greedy';
  candidates: number;
  components: number;
  largestComponent: number;
  /** Components paired greedily because the exact solver's work would exceed its limit. */
  fallbackComponents: number;
}

/** Greedy pairing over the given entries (those not yet `used`), marking what it pairs. */
export function pairGreedy(books: readonly Entry[], portal: readonly Entry[], rules: readonly PassRule[], amounts: AmountTests): Pair[] {
  const pairs: Pair[] = [];
  rules.forEach((rule, r) => {
    const lookup = rule.candidates.build(portal.filter((p) => !p.used));
    for (const b of books) {
      if (b.used) continue;
      const c = lookup(b);
      if (!c) continue;
      let best: Entry | undefined;
      let bestGap = Infinity;
      for (let i = c.from; i < c.to; i++) {
        const p = c.list[i]!;
        if (p.used || !rule.fits(b, p)) continue;
        const g = amounts.gap(b.amounts, p.amounts) + (rule.penalty ? rule.penalty(b, p) : 0);
        if (g < bestGap) {
          best = p;
          bestGap = g;
        }
      }
      if (!best) continue;
      b.used = true;
      best.used = true;
      pairs.push({ book: b, portal: best, pass: rule.id, rule: r, cost: pairCost(rule.id, b, best) });
    }
  });
  return pairs;
}

/** Union-find over purchases (0..B-1) and 2B documents (B..B+P-1). */
function unionFind(size: number): { parent: Int32Array; find(x: number): number; union(a: number, b: number): void } {
  const parent = new Int32Array(size);
  for (let i = 0; i < size; i++) parent[i] = i;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  return {
    parent,
    find,
    union(a, b) {
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent[ra] = rb;
    },
  };
}

function grow<T extends Int32Array | Uint8Array | Float64Array>(a: T, size: number): T {
  const out = new (a.constructor as new (n: number) => T)(size);
  out.set(a);
  return out;
}

function byEntry(count: number, side: Int32Array, edges: number): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(count + 1);
  for (let e = 0; e < edges; e++) start[side[e]! + 1]!++;
  for (let i = 0; i < count; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, count);
  const list = new Int32Array(edges);
  for (let e = 0; e < edges; e++) list[fill[side[e]!]!++] = e;
  return { start, list };
}

/**
 * Every pair some pass accepts, labelled with the first pass that does (the one greedy would use). `portal`
 * holds the 2B entries that may pair (superseded originals left out); `books` every purchase in index order.
 */
export function candidateGraph(books: readonly Entry[], portal: readonly Entry[], rules: readonly PassRule[], portalCount: number): CandidateGraph {
  let cap = Math.max(16, books.length * 2);
  let book = new Int32Array(cap);
  let port = new Int32Array(cap);
  let rule = new Uint8Array(cap);
  let cost = new Float64Array(cap);
  let count = 0;
  // One index per way of finding candidates, shared by the passes that find them alike.
  const distinct: CandidateIndex[] = [];
  const sourceOf = (r: PassRule): CandidateIndex => r.everyCandidate ?? r.candidates;
  for (const r of rules) if (!distinct.includes(sourceOf(r))) distinct.push(sourceOf(r));
  const lookups = distinct.map((c) => c.build(portal));
  const lookupOf = rules.map((r) => distinct.indexOf(sourceOf(r)));
  // The edges found so far for the current purchase, to keep only the first pass of each pair, and each
  // index's candidates for it (looked up once, however many passes share the index).
  const seen: number[] = [];
  const crowded = new Uint8Array(books.length);
  // Blocks: a crowded purchase's candidates beyond the cap still join its block, without an edge.
  const blocks = unionFind(books.length + portalCount);
  const found: Array<Candidates | undefined | null> = new Array(distinct.length);
  for (const b of books) {
    seen.length = 0;
    found.fill(null);
    for (let r = 0; r < rules.length; r++) {
      const ruleR = rules[r]!;
      const l = lookupOf[r]!;
      let c = found[l];
      if (c === null) {
        c = lookups[l]!(b);
        found[l] = c;
      }
      if (!c) continue;
      // Nearest days first where the list is by day, so that a crowded purchase keeps its nearest candidates.
      let left = c.center === undefined ? c.from - 1 : c.center - 1;
      let right = c.center === undefined ? c.from : c.center;
      while (left >= c.from || right < c.to) {
        let i: number;
        if (right >= c.to) i = left--;
        else if (left < c.from) i = right++;
        else i = b.day! - c.list[left]!.day! <= c.list[right]!.day! - b.day! ? left-- : right++;
        const p = c.list[i]!;
        if (seen.includes(p.index) || !ruleR.fits(b, p)) continue;
        blocks.union(b.index, books.length + p.index);
        if (seen.length >= MAX_CANDIDATES_PER_PURCHASE) {
          crowded[b.index] = 1;
          continue;
        }
        seen.push(p.index);
        if (count === cap) {
          cap *= 2;
          book = grow(book, cap);
          port = grow(port, cap);
          rule = grow(rule, cap);
          cost = grow(cost, cap);
        }
        book[count] = b.index;
        port[count] = p.index;
        rule[count] = r;
        cost[count] = pairCost(ruleR.id, b, p);
        count++;
      }
    }
  }
  return {
    book,
    portal: port,
    rule,
    cost,
    count,
    crowded,
    block: blocks.find,
    byBook: byEntry(books.length, book, count),
    byPortal: byEntry(portalCount, port, count),
  };
}

/**
 * The global pairing (`books` and `portal` are every entry, in index order): connected components of the candidate graph, each given its minimum-cost assignment
 * (a component too large for the exact solver is paired greedily, flagged `fallback`).
 */
export function pairGlobal(
  books: readonly Entry[],
  portal: readonly Entry[],
  rules: readonly PassRule[],
  amounts: AmountTests,
  graph: CandidateGraph,
): { pairs: Pair[]; stats: PairingStats } {
  const B = graph.byBook.start.length - 1;
  const P = graph.byPortal.start.length - 1;
  const find = graph.block;
  // Edges grouped by component (counting sort on the root).
  const rootOf = new Int32Array(graph.count);
  const compStart = new Int32Array(B + P + 1);
  for (let e = 0; e < graph.count; e++) {
    rootOf[e] = find(graph.book[e]!);
    compStart[rootOf[e]! + 1]!++;
  }
  for (let i = 0; i < B + P; i++) compStart[i + 1]! += compStart[i]!;
  const fill = compStart.slice(0, B + P);
  const grouped = new Int32Array(graph.count);
  for (let e = 0; e < graph.count; e++) grouped[fill[rootOf[e]!]!++] = e;

  const pairs: Pair[] = [];
  const stats: PairingStats = { method: 'global', candidates: graph.count, components: 0, largestComponent: 0, fallbackComponents: 0 };
  const take = (e: number, fallback = false): void => {
    const b = books[graph.book[e]!]!;
    const p = portal[graph.portal[e]!]!;
    b.used = true;
    p.used = true;
    const r = graph.rule[e]!;
    const pair: Pair = { book: b, portal: p, pass: rules[r]!.id, rule: r, cost: graph.cost[e]! };
    if (fallback) pair.fallback = true;
    pairs.push(pair);
  };
  // Members of the blocks holding a crowded purchase, listed on first need.
  let members: Map<number, number[]> | undefined;
  const blockMembers = (): Map<number, number[]> => {
    const crowdedRoots = new Set<number>();
    for (let i = 0; i < B; i++) if (graph.crowded[i]) crowdedRoots.add(find(i));
    const out = new Map<number, number[]>();
    for (let n = 0; n < B + P; n++) {
      const r = find(n);
      if (!crowdedRoots.has(r)) continue;
      const list = out.get(r);
      if (list) list.push(n);
      else out.set(r, [n]);
    }
    return out;
  };
  const leftId = new Map<number, number>();
  const rightId = new Map<number, number>();
  for (let root = 0; root < B + P; root++) {
    const from = compStart[root]!;
    const to = compStart[root + 1]!;
    if (from === to) continue;
    stats.components++;
    const edges = grouped.subarray(from, to);
    if (edges.length === 1) {
      stats.largestComponent = Math.max(stats.largestComponent, 2);
      take(edges[0]!);
      continue;
    }
    leftId.clear();
    rightId.clear();
    for (const e of edges) {
      if (!leftId.has(graph.book[e]!)) leftId.set(graph.book[e]!, leftId.size);
      if (!rightId.has(graph.portal[e]!)) rightId.set(graph.portal[e]!, rightId.size);
    }
    stats.largestComponent = Math.max(stats.largestComponent, leftId.size + rightId.size);
    let cut = false;
    for (const l of leftId.keys()) if (graph.crowded[l]) cut = true;
    if (!cut && (leftId.size === 1 || rightId.size === 1)) {
      // A star: the cheapest edge is the whole answer.
      let best = edges[0]!;
      for (const e of edges) if (graph.cost[e]! < graph.cost[best]!) best = e;
      take(best);
      continue;
    }
    if (cut || assignmentWork({ left: leftId.size, right: rightId.size, edges: edges.length }) > ASSIGNMENT_WORK_LIMIT) {
      stats.fallbackComponents++;
      let compBooks = [...leftId.keys()].map((i) => books[i]!);
      let compPortal = [...rightId.keys()].map((i) => portal[i]!);
      if (cut) {
        // The block holds documents joined beyond the cap, with no edge: take every member.
        members ??= blockMembers();
        compBooks = (members.get(root) ?? []).filter((n) => n < B).map((n) => books[n]!);
        compPortal = (members.get(root) ?? []).filter((n) => n >= B).map((n) => portal[n - B]!);
      }
      for (const pair of pairGreedy(compBooks, compPortal, rules, amounts)) {
        pair.fallback = true;
        pairs.push(pair);
      }
      continue;
    }
    const edgeLeft = new Int32Array(edges.length);
    const edgeRight = new Int32Array(edges.length);
    const edgeCost = new Float64Array(edges.length);
    edges.forEach((e, i) => {
      edgeLeft[i] = leftId.get(graph.book[e]!)!;
      edgeRight[i] = rightId.get(graph.portal[e]!)!;
      edgeCost[i] = graph.cost[e]!;
    });
    for (const i of minCostAssignment({ left: leftId.size, right: rightId.size, edgeLeft, edgeRight, edgeCost }, UNPAIRED_PAIR)) take(edges[i]!);
  }
  return { pairs, stats };
}
