import type { QrRaster } from './raster.js';

// Baseline greyscale JPEG (one component, Huffman tables and quantisation from ITU-T T.81 Annex K).

const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103,
  77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22,
  15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42,
  0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35,
  0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67,
  0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98,
  0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7,
  0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4,
  0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

/** Quality 75 on the IJG scale: module edges ring a little but never cross into the next module. */
const QUALITY = 75;

interface Huffman {
  code: Uint16Array;
  length: Uint8Array;
}

function buildHuffman(bits: number[], values: number[]): Huffman {
  const code = new Uint16Array(256);
  const length = new Uint8Array(256);
  let c = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < (bits[len - 1] as number); i++) {
      const v = values[k++] as number;
      code[v] = c++;
      length[v] = len;
    }
    c <<= 1;
  }
  return { code, length };
}

const DC = buildHuffman(DC_BITS, DC_VALUES);
const AC = buildHuffman(AC_BITS, AC_VALUES);

const QUANT = (() => {
  const scale = QUALITY < 50 ? 5000 / QUALITY : 200 - QUALITY * 2;
  return LUMA_QUANT.map((q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))));
})();

/** cos((2x + 1) u pi / 16) * c(u) / 2, the separable DCT basis. */
const BASIS = (() => {
  const t = new Float64Array(64);
  for (let u = 0; u < 8; u++) {
    const cu = u === 0 ? Math.SQRT1_2 : 1;
    for (let x = 0; x < 8; x++) t[u * 8 + x] = (cu / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  }
  return t;
})();

/** Quantised coefficients of one 8x8 block of 0/1 pixels (1 dark), in zig-zag order. */
function transform(block: Uint8Array): Int16Array {
  const tmp = new Float64Array(64);
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < 8; x++) s += (block[y * 8 + x] ? -128 : 127) * (BASIS[u * 8 + x] as number);
      tmp[y * 8 + u] = s;
    }
  }
  const out = new Int16Array(64);
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let y = 0; y < 8; y++) s += (tmp[y * 8 + u] as number) * (BASIS[v * 8 + y] as number);
      const index = v * 8 + u;
      out[ZIGZAG.indexOf(index)] = Math.round(s / (QUANT[index] as number));
    }
  }
  return out;
}

class BitWriter {
  bytes: number[] = [];
  private acc = 0;
  private bits = 0;

  write(code: number, size: number): void {
    for (let i = size - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((code >> i) & 1);
      if (++this.bits === 8) {
        this.bytes.push(this.acc);
        if (this.acc === 0xff) this.bytes.push(0);
        this.acc = 0;
        this.bits = 0;
      }
    }
  }

  flush(): void {
    if (this.bits > 0) this.write((1 << (8 - this.bits)) - 1, 8 - this.bits);
  }
}

function magnitude(value: number): [number, number] {
  const abs = Math.abs(value);
  let size = 0;
  while (abs >> size) size++;
  return [size, value < 0 ? value + (1 << size) - 1 : value];
}

function encodeBlock(w: BitWriter, coefficients: Int16Array, previousDc: number): number {
  const dc = coefficients[0] as number;
  const [dcSize, dcBits] = magnitude(dc - previousDc);
  w.write(DC.code[dcSize] as number, DC.length[dcSize] as number);
  if (dcSize > 0) w.write(dcBits, dcSize);
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const c = coefficients[k] as number;
    if (c === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      w.write(AC.code[0xf0] as number, AC.length[0xf0] as number);
      run -= 16;
    }
    const [size, bits] = magnitude(c);
    const symbol = (run << 4) | size;
    w.write(AC.code[symbol] as number, AC.length[symbol] as number);
    w.write(bits, size);
    run = 0;
  }
  if (run > 0) w.write(AC.code[0] as number, AC.length[0] as number);
  return dc;
}

function segment(marker: number, body: number[]): number[] {
  const len = body.length + 2;
  return [0xff, marker, len >> 8, len & 0xff, ...body];
}

/**
 * A baseline greyscale JPEG. A QR image has few distinct 8x8 blocks, so each block's quantised
 * coefficients are computed once per image and looked up by the block's 64 pixel bits.
 */
export function encodeJpeg(raster: QrRaster): Uint8Array {
  const { width, scale, pixelRows } = raster;
  const height = pixelRows.length * scale;
  const rowAt = (y: number): Uint8Array => pixelRows[Math.min(pixelRows.length - 1, Math.floor(y / scale))] as Uint8Array;
  const cache = new Map<string, Int16Array>();
  const block = new Uint8Array(64);
  const w = new BitWriter();
  let previousDc = 0;
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      let hi = 0;
      let lo = 0;
      for (let y = 0; y < 8; y++) {
        const row = rowAt(Math.min(height - 1, by + y));
        for (let x = 0; x < 8; x++) {
          const p = row[Math.min(width - 1, bx + x)] as number; // edge blocks repeat the last pixel
          block[y * 8 + x] = p;
          if (y < 4) hi = (hi << 1) | p;
          else lo = (lo << 1) | p;
        }
      }
      const key = `${hi >>> 0}:${lo >>> 0}`;
      let coefficients = cache.get(key);
      if (coefficients === undefined) {
        coefficients = transform(block);
        cache.set(key, coefficients);
      }
      previousDc = encodeBlock(w, coefficients, previousDc);
    }
  }
  w.flush();
  const quant: number[] = [0];
  for (let k = 0; k < 64; k++) quant.push(QUANT[ZIGZAG[k] as number] as number);
  const head = [
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, quant),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  ];
  const out = new Uint8Array(head.length + w.bytes.length + 2);
  out.set(head, 0);
  out.set(w.bytes, head.length);
  out[out.length - 2] = 0xff;
  out[out.length - 1] = 0xd9;
  return out;
}
