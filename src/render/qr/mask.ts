/**
 * Mask choice without re-encoding: the symbol is encoded once with mask 0, then each of the eight
 * masks is tried by flipping the data modules and rewriting the format information, and scored
 * with the four penalty rules of ISO/IEC 18004 (runs, 2x2 blocks, finder-like patterns, balance)
 * on a flat byte array. The lowest score wins; ties go to the lower mask number.
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

function penalty(m: Uint8Array, size: number): number {
  let score = 0;
  // Rule 1 (runs) and rule 3 (finder-like patterns) on rows and columns.
  for (let pass = 0; pass < 2; pass++) {
    for (let a = 0; a < size; a++) {
      let run = 1;
      let prev = pass === 0 ? m[a * size] : m[a];
      let window = prev as number;
      for (let b = 1; b < size; b++) {
        const v = (pass === 0 ? m[a * size + b] : m[b * size + a]) as number;
        if (v === prev) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
          prev = v;
        }
        window = ((window << 1) | v) & 0x7ff;
        if (b >= 10 && (window === 0x5d0 || window === 0x05d)) score += 40;
      }
      if (run >= 5) score += run - 2;
    }
  }
  // Rule 2: 2x2 blocks of one colour; rule 4: balance of dark modules.
  let dark = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const v = m[i * size + j] as number;
      dark += v;
      if (i < size - 1 && j < size - 1 && v === m[i * size + j + 1] && v === m[(i + 1) * size + j] && v === m[(i + 1) * size + j + 1]) {
        score += 3;
      }
    }
  }
  const k = Math.floor(Math.abs((dark * 100) / (size * size) - 50) / 5);
  return score + k * 10;
}

/**
 * Given a symbol encoded with mask 0 and its reserved (function pattern) modules, returns the
 * modules under the best mask.
 */
export function bestMasked(masked0: Uint8Array, reserved: Uint8Array, size: number, level: string): Uint8Array {
  const base = masked0.slice();
  const free: number[] = [];
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const idx = i * size + j;
      if (reserved[idx]) continue;
      free.push(idx);
      if (MASKS[0]?.(i, j)) base[idx] = (base[idx] as number) ^ 1; // back to unmasked data
    }
  }
  let best: Uint8Array = masked0;
  let bestScore = Infinity;
  const trial = new Uint8Array(base.length);
  for (let p = 0; p < 8; p++) {
    trial.set(base);
    const fn = MASKS[p] as (i: number, j: number) => boolean;
    for (const idx of free) {
      const i = (idx / size) | 0;
      if (fn(i, idx - i * size)) trial[idx] = (trial[idx] as number) ^ 1;
    }
    placeFormat(trial, size, formatBits(level, p));
    const s = penalty(trial, size);
    if (s < bestScore) {
      bestScore = s;
      best = trial.slice();
    }
  }
  return best;
}
