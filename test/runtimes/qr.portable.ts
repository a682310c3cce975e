/**
 * QR symbols and images on every runtime: the same symbol, the same GIF and JPEG bytes as on Node, and
 * the same PNG pixels (the PNG's deflated bytes differ where the runtime has no node:zlib).
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

/** A PNG's chunks other than IDAT, then its IDAT data inflated: what any PNG decoder reads from it. */
async function pngContent(png: Uint8Array): Promise<Uint8Array> {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const other: Uint8Array[] = [];
  const idat: Uint8Array<ArrayBuffer>[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const body = png.slice(at + 8, at + 8 + length);
    if (type === 'IDAT') idat.push(body);
    else other.push(body);
    at += 12 + length;
  }
  const inflated = new Uint8Array(await new Response(new Blob(idat).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer());
  const parts = [...other, inflated];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
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

  it('encodes the signed QR as png, the same pixels as on Node', async () => {
    const image = qrImage(SIGNED_QR, { format: 'png' });
    expect(image.length).toBeGreaterThan(100);
    same('signed QR png pixels', await pngContent(image));
  });

  for (const format of ['gif', 'jpeg'] as const) {
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
