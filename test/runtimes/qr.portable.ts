/**
 * QR symbols and images on every runtime: the same symbol and the same image bytes as on Node.
 * @module
 */
import { qrImage, qrMatrix, tryQrImage } from '../../src/render/qr/index.js';
import { SIGNED_QR } from '../render/fixtures.js';
import { describe, expect, it, same } from './harness.js';

/** True when the 7x7 finder pattern (dark ring, light ring, dark 3x3 core) sits at (row, col). */
function finderAt(m: { size: number; modules: Uint8Array }, row: number, col: number): boolean {
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
      const dark = ring !== 2;
      if (Boolean(m.modules[(row + r) * m.size + col + c]) !== dark) return false;
    }
  }
  return true;
}

describe('QR', () => {
  it('draws a symbol of the version the text needs, with its three finder patterns', () => {
    const m = qrMatrix(SIGNED_QR, 'high');
    expect(m.size).toBe(17 + 4 * m.version);
    expect(m.errorCorrection).toBe('M');
    expect(finderAt(m, 0, 0)).toBe(true);
    expect(finderAt(m, 0, m.size - 7)).toBe(true);
    expect(finderAt(m, m.size - 7, 0)).toBe(true);
    same('signed QR modules', m.modules);
  });

  for (const format of ['png', 'gif', 'jpeg'] as const) {
    it(`encodes the signed QR as ${format}, the same bytes as on Node`, () => {
      const image = qrImage(SIGNED_QR, { format });
      expect(image.length).toBeGreaterThan(100);
      same(`signed QR ${format}`, image);
    });
  }

  it('reports a text too long for any version as SVC-501', () => {
    const r = tryQrImage('x'.repeat(3000));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]?.code).toBe('SVC-501');
  });
});
