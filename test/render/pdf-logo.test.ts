/**
 * The logo option of the e-invoice and e-waybill PDFs: PNG (every colour type, depth and row filter) or
 * JPEG bytes drawn as an image in the header, the text still extracting, and bytes that cannot be drawn
 * refused with SVC-760 instead of a crash.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inflateBounded } from '../../src/render/pdf/engine/canvas.js';
import { readRaster, type PixelRaster } from '../../src/render/pdf/engine/raster.js';
import { checkPdfLogo, renderEinvoicePdf, renderEwaybillPdf } from '../../src/render/pdf/index.js';
import { encodeJpeg } from '../../src/render/qr/jpeg.js';
import { qrMatrix } from '../../src/render/qr/matrix.js';
import { rasterize } from '../../src/render/qr/raster.js';
import { ewaybill, invoice, IRN, record } from './fixtures.js';
import { png, rgbaPng } from './images.js';
import { hasTool, run } from './tools.js';

// In CI (CI=true) the tools are required: a missing one fails these tests instead of skipping them.
const poppler = (hasTool('pdfimages') && hasTool('pdftotext')) || process.env['CI'] === 'true';
const why = poppler ? '' : ' (pdfimages or pdftotext missing: apt-get install poppler-utils)';
const dir = mkdtempSync(join(tmpdir(), 'gstkit-pdf-logo-'));

/** A 40 x 20 logo: a red-to-blue gradient, transparent in its left quarter, half transparent in the next. */
const gradient = (x: number, y: number): [number, number, number, number] => [255 - x * 6, y * 12, x * 6, x < 10 ? 0 : x < 20 ? 128 : 255];
const pngLogo = rgbaPng(40, 20, gradient);
const jpegLogo = encodeJpeg(rasterize(qrMatrix('gstkit logo', 'standard'), 3, 2));

function pixels(bytes: Uint8Array): PixelRaster {
  const read = readRaster(bytes, inflateBounded);
  if (!read.ok) throw new Error(read.reason);
  if (read.value.kind !== 'pixels') throw new Error('not decoded to pixels');
  return read.value;
}

/** `pdfimages -list` rows: type, width, height, colour and encoding of each image. */
function imagesOf(pdf: Uint8Array, name: string): Array<{ type: string; width: number; height: number; color: string; enc: string }> {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return run('pdfimages', ['-list', file])
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const c = l.trim().split(/\s+/);
      return { type: c[2] as string, width: Number(c[3]), height: Number(c[4]), color: c[5] as string, enc: c[8] as string };
    });
}

describe('the raster reader', () => {
  it('decodes an RGBA PNG through all five row filters to its exact samples and alpha', () => {
    const r = pixels(pngLogo);
    expect([r.width, r.height, r.colors]).toEqual([40, 20, 3]);
    for (const [x, y] of [
      [0, 0],
      [13, 7],
      [39, 19],
      [25, 4],
    ] as const) {
      const [red, green, blue, alpha] = gradient(x, y);
      const p = y * 40 + x;
      expect([...r.samples.subarray(p * 3, p * 3 + 3), r.alpha?.[p]]).toEqual([red, green, blue, alpha]);
    }
  });

  it('reads a 2-bit palette with tRNS, a 16-bit grey and a grey with a transparent key colour', () => {
    // Palette: index 0 transparent white, 1 red, 2 green, 3 blue; four pixels a row, one byte.
    const palette = png({
      width: 4,
      height: 2,
      type: 3,
      depth: 2,
      rows: [new Uint8Array([0b00011011]), new Uint8Array([0b11100100])],
      palette: new Uint8Array([255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255]),
      transparency: new Uint8Array([0]),
      filters: [1, 2],
    });
    const p = pixels(palette);
    expect([...p.samples.subarray(0, 12)]).toEqual([255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255]);
    expect([...(p.alpha ?? [])]).toEqual([0, 255, 255, 255, 255, 255, 255, 0]);

    const grey16 = pixels(png({ width: 2, height: 1, type: 0, depth: 16, rows: [new Uint8Array([0x12, 0x34, 0xfe, 0xdc])] }));
    expect([...grey16.samples]).toEqual([0x12, 0xfe]);
    expect(grey16.alpha).toBeUndefined();

    const keyed = pixels(png({ width: 3, height: 1, type: 0, depth: 8, rows: [new Uint8Array([7, 9, 7])], transparency: new Uint8Array([0, 7]) }));
    expect([...(keyed.alpha ?? [])]).toEqual([0, 255, 0]);
  });

  it("reads a JPEG's size and components without decoding it", () => {
    const read = readRaster(jpegLogo, inflateBounded);
    expect(read).toMatchObject({ ok: true, value: { kind: 'jpeg', components: 1, bytes: jpegLogo } });
    if (read.ok) expect(read.value.width).toBeGreaterThan(20);
  });
});

describe('the e-invoice and e-waybill PDFs draw a logo', () => {
  it.skipIf(!poppler)(`a PNG logo is an image with its soft mask in the e-invoice, and the text still extracts${why}`, async () => {
    const pdf = await renderEinvoicePdf(record(), invoice(2), { logo: pngLogo, terms: 'Payment within 30 days.' });
    if (!pdf.ok) throw new Error(JSON.stringify(pdf.errors));
    const images = imagesOf(pdf.value, 'einvoice-png.pdf');
    expect(images).toContainEqual({ type: 'image', width: 40, height: 20, color: 'rgb', enc: 'image' });
    expect(images).toContainEqual({ type: 'smask', width: 40, height: 20, color: 'gray', enc: 'image' });
    const text = run('pdftotext', ['-layout', join(dir, 'einvoice-png.pdf'), '-']);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(IRN);
    expect(text).toContain('Payment within 30 days.');
    // Without the logo there is only the QR image.
    const plain = await renderEinvoicePdf(record(), invoice(2));
    if (plain.ok) expect(imagesOf(plain.value, 'einvoice-plain.pdf').filter((i) => i.width === 40)).toEqual([]);
  });

  it.skipIf(!poppler)(`a JPEG logo is embedded as it is (DCT) in the e-waybill${why}`, async () => {
    const pdf = await renderEwaybillPdf(ewaybill(), { logo: jpegLogo });
    if (!pdf.ok) throw new Error(JSON.stringify(pdf.errors));
    const read = readRaster(jpegLogo, inflateBounded);
    const size = read.ok ? [read.value.width, read.value.height] : [];
    const images = imagesOf(pdf.value, 'ewaybill-jpeg.pdf');
    expect(images).toContainEqual({ type: 'image', width: size[0], height: size[1], color: 'gray', enc: 'jpeg' });
    const text = run('pdftotext', ['-layout', join(dir, 'ewaybill-jpeg.pdf'), '-']);
    expect(text).toContain('e-Way Bill');
    expect(text.replace(/\s/g, '')).toContain(String(ewaybill().ewbNo));
  });

  it('gives equal bytes for equal input, and a different document id for a different logo', async () => {
    const a = await renderEinvoicePdf(record(), invoice(1), { logo: pngLogo });
    const b = await renderEinvoicePdf(record(), invoice(1), { logo: pngLogo });
    const c = await renderEinvoicePdf(record(), invoice(1), { logo: rgbaPng(40, 20, () => [0, 0, 0, 255]) });
    if (!a.ok || !b.ok || !c.ok) throw new Error('not rendered');
    expect(Buffer.from(a.value).equals(Buffer.from(b.value))).toBe(true);
    const id = (pdf: Uint8Array): string => /\/ID \[<(\w+)>/.exec(Buffer.from(pdf).toString('latin1'))?.[1] ?? '';
    expect(id(a.value)).not.toBe(id(c.value));
  });
});

describe('a logo that cannot be drawn is a coded error', () => {
  const truncated = pngLogo.subarray(0, pngLogo.length - 30);
  const corrupt = new Uint8Array(pngLogo);
  corrupt.fill(0xab, 60, 90); // inside the image data
  const interlaced = png({ width: 1, height: 1, type: 0, depth: 8, rows: [new Uint8Array([0])], interlaced: true });
  const huge = png({ width: 100_000, height: 100_000, type: 0, depth: 1, rows: [new Uint8Array([0])] });
  const cases: Array<[string, unknown, RegExp]> = [
    ['text instead of bytes', 'logo.png', /Uint8Array/],
    ['bytes of neither format', new TextEncoder().encode('GIF89a not a logo'), /neither a PNG nor a JPEG/],
    ['a PNG cut short', truncated, /cut short|no image data/],
    ['a PNG with corrupt image data', corrupt, /inflate|filter|cut short|shorter/],
    ['an interlaced PNG', interlaced, /interlaced/],
    ['a PNG that says it is 100,000 pixels a side', huge, /100000x100000/],
    ['a JPEG cut before its data', jpegLogo.subarray(0, 40), /cut short|no image data|frame/],
  ];
  it.each(cases)('%s', async (_, logo, reason) => {
    const einvoice = await renderEinvoicePdf(record(), invoice(1), { logo: logo as Uint8Array });
    expect(einvoice.ok).toBe(false);
    if (einvoice.ok) return;
    expect(einvoice.errors).toHaveLength(1);
    expect(einvoice.errors[0]).toMatchObject({ code: 'SVC-760', path: '/logo' });
    expect(einvoice.errors[0]?.message).toMatch(reason);
    const ewb = await renderEwaybillPdf(ewaybill(), { logo: logo as Uint8Array });
    expect(ewb.ok ? 'drawn' : ewb.errors[0]?.code).toBe('SVC-760');
    if (logo instanceof Uint8Array) expect(checkPdfLogo(logo).map((i) => i.code)).toEqual(['SVC-760']);
  });

  it('accepts the logos it draws', () => {
    expect(checkPdfLogo(pngLogo)).toEqual([]);
    expect(checkPdfLogo(jpegLogo)).toEqual([]);
  });
});
