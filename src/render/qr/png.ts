import { deflateSync } from 'node:zlib';
import { packBits, type QrRaster } from './raster.js';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/**
 * A 1-bit greyscale PNG (colour type 0, bit depth 1; 0 black, 1 white). The first pixel row of each
 * module row uses filter None and its repeats use filter Up, whose bytes are all zero, so deflate
 * stores the repeats almost for free.
 */
export function encodePng(raster: QrRaster): Uint8Array {
  const { width, scale, pixelRows } = raster;
  const height = pixelRows.length * scale;
  const stride = (width + 7) >> 3;
  const raw = new Uint8Array((stride + 1) * height);
  let offset = 0;
  for (const row of pixelRows) {
    raw[offset] = 0;
    raw.set(packBits(row, true), offset + 1);
    offset += stride + 1;
    for (let r = 1; r < scale; r++) {
      raw[offset] = 2; // Up: every byte equals the row above, so the filtered bytes are zero.
      offset += stride + 1;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const idat = deflateSync(raw, { level: 9 });
  const parts = [Uint8Array.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
