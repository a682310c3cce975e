/**
 * Reads a PNG or JPEG file (a logo) into what a PDF image needs: a JPEG is kept as it is (PDF draws its
 * DCT data itself) and only its size and colour components are read; a PNG is inflated, unfiltered and
 * expanded to 8-bit grey or RGB samples with a separate alpha channel. Bad or unsupported bytes give a
 * reason, never an exception. Inflation is passed in, so this file runs wherever JavaScript runs.
 * @module
 */
import { concatBytes } from '../../../platform/bytes.js';

/** A JPEG to embed as it is. */
export interface JpegRaster {
  kind: 'jpeg';
  width: number;
  height: number;
  /** 1 grey, 3 YCbCr/RGB, 4 CMYK. */
  components: 1 | 3 | 4;
  /** Adobe's CMYK JPEGs store inverted values (APP14), which the PDF's Decode array turns back. */
  inverted: boolean;
  bytes: Uint8Array;
}

/** Decoded samples: 8 bits each, row by row, without padding. */
export interface PixelRaster {
  kind: 'pixels';
  width: number;
  height: number;
  colors: 1 | 3;
  samples: Uint8Array;
  /** One byte a pixel, present only when some pixel is not opaque. */
  alpha?: Uint8Array;
}

export type Raster = JpegRaster | PixelRaster;

export type RasterRead = { ok: true; value: Raster } | { ok: false; reason: string };

/** Inflates zlib data, failing (throwing) past `maxBytes` of output. */
export type Inflate = (data: Uint8Array, maxBytes: number) => Uint8Array;

/** Larger images are refused: a logo needs far less, and the limit bounds the memory a render takes. */
export const MAX_IMAGE_SIDE = 4096;
const MAX_PIXELS = 4096 * 2048;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Reads `bytes` as PNG or JPEG, by their signature. */
export function readRaster(bytes: Uint8Array, inflate: Inflate): RasterRead {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return readPng(bytes, inflate);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return readJpeg(bytes);
  return { ok: false, reason: 'the bytes are neither a PNG nor a JPEG file' };
}

function fail(reason: string): RasterRead {
  return { ok: false, reason };
}

function sizeProblem(width: number, height: number): string | undefined {
  if (width < 1 || height < 1) return 'the image has no pixels';
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_PIXELS) {
    return `the image is ${width}x${height} pixels; at most ${MAX_IMAGE_SIDE} a side and ${MAX_PIXELS} pixels are drawn`;
  }
  return undefined;
}

/** Start-of-frame markers (baseline, extended, progressive, lossless; not DHT C4, JPG C8 or DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function readJpeg(bytes: Uint8Array): RasterRead {
  let at = 2;
  let frame: { width: number; height: number; components: number; precision: number } | undefined;
  let adobe = false;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return fail(`the JPEG has no marker at byte ${at}`);
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) break; // end of image
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    if (length < 2 || at + 2 + length > bytes.length) return fail('the JPEG is cut short');
    const body = at + 4;
    if (SOF.has(marker)) {
      if (length < 8) return fail('the JPEG frame header is cut short');
      frame = {
        precision: bytes[body] as number,
        height: ((bytes[body + 1] as number) << 8) | (bytes[body + 2] as number),
        width: ((bytes[body + 3] as number) << 8) | (bytes[body + 4] as number),
        components: bytes[body + 5] as number,
      };
    } else if (marker === 0xee && length >= 7 && String.fromCharCode(...bytes.subarray(body, body + 5)) === 'Adobe') {
      adobe = true;
    } else if (marker === 0xda) {
      // Start of scan: the compressed data follows; the frame must have come before it.
      if (!frame) return fail('the JPEG has no frame header before its data');
      if (frame.precision !== 8) return fail(`the JPEG has ${frame.precision}-bit samples; PDF draws 8-bit JPEGs`);
      if (frame.components !== 1 && frame.components !== 3 && frame.components !== 4) {
        return fail(`the JPEG has ${frame.components} colour components (1, 3 or 4 are drawn)`);
      }
      const problem = sizeProblem(frame.width, frame.height);
      if (problem) return fail(problem);
      return {
        ok: true,
        value: { kind: 'jpeg', width: frame.width, height: frame.height, components: frame.components, inverted: adobe && frame.components === 4, bytes },
      };
    }
    at += 2 + length;
  }
  return fail('the JPEG has no image data');
}

/** Bit depths a PNG colour type allows. */
const DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function u32(b: Uint8Array, at: number): number {
  return (((b[at] as number) << 24) | ((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number)) >>> 0;
}

function readPng(bytes: Uint8Array, inflate: Inflate): RasterRead {
  let at = 8;
  let header: { width: number; height: number; depth: number; type: number } | undefined;
  let palette: Uint8Array | undefined;
  let transparency: Uint8Array | undefined;
  const data: Uint8Array[] = [];
  let ended = false;
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = at + 8;
    if (length > bytes.length - body - 4) return fail(`the PNG's ${type} chunk is cut short`);
    const chunk = bytes.subarray(body, body + length);
    if (type === 'IHDR') {
      if (length !== 13) return fail('the PNG header is malformed');
      header = { width: u32(chunk, 0), height: u32(chunk, 4), depth: chunk[8] as number, type: chunk[9] as number };
      if (chunk[10] !== 0 || chunk[11] !== 0) return fail('the PNG uses an unknown compression or filter method');
      if (chunk[12] !== 0) return fail('the PNG is interlaced; save it without interlacing');
    } else if (type === 'PLTE') palette = chunk;
    else if (type === 'tRNS') transparency = chunk;
    else if (type === 'IDAT') data.push(chunk);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    at = body + length + 4;
  }
  if (!header) return fail('the PNG has no header');
  const { width, height, depth, type } = header;
  if (!DEPTHS[type]?.includes(depth)) return fail(`the PNG's colour type ${type} with ${depth}-bit samples is not a PNG combination`);
  const problem = sizeProblem(width, height);
  if (problem) return fail(problem);
  if (type === 3 && (!palette || palette.length % 3 !== 0 || palette.length === 0)) return fail('the PNG has no usable palette');
  if (data.length === 0 || !ended) return fail('the PNG has no image data or is cut short');

  const channels = CHANNELS[type] as number;
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const expected = height * (rowBytes + 1);
  let raw: Uint8Array;
  try {
    raw = inflate(data.length === 1 ? data[0]! : concatBytes(data), expected);
  } catch {
    return fail('the PNG image data does not inflate (corrupt, or larger than its header says)');
  }
  if (raw.length < expected) return fail('the PNG image data is shorter than its header says');
  const rows = unfilter(raw, height, rowBytes, Math.max(1, (channels * depth) >> 3));
  if (typeof rows === 'string') return fail(rows);
  return { ok: true, value: expand(rows, header, rowBytes, palette, transparency) };
}

/** Undoes the PNG row filters (None, Sub, Up, Average, Paeth) in place; the rows without their filter bytes. */
function unfilter(raw: Uint8Array, height: number, rowBytes: number, bpp: number): Uint8Array | string {
  const out = new Uint8Array(height * rowBytes);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (rowBytes + 1)] as number;
    const src = y * (rowBytes + 1) + 1;
    const row = y * rowBytes;
    const prev = row - rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const x = raw[src + i] as number;
      const a = i >= bpp ? (out[row + i - bpp] as number) : 0;
      const b = y > 0 ? (out[prev + i] as number) : 0;
      const c = y > 0 && i >= bpp ? (out[prev + i - bpp] as number) : 0;
      let v: number;
      if (filter === 0) v = x;
      else if (filter === 1) v = x + a;
      else if (filter === 2) v = x + b;
      else if (filter === 3) v = x + ((a + b) >> 1);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      } else return `the PNG row ${y} has an unknown filter ${filter}`;
      out[row + i] = v & 0xff;
    }
  }
  return out;
}

/** Samples of any PNG colour type and depth as 8-bit grey or RGB, with alpha when some pixel is not opaque. */
function expand(
  rows: Uint8Array,
  header: { width: number; height: number; depth: number; type: number },
  rowBytes: number,
  palette: Uint8Array | undefined,
  transparency: Uint8Array | undefined,
): PixelRaster {
  const { width, height, depth, type } = header;
  const channels = CHANNELS[type] as number;
  const colors: 1 | 3 = type === 0 || type === 4 ? 1 : 3;
  const samples = new Uint8Array(width * height * colors);
  const alpha = new Uint8Array(width * height).fill(255);
  let translucent = false;
  const max = (1 << depth) - 1;
  // A sample at bit depth `depth` scaled to 8 bits (16-bit samples keep their high byte).
  const sample = (row: number, index: number): number => {
    if (depth === 8) return rows[row + index] as number;
    if (depth === 16) return rows[row + index * 2] as number;
    const bit = index * depth;
    const v = ((rows[row + (bit >> 3)] as number) >> (8 - depth - (bit & 7))) & max;
    return type === 3 ? v : Math.round((v * 255) / max);
  };
  // The one colour tRNS marks transparent in a grey or RGB image, at the image's depth.
  const key = transparency && (type === 0 || type === 2) ? keyColour(transparency, type, depth) : undefined;
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (type === 3) {
        const index = sample(row, x);
        const entries = (palette as Uint8Array).length / 3;
        const at = (index < entries ? index : 0) * 3;
        samples.set((palette as Uint8Array).subarray(at, at + 3), p * 3);
        if (transparency && index < transparency.length) alpha[p] = transparency[index] as number;
      } else {
        for (let k = 0; k < colors; k++) samples[p * colors + k] = sample(row, x * channels + k);
        if (channels === 2 || channels === 4) alpha[p] = sample(row, x * channels + channels - 1);
        else if (key && rawMatches(rows, row, x, channels, depth, key)) alpha[p] = 0;
      }
      if (alpha[p] !== 255) translucent = true;
    }
  }
  return { kind: 'pixels', width, height, colors, samples, ...(translucent ? { alpha } : {}) };
}

function keyColour(trns: Uint8Array, type: number, depth: number): number[] | undefined {
  const count = type === 0 ? 1 : 3;
  if (trns.length < count * 2) return undefined;
  const mask = depth === 16 ? 0xffff : (1 << depth) - 1;
  return Array.from({ length: count }, (_, k) => (((trns[k * 2] as number) << 8) | (trns[k * 2 + 1] as number)) & mask);
}

/** Whether pixel `x`'s raw samples (at the image's own depth) equal the tRNS colour. */
function rawMatches(rows: Uint8Array, row: number, x: number, channels: number, depth: number, key: number[]): boolean {
  for (let k = 0; k < key.length; k++) {
    const index = x * channels + k;
    let v: number;
    if (depth === 16) v = ((rows[row + index * 2] as number) << 8) | (rows[row + index * 2 + 1] as number);
    else if (depth === 8) v = rows[row + index] as number;
    else {
      const bit = index * depth;
      v = ((rows[row + (bit >> 3)] as number) >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
    }
    if (v !== key[k]) return false;
  }
  return true;
}
