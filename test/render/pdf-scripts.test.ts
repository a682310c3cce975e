import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderEinvoicePdf, renderEwaybillPdf } from '../../src/render/pdf/index.js';
import { Typesetter } from '../../src/render/pdf/engine/typeset.js';
import { INDIC_SCRIPTS } from '../../src/render/pdf/engine/scripts.js';
import { ewaybill, INDIC_SAMPLES, indicInvoice, invoice, record } from './fixtures.js';
import { hasTool, run } from './tools.js';

const poppler = hasTool('pdftotext') && hasTool('pdffonts') && hasTool('pdftoppm');
const why = poppler ? '' : ' (poppler-utils missing: apt-get install poppler-utils)';
const dir = mkdtempSync(join(tmpdir(), 'gstkit-scripts-'));

function save(bytes: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** Dark pixels of page 1 rendered in grey at 50 dpi: glyphs that draw nothing add none. */
function ink(file: string): number {
  const out = execFileSync('pdftoppm', ['-gray', '-r', '50', '-f', '1', '-l', '1', file]);
  // PGM: "P5\n<w> <h>\n255\n" then one byte per pixel.
  let at = 0;
  for (let fields = 0; fields < 4; at++) if (out[at] === 0x0a || out[at] === 0x20) fields++;
  let dark = 0;
  for (let i = at; i < out.length; i++) if ((out[i] as number) < 128) dark++;
  return dark;
}

const codeOf = (name: string): string => (INDIC_SCRIPTS.find((s) => s.name === name) as { code: string }).code;

describe('Indian scripts in the PDFs', () => {
  for (const [script, { name, place }] of Object.entries(INDIC_SAMPLES)) {
    it.skipIf(!poppler)(`prints a ${script} seller name and address that read back as written${why}`, async () => {
      const inv = invoice(2);
      Object.assign(inv['SellerDtls'] as object, { LglNm: name, Addr1: place });
      const r = await renderEinvoicePdf(record(), inv);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      expect(r.warnings).toEqual([]);
      const file = save(r.value, `${script}.pdf`);
      Object.assign(inv['SellerDtls'] as object, { LglNm: '', Addr1: '' });
      const blank = await renderEinvoicePdf(record(), inv);
      if (!blank.ok) throw new Error(JSON.stringify(blank.errors));
      // The name and address put ink on the page (a broken subset draws empty glyphs).
      const added = ink(file) - ink(save(blank.value, `${script}-blank.pdf`));
      expect(added).toBeGreaterThan(40);
      const text = run('pdftotext', [file, '-']);
      expect(text).toContain(name);
      expect(text).toContain(place);
      const fonts = run('pdffonts', [file]);
      expect(fonts).toMatch(new RegExp(`\\+NotoSans${script === 'Odia' ? 'Oriya' : script}-Regular\\s+CID TrueType`));
    });
  }

  it('shapes: conjuncts become fewer glyphs and vowel signs written before a consonant come first', async () => {
    const t = await Typesetter.create(INDIC_SCRIPTS.map((s) => s.code));
    const deva = t.line('कि क्ष').runs[0] as { font: { glyph(cp: number): number }; glyphs: number[] };
    // "कि": the i-sign (a form sized to its consonant) is drawn before the consonant it follows in the text.
    expect(deva.glyphs[1]).toBe(deva.font.glyph(0x0915));
    expect(deva.glyphs[0]).not.toBe(deva.font.glyph(0x0915));
    expect(deva.glyphs[0]).not.toBe(0);
    // "क्ष" (KA, VIRAMA, SSA) is one conjunct glyph, none of the three nominal glyphs.
    const ksha = t.line('क्ष').runs[0] as { font: { glyph(cp: number): number }; glyphs: number[] };
    expect(ksha.glyphs).toHaveLength(1);
    expect([0x0915, 0x094d, 0x0937].map((cp) => ksha.font.glyph(cp))).not.toContain(ksha.glyphs[0]);
    // Tamil "னை": the AI sign goes before NNA; Malayalam "കൊ": the O sign splits around KA.
    const tamil = t.line('னை').runs[0] as { font: { glyph(cp: number): number }; glyphs: number[] };
    expect(tamil.glyphs[0]).toBe(tamil.font.glyph(0x0bc8));
    const mal = t.line('കൊ').runs[0] as { font: { glyph(cp: number): number }; glyphs: number[] };
    expect(mal.glyphs).toEqual([mal.font.glyph(0x0d46), mal.font.glyph(0x0d15), mal.font.glyph(0x0d3e)]);
    for (const { code } of INDIC_SCRIPTS) expect(t.line(`x ${INDIC_SAMPLES[INDIC_SCRIPTS.find((s) => s.code === code)!.name]!.name}`).missing).toEqual([]);
    expect(codeOf('Odia')).toBe('orya');
  });

  it.skipIf(!poppler)(`one invoice in nine scripts embeds each script's font once and reads back whole${why}`, async () => {
    const r = await renderEinvoicePdf(record(), indicInvoice());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.warnings).toEqual([]);
    const file = save(r.value, 'nine.pdf');
    const fonts = run('pdffonts', [file]);
    for (const s of INDIC_SCRIPTS) expect(fonts.split(s.file.replace('.ttf', '')).length - 1).toBe(1);
    const text = run('pdftotext', [file, '-']);
    for (const { name } of Object.values(INDIC_SAMPLES)) expect(text).toContain(name);
    expect(r.value.length).toBeLessThan(80_000);
  });

  it.skipIf(!poppler)(`warns about characters no font draws and prints them as ?${why}`, async () => {
    const inv = invoice(1);
    Object.assign(inv['SellerDtls'] as object, { LglNm: 'Chen 中 Traders 😀' });
    const r = await renderEinvoicePdf(record(), inv);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatchObject({ code: 'SVC-525', severity: 'warning' });
    expect(r.warnings[0]?.message).toContain('U+4E2D');
    expect(r.warnings[0]?.message).toContain('U+1F600');
    expect(run('pdftotext', [save(r.value, 'missing.pdf'), '-'])).toContain('Chen ? Traders ?');
  });

  it.skipIf(!poppler)(`an e-waybill prints Indic party names too${why}`, async () => {
    const detail = { ...ewaybill(), fromTrdName: INDIC_SAMPLES['Bengali']!.name, toTrdName: INDIC_SAMPLES['Telugu']!.name };
    const r = await renderEwaybillPdf(detail);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const text = run('pdftotext', [save(r.value, 'ewb.pdf'), '-']);
    expect(text).toContain(INDIC_SAMPLES['Bengali']!.name);
    expect(text).toContain(INDIC_SAMPLES['Telugu']!.name);
  });

  it.skipIf(!poppler)(`a one-page invoice embeds only the glyphs it uses: at most 40 KB${why}`, async () => {
    const r = await renderEinvoicePdf(record(), invoice(5));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value.length).toBeLessThanOrEqual(40 * 1024);
    const fonts = run('pdffonts', [save(r.value, 'latin.pdf')]);
    expect(fonts).not.toMatch(/Devanagari|Tamil/);
  });
});

describe('line breaking', () => {
  it('keeps every word, in order, and breaks lines only where they would overflow', async () => {
    const { Canvas } = await import('../../src/render/pdf/engine/canvas.js');
    const c = await Canvas.create({ s: INDIC_SAMPLES });
    const words = ['GST', '1,18,000.00', 'Rao', 'Traders', 'श्री', 'गणेश', 'ட்ரேடர்ஸ்', 'ಬೆಂಗಳೂರು', 'Precision-engineered'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { maxLength: 12 }),
        fc.constantFrom(' ', '  ', '\t', ' \n '),
        fc.integer({ min: 40, max: 200 }),
        (picked, gap, width) => {
          const text = picked.join(gap);
          const style = { size: 8 };
          const lines = c.wrap(text, width, style);
          expect(lines.join(' ').split(/\s+/).filter(Boolean).join('')).toBe(picked.join(''));
          // A line of several words always fits; a single word longer than the width is cut into pieces.
          for (const line of lines) if (line.includes(' ')) expect(c.width(line, style)).toBeLessThanOrEqual(width);
        },
      ),
      { numRuns: 150 },
    );
  });
});
