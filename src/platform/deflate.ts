/**
 * Deflate, inflate and CRC-32 on every runtime: node:zlib where the runtime has it (Node, Deno, Bun, and
 * Workers under nodejs_compat), fflate (pure JavaScript, MIT) elsewhere. Both write valid zlib and deflate
 * data, though not the same bytes: what they compress inflates to the same content.
 * @module
 */
import { Unzlib, zlibSync } from 'fflate';
import { nodeBuiltin } from './node-builtin.js';

/** The part of node:zlib used here. */
interface NodeZlib {
  deflateSync(data: Uint8Array, options: { level: number; strategy?: number }): Uint8Array;
  inflateSync(data: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
  crc32?(data: Uint8Array, value?: number): number;
  constants: { Z_RLE: number };
}

/** How to compress: zlib's level (0 to 9) and, for data made of runs, zlib's run-length strategy. */
export interface DeflateSettings {
  level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  /** node:zlib's Z_RLE; fflate has no such strategy and uses its level alone. */
  runLength?: boolean;
}

/** `data` compressed in the zlib format (RFC 1950), as PNG and PDF streams carry it. */
export function zlibDeflate(data: Uint8Array, settings: DeflateSettings): Uint8Array {
  const zlib = nodeBuiltin<NodeZlib>('node:zlib');
  if (zlib) return zlib.deflateSync(data, settings.runLength ? { level: settings.level, strategy: zlib.constants.Z_RLE } : { level: settings.level });
  return zlibSync(data, { level: settings.level });
}

/** Inflates zlib data, throwing a RangeError when the output would pass `maxBytes` (a hostile image cannot fill memory). */
export function zlibInflate(data: Uint8Array, maxBytes: number): Uint8Array {
  const limit = Math.max(1, maxBytes);
  const zlib = nodeBuiltin<NodeZlib>('node:zlib');
  if (zlib) return zlib.inflateSync(data, { maxOutputLength: limit });
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Unzlib((chunk, final) => {
    total += chunk.length;
    if (total > limit) throw new RangeError(`inflated data passes ${limit} bytes`);
    chunks.push(chunk);
    if (final) ended = true;
  });
  inflater.push(data, true);
  if (!ended) throw new RangeError('the zlib data ends early');
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE) of `data`, continuing from `crc`: node:zlib's where the runtime has it (Node 20.15 and later), else table-driven. */
export function crc32(data: Uint8Array, crc = 0): number {
  const native = nodeBuiltin<NodeZlib>('node:zlib')?.crc32;
  if (native) return native(data, crc) >>> 0;
  let c = (crc ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) c = (CRC_TABLE[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
