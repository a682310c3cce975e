/** Small deterministic pseudo-random helpers (not for security). */

/** 32-bit hash of a string (FNV-1a with a final avalanche). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seeded generator (mulberry32) returning floats in [0, 1). */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN check character of the first 14 characters. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = CHARS.indexOf(first14[i]!);
    const p = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN with a valid check character, drawn from `rand`, in the given state. */
export function syntheticGstin(rand: () => number, stateCode: string): string {
  const L = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pick = (s: string): string => s[Math.floor(rand() * s.length)]!;
  const pan = pick(L) + pick(L) + pick(L) + pick('CFHP') + pick(L) + String(Math.floor(rand() * 9000) + 1000) + pick(L);
  const first14 = stateCode + pan + '1Z';
  return first14 + gstinCheckChar(first14);
}
