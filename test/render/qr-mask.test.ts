import fc from 'fast-check';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { applyMask, bestMasked, formatBits, maskPenalties, placeFormat } from '../../src/render/qr/mask.js';
import { SIGNED_QR } from './fixtures.js';

// The straightforward scoring the bit-parallel one must agree with: one module at a time, rows then
// columns, exactly as ISO/IEC 18004 words the four rules (finder-like windows wholly inside the line).
function referencePenalty(m: Uint8Array, size: number): number {
  let score = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let a = 0; a < size; a++) {
      const at = (b: number): number => (pass === 0 ? m[a * size + b] : m[b * size + a]) as number;
      let run = 1;
      for (let b = 1; b < size; b++) {
        if (at(b) === at(b - 1)) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      if (run >= 5) score += run - 2;
      for (let b = 10; b < size; b++) {
        let w = 0;
        for (let k = 0; k < 11; k++) w = (w << 1) | at(b - 10 + k);
        if (w === 0b10111010000 || w === 0b00001011101) score += 40;
      }
    }
  }
  let dark = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const v = m[i * size + j];
      if (v) dark++;
      if (i < size - 1 && j < size - 1 && v === m[i * size + j + 1] && v === m[(i + 1) * size + j] && v === m[(i + 1) * size + j + 1]) score += 3;
    }
  }
  return score + Math.floor(Math.abs((dark * 100) / (size * size) - 50) / 5) * 10;
}

const MASK_FNS: Array<(i: number, j: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

interface Symbol0 {
  size: number;
  masked0: Uint8Array;
  reserved: Uint8Array;
}

function encode0(text: string, level: 'L' | 'M' | 'Q' | 'H', version?: number): Symbol0 {
  const s = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: level, maskPattern: 0, ...(version ? { version } : {}) });
  const size = s.modules.size;
  const data = s.modules.data as unknown as ArrayLike<number>;
  const masked0 = Uint8Array.from({ length: size * size }, (_, i) => (data[i] ? 1 : 0));
  return { size, masked0, reserved: (s.modules as unknown as { reservedBit: Uint8Array }).reservedBit };
}

// The reference route: undo mask 0 on data modules, apply each mask, write its format bits, score.
function referenceScores({ size, masked0, reserved }: Symbol0, level: string): number[] {
  return MASK_FNS.map((fn, p) => {
    const m = masked0.slice();
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++) {
        if (reserved[i * size + j]) continue;
        if (((i + j) % 2 === 0) !== fn(i, j)) m[i * size + j] = 1 - (m[i * size + j] as number);
      }
    }
    placeFormat(m, size, formatBits(level, p));
    return referencePenalty(m, size);
  });
}

describe('QR mask choice', () => {
  const cases: Array<[string, 'L' | 'M' | 'Q' | 'H', number?]> = [
    ['a', 'L', 1],
    ['INV/2025/0042', 'M'],
    ['upi://pay?pa=shop@okicici&pn=Rao%20Traders&am=118.00&cu=INR', 'Q'],
    [SIGNED_QR, 'M'],
    [SIGNED_QR, 'L'],
    [SIGNED_QR.repeat(2), 'L', 40],
  ];
  for (const [text, level, version] of cases) {
    it(`scores every mask as the module-by-module rules do (${text.length} chars, level ${level})`, () => {
      const s = encode0(text, level, version);
      expect(maskPenalties(s.masked0, s.reserved, s.size, level)).toEqual(referenceScores(s, level));
    });
  }

  it('agrees with the module-by-module rules on arbitrary data bits, every size class', () => {
    const symbols = [1, 2, 6, 7, 14, 25, 31, 40].map((v) => encode0('x', 'M', v));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: symbols.length - 1 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 100 }),
        (which, seed, density) => {
          const base = symbols[which] as Symbol0;
          const masked0 = base.masked0.slice();
          let r = seed;
          for (let i = 0; i < masked0.length; i++) {
            if (base.reserved[i]) continue;
            r = (Math.imul(r, 1103515245) + 12345) >>> 0;
            masked0[i] = (r >>> 8) % 100 < density ? 1 : 0;
          }
          const s = { ...base, masked0 };
          expect(maskPenalties(masked0, s.reserved, s.size, 'M')).toEqual(referenceScores(s, 'M'));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('picks the lowest score, the lower mask on ties, and writes its format bits', () => {
    const s = encode0(SIGNED_QR, 'M');
    const ref = referenceScores(s, 'M');
    const winner = ref.indexOf(Math.min(...ref));
    expect(bestMasked(s.masked0, s.reserved, s.size, 'M')).toEqual(applyMask(s.masked0, s.reserved, s.size, 'M', winner));
    const fixed = QRCode.create([{ data: Buffer.from(SIGNED_QR), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: winner as 0 });
    expect(Array.from(applyMask(s.masked0, s.reserved, s.size, 'M', winner))).toEqual(
      Array.from(fixed.modules.data as unknown as ArrayLike<number>, (v) => (v ? 1 : 0)),
    );
  });
});
