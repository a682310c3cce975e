import { latin1Text } from '../../../platform/latin1.js';

/**
 * A page's content stream written as bytes while the page is drawn. Operators go straight into one
 * growing buffer, reused from page to page, instead of collecting as strings: a long document's
 * operator text would otherwise live long enough to be copied by the garbage collector before the
 * page is deflated, which cost more than drawing it.
 */
export class ContentBuffer {
  private bytes: Uint8Array;
  length = 0;

  /** `capacity` is the starting size in bytes; the buffer doubles as needed. */
  constructor(capacity = 16 * 1024) {
    this.bytes = new Uint8Array(capacity);
  }

  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** Appends ASCII (or Latin-1) text. */
  ascii(s: string): this {
    const n = s.length;
    this.room(n);
    const b = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) b[at++] = s.charCodeAt(i);
    this.length = at;
    return this;
  }

  /** Appends bytes already encoded. */
  raw(data: Uint8Array): this {
    this.room(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
    return this;
  }

  /**
   * Appends a number rounded to 2 places, without trailing zeros, followed by a space: the same text
   * `String(Math.round(n * 100) / 100)` gives for the sizes and coordinates of a page, without making
   * a string.
   */
  num(n: number): this {
    let r = Math.round(n * 100);
    // Not a coordinate (huge or not finite): the general form, never reached by the layouts.
    if (!(Math.abs(r) < 1e15)) return this.ascii(`${r / 100} `);
    this.room(24);
    const b = this.bytes;
    if (r < 0) {
      b[this.length++] = 45; // '-'
      r = -r;
    }
    const whole = Math.floor(r / 100);
    const frac = r - whole * 100;
    this.int(whole);
    if (frac !== 0) {
      b[this.length++] = 46; // '.'
      const tens = Math.floor(frac / 10);
      b[this.length++] = 48 + tens;
      const ones = frac - tens * 10;
      if (ones !== 0) b[this.length++] = 48 + ones;
    }
    b[this.length++] = 32;
    return this;
  }

  private int(v: number): void {
    const b = this.bytes;
    if (v < 10) {
      b[this.length++] = 48 + v;
      return;
    }
    let digits = 1;
    for (let p = 10; p <= v; p *= 10) digits++;
    let at = this.length + digits;
    this.length = at;
    while (digits-- > 0) {
      const q = Math.floor(v / 10);
      b[--at] = 48 + (v - q * 10);
      v = q;
    }
  }

  /** Appends a number below 65536 as four lowercase hex digits (a CID in a hex string). */
  hex4(v: number): this {
    this.room(4);
    const b = this.bytes;
    const at = this.length;
    b[at] = HEX[(v >> 12) & 15] as number;
    b[at + 1] = HEX[(v >> 8) & 15] as number;
    b[at + 2] = HEX[(v >> 4) & 15] as number;
    b[at + 3] = HEX[v & 15] as number;
    this.length = at + 4;
    return this;
  }

  /** The content so far (a view into the buffer, valid until the next write). */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  /** The content so far as Latin-1 text. */
  text(): string {
    return latin1Text(this.view());
  }

  /** Empties the buffer, keeping its memory for the next page. */
  clear(): void {
    this.length = 0;
  }
}

const HEX = Uint8Array.from('0123456789abcdef', (ch) => ch.charCodeAt(0));
