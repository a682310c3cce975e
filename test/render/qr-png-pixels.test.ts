import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { qrImage, qrMatrix } from '../../src/render/qr/index.js';
import type { QrMatrix } from '../../src/render/qr/matrix.js';
import { encodePng } from '../../src/render/qr/png.js';
import { SIGNED_QR } from './fixtures.js';

/** The 1-bit PNG's pixels (1 dark), read back with only the filters the writer uses (None and Up). */
function pixels(png: Uint8Array): { width: number; height: number; dark: (x: number, y: number) => boolean } {
  const bytes = Buffer.from(png);
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([1, 0]); // 1 bit, greyscale
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = (width + 7) >> 3;
  const rows: Uint8Array[] = [];
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = Uint8Array.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    if (filter === 2) for (let i = 0; i < stride; i++) row[i] = ((row[i] as number) + (rows[y - 1]![i] as number)) & 0xff;
    else expect(filter).toBe(0);
    rows.push(row);
  }
  return { width, height, dark: (x, y) => (((rows[y]![x >> 3] as number) >> (7 - (x & 7))) & 1) === 0 };
}

function expectImageOf(matrix: QrMatrix, scale: number, margin: number): void {
  const image = pixels(encodePng(matrix, scale, margin));
  const side = (matrix.size + 2 * margin) * scale;
  expect([image.width, image.height]).toEqual([side, side]);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - margin;
      const my = Math.floor(y / scale) - margin;
      const inside = mx >= 0 && my >= 0 && mx < matrix.size && my < matrix.size;
      const want = inside && matrix.modules[my * matrix.size + mx] === 1;
      if (image.dark(x, y) !== want) throw new Error(`pixel ${x},${y} (module ${mx},${my}) should be ${want ? 'dark' : 'light'}`);
    }
  }
}

describe('QR PNG pixels', () => {
  it('every pixel of the signed QR at both qualities is its module, the quiet zone light', () => {
    expectImageOf(qrMatrix(SIGNED_QR, 'high'), 4, 4);
    expectImageOf(qrMatrix(SIGNED_QR, 'standard'), 3, 4);
    expect(pixels(qrImage(SIGNED_QR)).width).toBe((qrMatrix(SIGNED_QR).size + 8) * 4);
  });

  it('any matrix, at any scale and margin, odd sizes and odd margins included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 45 }).chain((size) => fc.tuple(fc.constant(size), fc.uint8Array({ minLength: size * size, maxLength: size * size }))),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 5 }),
        ([size, random], scale, margin) => {
          const modules = random.map((b) => b & 1);
          expectImageOf({ size, version: 1, errorCorrection: 'M', modules }, scale, margin);
        },
      ),
      { numRuns: 150 },
    );
  });
});
