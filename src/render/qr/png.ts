import { crc32 as crc32Of, zlibDeflate } from '../../platform/deflate.js';
import type { QrMatrix } from './matrix.js';
import { concatBytes } from '../../platform/bytes.js';

const crc32 = (bytes: Uint8Array, start: number, end: number): number => crc32Of(bytes.subarray(start, end));

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
 * Deflate settings: level 1 with the run-length strategy. The filtered rows are runs of zero bytes
 * (repeated pixel rows) and a few distinct module rows, which run-length matching finds at once; level
 * 9 spent about 0.5 ms of a 1 ms image to save under a hundred bytes of a 2.8 KB file.
 */
const DEFLATE = { level: 1, runLength: true } as const;

const scratch = new Map<string, Uint8Array>();

/**
 * A 1-bit greyscale PNG (colour type 0, bit depth 1; 0 black, 1 white) straight from the matrix. The
 * first pixel row of each module row uses filter None and its repeats use filter Up, whose bytes are
 * all zero, so deflate stores the repeats almost for free.
 */
export function encodePng(matrix: QrMatrix, scale: number, margin: number): Uint8Array {
  const modulesWide = matrix.size + 2 * margin;
  const width = modulesWide * scale;
  const height = width;
  const stride = (width + 7) >> 3;
  const line = stride + 1;
  // The filtered rows are rebuilt into one buffer per image width and scale: every byte written here is
  // either rewritten below or a repeat row's zero, which nothing ever changes. (The same width at another
  // scale puts the repeat rows elsewhere, so it gets its own buffer.)
  const key = `${width}/${scale}`;
  let raw = scratch.get(key);
  if (raw === undefined) {
    raw = new Uint8Array(line * height);
    scratch.set(key, raw);
  }
  // One white row (padding bits white too), reused for the quiet zone and as the start of each module row.
  const white = new Uint8Array(stride).fill(0xff);
  const modules = matrix.modules;
  const size = matrix.size;
  // Where each module's pixels fall in a packed row: at most two bytes (scale <= 8) and their bits.
  const firstByte = new Int32Array(size);
  const firstBits = new Int32Array(size);
  const secondBits = new Int32Array(size);
  for (let x = 0; x < size; x++) {
    const from = (x + margin) * scale;
    firstByte[x] = from >> 3;
    for (let px = from; px < from + scale; px++) {
      const bit = 0x80 >> (px & 7);
      if (px >> 3 === from >> 3) firstBits[x] = (firstBits[x] as number) | bit;
      else secondBits[x] = (secondBits[x] as number) | bit;
    }
  }
  const nibbles = scale === 4 && (margin * scale) % 8 === 0;
  let offset = 0;
  for (let my = 0; my < modulesWide; my++) {
    const y = my - margin;
    raw.set(white, offset + 1); // filter None (0) is already in raw[offset]
    if (y >= 0 && y < size) {
      const base = y * size;
      const row = offset + 1;
      // Without a branch on the module: a symbol's modules are as good as random, and a mispredicted branch
      // per module cost as much as the rest of the image.
      if (nibbles) {
        // Four pixels a module on a byte boundary (quality high): two modules make one byte.
        let at = row + ((margin * scale) >> 3);
        let x = 0;
        for (; x + 1 < size; x += 2, at++) {
          raw[at] = ~((((modules[base + x] as number) & 1) * 0xf0) | (((modules[base + x + 1] as number) & 1) * 0x0f)) & 0xff;
        }
        if (x < size) raw[at] = ~(((modules[base + x] as number) & 1) * 0xf0) & 0xff;
        offset += line;
        for (let r = 1; r < scale; r++) {
          raw[offset] = 2;
          offset += line;
        }
        continue;
      }
      for (let x = 0; x < size; x++) {
        const dark = -((modules[base + x] as number) & 1); // all ones for a dark module, else 0
        const at = row + (firstByte[x] as number);
        raw[at] = (raw[at] as number) & ~((firstBits[x] as number) & dark);
        raw[at + 1] = (raw[at + 1] as number) & ~((secondBits[x] as number) & dark);
      }
    }
    offset += line;
    for (let r = 1; r < scale; r++) {
      raw[offset] = 2; // Up: every byte equals the row above, so the filtered bytes are zero.
      offset += line;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const idat = zlibDeflate(raw, DEFLATE);
  return concatBytes([Uint8Array.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}
