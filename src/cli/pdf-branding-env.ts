/**
 * The PDFs' logo and terms from the environment of `gstkit serve`: `GSTKIT_PDF_LOGO` names a PNG or JPEG
 * file, read here (the library reads no files) and checked once, so a bad logo stops the server at start
 * instead of failing every PDF; `GSTKIT_PDF_TERMS` is the e-invoice's terms, `\n` breaking lines.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { checkPdfLogo } from '../render/pdf/logo.js';
import type { PdfBranding } from '../render/pdf/renderer.js';

export type PdfBrandingSetting = { ok: true; branding: PdfBranding | undefined } | { ok: false; message: string };

export async function pdfBrandingFromEnv(env: Readonly<Record<string, string | undefined>>): Promise<PdfBrandingSetting> {
  const branding: PdfBranding = {};
  const path = env['GSTKIT_PDF_LOGO']?.trim();
  if (path) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(path));
    } catch (e) {
      return { ok: false, message: `GSTKIT_PDF_LOGO: cannot read ${path}: ${(e as Error).message}` };
    }
    const issues = checkPdfLogo(bytes);
    if (issues.length > 0) return { ok: false, message: `GSTKIT_PDF_LOGO: ${path}: ${issues.map((i) => `${i.code} ${i.message}`).join('; ')}` };
    branding.logo = bytes;
  }
  const terms = env['GSTKIT_PDF_TERMS']?.replace(/\\n/g, '\n').trim();
  if (terms) branding.terms = terms;
  return { ok: true, branding: branding.logo || branding.terms ? branding : undefined };
}
