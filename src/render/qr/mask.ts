/**
 * Mask choice without re-encoding: the symbol is encoded once with mask 0, then each of the eight
 * masks is scored with the four penalty rules of ISO/IEC 18004 (runs, 2x2 blocks, finder-like
 * patterns, balance). The lowest score wins; ties go to the lower mask number.
 *
 * Scoring is bit-parallel: the symbol is packed twice into 32-bit words, once with 31 rows per word
 * (one word per column, walked left to right: the row rules for 31 rows at once, and the 2x2 rule),
 * once with 31 columns per word (one word per row, walked top to bottom: the column rules). Bit 31 of
 * each word repeats the first row (or column) of the next word so the 2x2 rule sees its neighbour; it
 * is never counted itself. A mask and its format bits are one XOR per word, prepared once per symbol
 * size and level.
 */

const MASKS: Array<(i: number, j: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

const EC_BITS: Record<string, number> = { L: 1, M: 0, Q: 3, H: 2 };

/** The 15 format bits for a level and mask (BCH(15,5) with the fixed XOR pattern). */
export function formatBits(level: string, mask: number): number {
  const data = (((EC_BITS[level] as number) << 3) | mask) << 10;
  let rem = data;
  const gen = 0x537;
  for (let bit = 14; bit >= 10; bit--) if ((rem >> bit) & 1) rem ^= gen << (bit - 10);
  return (data | rem) ^ 0x5412;
}

/** Writes format bits into a flat matrix (same positions as the standard's two copies). */
export function placeFormat(m: Uint8Array, size: number, bits: number): void {
  for (let i = 0; i < 15; i++) {
    const v = (bits >> i) & 1;
    const vr = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    m[vr * size + 8] = v;
    const hc = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 14 - i;
    m[8 * size + hc] = v;
  }
  m[(size - 8) * size + 8] = 1;
}

/** Bits set per 16-bit value, for popcounts by two lookups. */
const POP16 = (() => {
  const t = new Uint8Array(65536);
  for (let i = 1; i < 65536; i++) t[i] = (t[i >> 1] as number) + (i & 1);
  return t;
})();

const LANES = 31;

/** A matrix packed lane-wise: `words[s * size + k]` holds lanes (rows or columns) 31s..31s+31 at position k. */
interface Packed {
  slices: number;
  words: Int32Array;
}

/** Lanes of slice `s` that are counted: real rows/columns, bit 31 excluded; `below` also needs lane+1 real. */
function laneMask(s: number, size: number, below: boolean): number {
  const real = size - s * LANES - (below ? 1 : 0);
  const n = Math.max(0, Math.min(LANES, real));
  return n === LANES ? 0x7fffffff : (1 << n) - 1;
}

const pop = (x: number): number => (POP16[x & 0xffff] as number) + (POP16[x >>> 16] as number);

/**
 * Rules 1 and 3 along the lanes of one packing (`x` XORed in), plus rule 2 and the dark count when
 * `withBlocks` (the row packing). Writes [runs + finder score, 2x2 blocks, dark modules] into `out`.
 */
function scan(p: Packed, x: Int32Array, size: number, withBlocks: boolean, out: Float64Array): void {
  let score = 0;
  let blocks = 0;
  let dark = 0;
  const { words, slices } = p;
  for (let s = 0; s < slices; s++) {
    const valid = laneMask(s, size, false);
    const valid2 = laneMask(s, size, true);
    const o = s * size;
    // History: w1..w6 previous words, e1..e3 previous "equal to the next" words, light/core rings for rule 3.
    let w = words[o]! ^ x[o]!;
    let w1 = 0,
      w2 = 0,
      w3 = 0,
      w4 = 0,
      w5 = 0,
      w6 = 0;
    let e1 = 0,
      e2 = 0,
      e3 = 0;
    let prevWin = 0;
    let l1 = 0,
      l2 = 0,
      l3 = 0,
      l4 = 0,
      l5 = 0,
      l6 = 0,
      l7 = 0;
    let c1 = 0,
      c2 = 0,
      c3 = 0,
      c4 = 0;
    let windows = 0;
    let runs = 0;
    let finders = 0;
    if (withBlocks) dark += pop(w & valid);
    let vPrev = ~(w ^ (w >>> 1));
    for (let k = 1; k < size; k++) {
      const prev = w;
      w6 = w5;
      w5 = w4;
      w4 = w3;
      w3 = w2;
      w2 = w1;
      w1 = prev;
      w = words[o + k]! ^ x[o + k]!;
      const e0 = ~(prev ^ w);
      if (withBlocks) {
        dark += pop(w & valid);
        const v = ~(w ^ (w >>> 1));
        blocks += pop(e0 & vPrev & v & valid2);
        vPrev = v;
      }
      if (k >= 4) {
        // Five equal modules ending here; a run of L >= 5 has L - 4 such windows and one start.
        const win = e0 & e1 & e2 & e3;
        windows += pop(win & valid);
        runs += pop(win & ~prevWin & valid);
        prevWin = win;
      }
      e3 = e2;
      e2 = e1;
      e1 = e0;
      // Rule 3: 1011101 with four light modules before or after, wholly inside the line.
      const light = ~(w | w1 | w2 | w3); // four light ending here (valid from k >= 3)
      const core = w6 & ~w5 & w4 & w3 & w2 & ~w1 & w; // 1011101 ending here (valid from k >= 6)
      if (k >= 10) finders += pop(((c4 & light) | (core & l7)) & valid);
      l7 = l6;
      l6 = l5;
      l5 = l4;
      l4 = l3;
      l3 = l2;
      l2 = l1;
      l1 = light;
      c4 = c3;
      c3 = c2;
      c2 = c1;
      c1 = core;
    }
    score += windows + 2 * runs + 40 * finders;
  }
  out[0] = score;
  out[1] = blocks;
  out[2] = dark;
}

interface MaskPlan {
  /**
   * Per mask, in each packing, the bits that turn the symbol as encoded with mask 0 into the symbol
   * under that mask: data modules where the two masks differ, format cells where the format bits do.
   */
  rowLanes: Int32Array[];
  colLanes: Int32Array[];
  /** The same, one byte per module. */
  fromMask0: Uint8Array[];
}

const plans = new Map<string, MaskPlan>();

function plan(reserved: Uint8Array, size: number, level: string): MaskPlan {
  const key = `${size}:${level}`;
  let p = plans.get(key);
  if (p) return p;
  const n = size * size;
  const masks: Uint8Array[] = [];
  const formats: Uint8Array[] = [];
  for (let mask = 0; mask < 8; mask++) {
    const m = new Uint8Array(n);
    const fn = MASKS[mask] as (i: number, j: number) => boolean;
    for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) if (!reserved[i * size + j] && fn(i, j)) m[i * size + j] = 1;
    masks.push(m);
    const f = new Uint8Array(n);
    placeFormat(f, size, formatBits(level, mask));
    formats.push(f);
  }
  const mask0 = masks[0] as Uint8Array;
  const format0 = formats[0] as Uint8Array;
  const fromMask0 = masks.map((m, mask) => {
    const f = formats[mask] as Uint8Array;
    return m.map((v, i) => v ^ (mask0[i] as number) ^ (f[i] as number) ^ (format0[i] as number));
  });
  p = {
    rowLanes: fromMask0.map((m) => pack(m, size).rows.words),
    colLanes: fromMask0.map((m) => pack(m, size).cols.words),
    fromMask0,
  };
  // Versions 1-40 at four levels: at most 160 plans, a few KB each.
  plans.set(key, p);
  return p;
}

/** Both packings of a matrix (rows in lanes, columns in lanes), in one row-major pass. */
function pack(m: Uint8Array, size: number): { rows: Packed; cols: Packed } {
  const slices = Math.ceil(size / LANES);
  const rows = new Int32Array(slices * size);
  const cols = new Int32Array(slices * size);
  for (let i = 0; i < size; i++) {
    const si = (i / LANES) | 0;
    const lane = i - si * LANES;
    // Row i is also bit 31 of the slice above when it starts a slice.
    const above = i > 0 && lane === 0 ? (si - 1) * size : -1;
    const at = i * size;
    let word = 0; // columns of row i, 31 at a time, without branching on the data
    let sj = 0;
    let colLane = 0;
    for (let j = 0; j < size; j++) {
      const v = (m[at + j] as number) & 1;
      rows[si * size + j] = (rows[si * size + j] as number) | (v << lane);
      if (above >= 0) rows[above + j] = (rows[above + j] as number) | (v << 31);
      word |= v << colLane;
      if (++colLane === LANES) {
        cols[sj * size + i] = j + 1 < size ? word | (((m[at + j + 1] as number) & 1) << 31) : word;
        sj++;
        colLane = 0;
        word = 0;
      }
    }
    if (colLane > 0) cols[sj * size + i] = word;
  }
  return { rows: { slices, words: rows }, cols: { slices, words: cols } };
}

/** The penalty score of each of the eight masks for a symbol encoded with mask 0. */
export function maskPenalties(masked0: Uint8Array, reserved: Uint8Array, size: number, level: string): number[] {
  const p = plan(reserved, size, level);
  const { rows, cols } = pack(masked0, size);
  const out = new Float64Array(3);
  const scores: number[] = [];
  for (let mask = 0; mask < 8; mask++) {
    scan(rows, p.rowLanes[mask] as Int32Array, size, true, out);
    const rowScore = out[0] as number;
    const blocks = out[1] as number;
    const dark = out[2] as number;
    scan(cols, p.colLanes[mask] as Int32Array, size, false, out);
    const k = Math.floor(Math.abs((dark * 100) / (size * size) - 50) / 5);
    scores.push(rowScore + (out[0] as number) + 3 * blocks + k * 10);
  }
  return scores;
}

/**
 * Given a symbol encoded with mask 0 and its reserved (function pattern) modules, returns the
 * modules under the best mask.
 */
export function bestMasked(masked0: Uint8Array, reserved: Uint8Array, size: number, level: string): Uint8Array {
  const scores = maskPenalties(masked0, reserved, size, level);
  let best = 0;
  for (let mask = 1; mask < 8; mask++) if ((scores[mask] as number) < (scores[best] as number)) best = mask;
  const flip = plan(reserved, size, level).fromMask0[best] as Uint8Array;
  const out = new Uint8Array(masked0.length);
  for (let i = 0; i < out.length; i++) out[i] = (masked0[i] as number) ^ (flip[i] as number);
  placeFormat(out, size, formatBits(level, best));
  return out;
}

/** The symbol under mask `mask`: data modules re-masked, format bits rewritten. */
export function applyMask(masked0: Uint8Array, reserved: Uint8Array, size: number, level: string, mask: number): Uint8Array {
  const out = masked0.slice();
  const fn = MASKS[mask] as (i: number, j: number) => boolean;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const idx = i * size + j;
      if (reserved[idx]) continue;
      if (((i + j) % 2 === 0) !== fn(i, j)) out[idx] = (out[idx] as number) ^ 1;
    }
  }
  placeFormat(out, size, formatBits(level, mask));
  return out;
}
