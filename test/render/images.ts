/** Small PNG files written for the logo tests: any colour type and depth, each row with a chosen filter. */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export interface PngSpec {
  width: number;
  height: number;
  /** PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA. */
  type: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  /** The unfiltered rows, packed as the PNG stores them. */
  rows: Uint8Array[];
  palette?: Uint8Array;
  transparency?: Uint8Array;
  interlaced?: boolean;
  /** Row filters to apply, cycled (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth). */
  filters?: number[];
}

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;

/** Filters one row as the PNG writer would, given the previous (unfiltered) row. */
function filterRow(row: Uint8Array, prev: Uint8Array | undefined, filter: number, bpp: number): Uint8Array {
  const out = new Uint8Array(row.length);
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? (row[i - bpp] as number) : 0;
    const b = prev ? (prev[i] as number) : 0;
    const c = prev && i >= bpp ? (prev[i - bpp] as number) : 0;
    const p = a + b - c;
    const pa = Math.abs(p - a);
    const pb = Math.abs(p - b);
    const pc = Math.abs(p - c);
    const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter] as number;
    out[i] = ((row[i] as number) - predictor) & 0xff;
  }
  return out;
}

export function png(spec: PngSpec): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(spec.width, 0);
  ihdr.writeUInt32BE(spec.height, 4);
  ihdr[8] = spec.depth;
  ihdr[9] = spec.type;
  ihdr[12] = spec.interlaced ? 1 : 0;
  const bpp = Math.max(1, (CHANNELS[spec.type] * spec.depth) >> 3);
  const filters = spec.filters ?? [0];
  const raw = Buffer.concat(
    spec.rows.map((row, y) => {
      const f = filters[y % filters.length] as number;
      return Buffer.concat([Buffer.from([f]), filterRow(row, spec.rows[y - 1], f, bpp)]);
    }),
  );
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      ...(spec.palette ? [chunk('PLTE', spec.palette)] : []),
      ...(spec.transparency ? [chunk('tRNS', spec.transparency)] : []),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array(0)),
    ]),
  );
}

/** An RGBA image whose pixels come from `pixel`, rows filtered with each of the five filters in turn. */
export function rgbaPng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Uint8Array {
  const rows = Array.from({ length: height }, (_, y) => {
    const row = new Uint8Array(width * 4);
    for (let x = 0; x < width; x++) row.set(pixel(x, y), x * 4);
    return row;
  });
  return png({ width, height, type: 6, depth: 8, rows, filters: [0, 1, 2, 3, 4] });
}
