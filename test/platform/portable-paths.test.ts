/**
 * The portable paths of src/platform (what a browser runs) against Node's built-ins, on Node: SHA-256
 * digests equal node:crypto's, deflated data inflates back with node:zlib and the other way round, and
 * the QR PNG, the IRN, the PDF and the xlsx come out the same (PNG pixels, PDF content inflated, the
 * workbook as a reader sees it) whichever path made them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { irnOf } from '../../src/compute/irn.js';
import { crc32, zlibDeflate, zlibInflate } from '../../src/platform/deflate.js';
import { forcePortablePaths, nodeBuiltin } from '../../src/platform/node-builtin.js';
import { createSha256, sha256Hex, toHex } from '../../src/platform/sha256.js';
import { renderEinvoicePdf } from '../../src/render/pdf/index.js';
import { qrImage } from '../../src/render/qr/index.js';
import { XlsxStreamWriter } from '../../src/render/excel/xlsx-writer.js';
import { memorySink } from '../../src/render/excel/zip.js';
import { readWorkbook } from '../gstr/helpers.js';
import { invoice, record, SIGNED_QR } from '../render/fixtures.js';
import { rgbaPng } from '../render/images.js';

afterEach(() => forcePortablePaths(false));

/** Runs `make` on Node's built-ins, then on the portable paths. */
function bothWays<T>(make: () => T): { native: T; portable: T } {
  forcePortablePaths(false);
  const native = make();
  forcePortablePaths(true);
  try {
    return { native, portable: make() };
  } finally {
    forcePortablePaths(false);
  }
}

describe('nodeBuiltin', () => {
  it('gives node:zlib on Node, and nothing while the portable paths are forced', () => {
    expect(typeof nodeBuiltin<{ deflateSync: unknown }>('node:zlib')?.deflateSync).toBe('function');
    forcePortablePaths(true);
    expect(nodeBuiltin('node:zlib')).toBe(undefined);
  });
});

describe('SHA-256', () => {
  it('gives the digests of FIPS 180-4 for "abc" and the empty text', () => {
    forcePortablePaths(true);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it("equals node:crypto's for any bytes, fed in any pieces", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.array(fc.nat(200), { maxLength: 6 }), (bytes, cuts) => {
        forcePortablePaths(true);
        const hash = createSha256();
        let at = 0;
        for (const cut of cuts) {
          hash.update(bytes.subarray(at, at + cut));
          at = Math.min(bytes.length, at + cut);
        }
        hash.update(bytes.subarray(at));
        expect(toHex(hash.digest())).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
    );
  });

  it('hashes text as UTF-8, as node:crypto does', () => {
    const text = 'GSTIN ₹ अ 🙂';
    forcePortablePaths(true);
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('gives the same IRN either way', () => {
    const { native, portable } = bothWays(() => irnOf('29AAACB1234C1Z5', 'INV', 'INV/2025/0001', '15/07/2025'));
    expect(portable).toBe(native);
    expect(native).toBe(createHash('sha256').update('29AAACB1234C1Z52025-26INVINV/2025/0001').digest('hex'));
  });
});

describe('deflate and inflate', () => {
  it('deflates what node:zlib inflates back, and inflates what node:zlib deflated', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), fc.constantFrom(0, 1, 6, 9) as fc.Arbitrary<0 | 1 | 6 | 9>, (bytes, level) => {
        forcePortablePaths(true);
        expect(new Uint8Array(inflateSync(zlibDeflate(bytes, { level })))).toEqual(bytes);
        expect(zlibInflate(deflateSync(bytes, { level }), bytes.length)).toEqual(bytes);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses with a RangeError to inflate past the bound, or data cut short', () => {
    const big = deflateSync(new Uint8Array(100_000));
    for (const portable of [false, true]) {
      forcePortablePaths(portable);
      expect(() => zlibInflate(big, 10_000)).toThrow(RangeError);
    }
    forcePortablePaths(true);
    expect(() => zlibInflate(deflateSync(randomBytes(5000)).subarray(0, 2000), 10_000)).toThrow();
  });

  it("computes node:zlib's CRC-32, continued across pieces", () => {
    const bytes = randomBytes(3000);
    const { native, portable } = bothWays(() => crc32(bytes.subarray(1000), crc32(bytes.subarray(0, 1000))));
    expect(portable).toBe(native);
    expect(native).toBe(crc32(bytes));
  });
});

/** A PNG's chunks, and its IDAT data inflated. */
function pngParts(png: Uint8Array): { chunks: string[]; pixels: Uint8Array } {
  const bytes = Buffer.from(png);
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    // Every chunk's CRC must hold, whichever path computed it.
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
    if (type === 'IDAT') idat.push(body);
    else chunks.push(`${type}:${body.toString('hex')}`);
    at += 12 + length;
  }
  return { chunks, pixels: new Uint8Array(inflateSync(Buffer.concat(idat))) };
}

/** A PDF with each FlateDecode stream inflated, and the lengths, offsets and ID (which depend on the compressed bytes) left out. */
function pdfContent(pdf: Uint8Array): string {
  const text = Buffer.from(pdf).toString('latin1');
  const parts: string[] = [];
  const streamAt = />>\s*stream\r?\n/g;
  let last = 0;
  for (let m = streamAt.exec(text); m; m = streamAt.exec(text)) {
    const head = text.slice(last, m.index);
    const dict = head.slice(head.lastIndexOf('<<'));
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const start = m.index + m[0].length;
    const body = pdf.subarray(start, start + length);
    parts.push(head.replace(/\/Length \d+/g, '/Length _'), Buffer.from(dict.includes('/FlateDecode') ? inflateSync(body) : body).toString('latin1'));
    last = start + length;
    streamAt.lastIndex = last;
  }
  return parts.join('\n') + text.slice(last, text.indexOf('xref', last));
}

describe('outputs either way', () => {
  it('draws the same QR PNG: same header, same pixels', () => {
    const { native, portable } = bothWays(() => pngParts(qrImage(SIGNED_QR, { format: 'png' })));
    expect(portable).toEqual(native);
    expect(native.pixels.length).toBeGreaterThan(1000);
  });

  it('draws the same e-invoice PDF content, logo included', async () => {
    const logo = rgbaPng(40, 20, (x, y) => [x * 6, y * 12, 200, x < 10 ? 0 : 255]);
    const render = async (): Promise<string> => {
      const r = await renderEinvoicePdf(record(), invoice(3), { logo });
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return pdfContent(r.value);
    };
    const native = await render();
    forcePortablePaths(true);
    const portable = await render();
    expect(portable).toBe(native);
    expect(native).toContain('/Subtype /Image');
  });
});

describe('zip entries either way', () => {
  it('writes a workbook a reader reads the same, with a sink that makes the writer wait', async () => {
    const write = async (): Promise<Uint8Array> => {
      const kept = memorySink();
      // A sink that asks to wait on every other chunk, as a slow file or network would.
      let n = 0;
      const sink = {
        write: (chunk: Uint8Array) => (n++ % 2 === 0 ? new Promise<void>((r) => setTimeout(() => r(kept.write(chunk) ?? undefined), 0)) : kept.write(chunk)),
      };
      const w = new XlsxStreamWriter(sink);
      const rows = Array.from({ length: 3000 }, (_, i) => [`party ${i} & <co> "₹"`, i * 10.5, i]);
      await w.addTable(
        'Data',
        [
          { header: 'Name', kind: 'text' },
          { header: 'Amount', kind: 'amount' },
          { header: 'N', kind: 'integer' },
        ],
        rows,
      );
      await w.finish();
      return kept.bytes();
    };
    const native = await write();
    forcePortablePaths(true);
    const portable = await write();
    forcePortablePaths(false);
    const [a, b] = [await readWorkbook(native), await readWorkbook(portable)];
    expect(b).toEqual(a);
    expect(a[0]?.rows.length).toBe(3001);
  });
});
