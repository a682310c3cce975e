/**
 * Minimum-cost assignment on a sparse bipartite graph where any vertex may stay unassigned: given edges
 * (left, right, cost) and what leaving a left and a right vertex both unassigned costs, the set of edges,
 * no two sharing a vertex, of least total cost. Solved exactly as a min-cost flow by successive shortest
 * paths (Dijkstra with potentials), stopping when the next augmenting path would not lower the total:
 * the total cost as a function of the number of pairs is convex, so the first such path ends the search.
 * @module
 */

/** Edges of one block, vertices numbered from 0 on each side; costs are integers below `unpairedPair`. */
export interface AssignmentBlock {
  left: number;
  right: number;
  edgeLeft: ArrayLike<number>;
  edgeRight: ArrayLike<number>;
  edgeCost: ArrayLike<number>;
}

/** The work the exact solver is allowed on one block: augmentations times residual edges. */
export const ASSIGNMENT_WORK_LIMIT = 10_000_000;

/** An estimate of the solver's work on a block, to compare with {@link ASSIGNMENT_WORK_LIMIT}. */
export function assignmentWork(block: { left: number; right: number; edges: number }): number {
  return Math.min(block.left, block.right) * (block.left + block.right + block.edges) * 2;
}

/** Indexes of the chosen edges. */
export function minCostAssignment(block: AssignmentBlock, unpairedPair: number): number[] {
  const { left: L, right: R, edgeLeft, edgeRight, edgeCost } = block;
  const E = edgeLeft.length;
  const source = 0;
  const sink = L + R + 1;
  const V = L + R + 2;
  const M = 2 * (L + R + E);
  const to = new Int32Array(M);
  const next = new Int32Array(M);
  const cap = new Uint8Array(M);
  const cost = new Float64Array(M);
  const head = new Int32Array(V).fill(-1);
  let m = 0;
  const add = (u: number, v: number, c: number): void => {
    to[m] = v;
    cap[m] = 1;
    cost[m] = c;
    next[m] = head[u]!;
    head[u] = m++;
    to[m] = u;
    cap[m] = 0;
    cost[m] = -c;
    next[m] = head[v]!;
    head[v] = m++;
  };
  for (let l = 0; l < L; l++) add(source, 1 + l, 0);
  for (let r = 0; r < R; r++) add(1 + L + r, sink, 0);
  const firstPairArc = m;
  // A pair's cost relative to leaving both alone: negative, so every pair gains.
  for (let e = 0; e < E; e++) add(1 + edgeLeft[e]!, 1 + L + edgeRight[e]!, edgeCost[e]! - unpairedPair);

  // Initial potentials: shortest distances in the acyclic starting graph (source, lefts, rights, sink).
  const pot = new Float64Array(V);
  for (let r = 0; r < R; r++) pot[1 + L + r] = 0;
  for (let e = 0; e < E; e++) {
    const v = 1 + L + edgeRight[e]!;
    const c = edgeCost[e]! - unpairedPair;
    if (c < pot[v]!) pot[v] = c;
  }
  for (let r = 0; r < R; r++) if (pot[1 + L + r]! < pot[sink]!) pot[sink] = pot[1 + L + r]!;

  const dist = new Float64Array(V);
  const via = new Int32Array(V);
  const heapNode = new Int32Array(M + V);
  const heapKey = new Float64Array(M + V);
  const pairs = Math.min(L, R);
  for (let round = 0; round < pairs; round++) {
    dist.fill(Infinity);
    via.fill(-1);
    dist[source] = 0;
    // Binary heap of (distance, vertex) with lazy deletion.
    let size = 0;
    const push = (v: number, k: number): void => {
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heapKey[parent]! <= k) break;
        heapKey[i] = heapKey[parent]!;
        heapNode[i] = heapNode[parent]!;
        i = parent;
      }
      heapKey[i] = k;
      heapNode[i] = v;
    };
    push(source, 0);
    while (size > 0) {
      const u = heapNode[0]!;
      const du = heapKey[0]!;
      const lastKey = heapKey[--size]!;
      const lastNode = heapNode[size]!;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= size) break;
        if (child + 1 < size && heapKey[child + 1]! < heapKey[child]!) child++;
        if (heapKey[child]! >= lastKey) break;
        heapKey[i] = heapKey[child]!;
        heapNode[i] = heapNode[child]!;
        i = child;
      }
      heapKey[i] = lastKey;
      heapNode[i] = lastNode;
      if (du > dist[u]!) continue;
      for (let a = head[u]!; a !== -1; a = next[a]!) {
        if (cap[a] === 0) continue;
        const v = to[a]!;
        // Reduced costs are never negative; rounding of the float sums is clamped away.
        const nd = du + Math.max(0, cost[a]! + pot[u]! - pot[v]!);
        if (nd < dist[v]!) {
          dist[v] = nd;
          via[v] = a;
          push(v, nd);
        }
      }
    }
    if (dist[sink] === Infinity) break;
    const gain = dist[sink]! + pot[sink]! - pot[source]!;
    // The next pair would not lower the total: the assignment is optimal as it stands.
    if (gain >= -1e-6) break;
    const reach = dist[sink]!;
    for (let v = 0; v < V; v++) pot[v] = pot[v]! + Math.min(dist[v]!, reach);
    for (let v = sink; v !== source; ) {
      const a = via[v]!;
      cap[a] = 0;
      cap[a ^ 1] = 1;
      v = to[a ^ 1]!;
    }
  }
  const chosen: number[] = [];
  for (let e = 0; e < E; e++) if (cap[firstPairArc + 2 * e] === 0) chosen.push(e);
  return chosen;
}
