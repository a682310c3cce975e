/**
 * The PDF renderer's font loader port: a document loads only the fonts it draws with, through the loader
 * it is given, and a loader that fails gives SVC-800 without leaving the failure cached.
 */
import { describe, expect, it } from 'vitest';
import { FONT_UNAVAILABLE, FontUnavailableError, packageFontLoader, renderEinvoicePdf, useFontLoader } from '../../src/render/pdf/index.js';
import { indicInvoice, invoice, record } from './fixtures.js';

describe('font loader', () => {
  it('rejects with SVC-800 naming the font when the loader fails, and loads again once given a working one', async () => {
    useFontLoader(async () => {
      throw new Error('offline');
    });
    const failed = renderEinvoicePdf(record(), invoice(2));
    await expect(failed).rejects.toBeInstanceOf(FontUnavailableError);
    await expect(failed).rejects.toMatchObject({ code: FONT_UNAVAILABLE, message: expect.stringMatching(/NotoSans-(Regular|Bold)\.ttf.*offline/) });
    useFontLoader();
    const r = await renderEinvoicePdf(record(), invoice(2));
    expect(r.ok).toBe(true);
  });

  it('asks the loader only for the fonts a document draws with, each once', async () => {
    const asked: string[] = [];
    useFontLoader((file) => {
      asked.push(file);
      return packageFontLoader(file);
    });
    try {
      // The Latin fonts are loaded by the test above; an Indic document adds only its scripts' fonts.
      const r = await renderEinvoicePdf(record(), indicInvoice());
      expect(r.ok).toBe(true);
      await renderEinvoicePdf(record(), indicInvoice());
    } finally {
      useFontLoader();
    }
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((f) => /^NotoSans[A-Z]\w+-Regular\.ttf$/.test(f))).toBe(true);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('refuses a file that is not a font of the package', async () => {
    await expect(packageFontLoader('../package.json')).rejects.toThrow(/not a font of the package/);
  });
});
