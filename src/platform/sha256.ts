/**
 * SHA-256 (FIPS 180-4) on every runtime: node:crypto's where the runtime has it (Node, Deno, Bun, and
 * Workers under nodejs_compat), else a portable one written from the standard. The hash is fed in pieces
 * and read once, as node:crypto's is; the PDF writer hashes its streams as it writes them.
 * @module
 */
import { nodeBuiltin } from './node-builtin.js';

/** A hash being fed: text is taken as UTF-8. */
export interface Sha256 {
  update(data: Uint8Array | string): Sha256;
  /** The 32 bytes of the digest; the hash may not be fed or read again. */
  digest(): Uint8Array;
}

interface NodeHash {
  update(data: Uint8Array | string): NodeHash;
  digest(encoding: 'hex'): string;
  digest(): Uint8Array;
}

interface NodeCrypto {
  createHash(algorithm: 'sha256'): NodeHash;
  /** One-shot hashing, Node 20.12 and later: the fastest for short text. */
  hash?(algorithm: 'sha256', data: string, encoding: 'hex'): string;
}

/** The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The initial hash value: the fractional parts of the square roots of the first 8 primes. */
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** The portable hash: 64-byte blocks, a partial block kept between updates. */
class PortableSha256 implements Sha256 {
  private readonly state = Uint32Array.from(H0);
  private readonly block = new Uint8Array(64);
  private readonly words = new Uint32Array(64);
  private filled = 0;
  private length = 0;

  update(data: Uint8Array | string): Sha256 {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    this.length += bytes.length;
    let at = 0;
    if (this.filled > 0) {
      const take = Math.min(64 - this.filled, bytes.length);
      this.block.set(bytes.subarray(0, take), this.filled);
      this.filled += take;
      at = take;
      if (this.filled < 64) return this;
      this.compress(this.block, 0);
      this.filled = 0;
    }
    for (; at + 64 <= bytes.length; at += 64) this.compress(bytes, at);
    this.block.set(bytes.subarray(at), 0);
    this.filled = bytes.length - at;
    return this;
  }

  digest(): Uint8Array {
    const bits = this.length * 8;
    const tail = new Uint8Array((this.filled < 56 ? 64 : 128) - this.filled);
    tail[0] = 0x80;
    const view = new DataView(tail.buffer);
    // The message length in bits, big-endian over the last 8 bytes (beyond 2^53 bits is not reachable).
    view.setUint32(tail.length - 8, Math.floor(bits / 0x100000000));
    view.setUint32(tail.length - 4, bits >>> 0);
    this.update(tail);
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) outView.setUint32(i * 4, this.state[i] as number);
    return out;
  }

  private compress(bytes: Uint8Array, at: number): void {
    const w = this.words;
    for (let i = 0; i < 16; i++) {
      const j = at + i * 4;
      w[i] = ((bytes[j] as number) << 24) | ((bytes[j + 1] as number) << 16) | ((bytes[j + 2] as number) << 8) | (bytes[j + 3] as number);
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
    }
    const s = this.state;
    let [a, b, c, d, e, f, g, h] = [s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]] as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    s[0] = (s[0] as number) + a;
    s[1] = (s[1] as number) + b;
    s[2] = (s[2] as number) + c;
    s[3] = (s[3] as number) + d;
    s[4] = (s[4] as number) + e;
    s[5] = (s[5] as number) + f;
    s[6] = (s[6] as number) + g;
    s[7] = (s[7] as number) + h;
  }
}

/** A node:crypto hash seen through {@link Sha256}. */
class NativeSha256 implements Sha256 {
  constructor(private readonly hash: NodeHash) {}
  update(data: Uint8Array | string): Sha256 {
    this.hash.update(data);
    return this;
  }
  digest(): Uint8Array {
    return this.hash.digest();
  }
}

/** A new SHA-256 hash: node:crypto's where the runtime has it, else the portable one. */
export function createSha256(): Sha256 {
  const crypto = nodeBuiltin<NodeCrypto>('node:crypto');
  return crypto ? new NativeSha256(crypto.createHash('sha256')) : new PortableSha256();
}

/** Bytes as lowercase hex. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** SHA-256 of UTF-8 text, as 64 lowercase hex characters. */
export function sha256Hex(text: string): string {
  const crypto = nodeBuiltin<NodeCrypto>('node:crypto');
  if (crypto?.hash) return crypto.hash('sha256', text, 'hex');
  if (crypto) return crypto.createHash('sha256').update(text).digest('hex');
  return toHex(new PortableSha256().update(text).digest());
}
