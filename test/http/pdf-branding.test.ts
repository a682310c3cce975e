/**
 * A host's logo and terms on the PDFs served over HTTP (`pdfBranding`), rendered in line and in worker
 * threads, and `GSTKIT_PDF_LOGO` / `GSTKIT_PDF_TERMS` as `gstkit serve` reads them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfBrandingFromEnv } from '../../src/cli/pdf-branding-env.js';
import { threadPdfRenderer } from '../../src/jobs/pdf-threads.js';
import { createThreadPool } from '../../src/jobs/thread-pool.js';
import { rgbaPng } from '../render/images.js';
import { hasTool } from '../render/tools.js';
import { A_GSTINS, authA, example, world } from './harness.js';

const SELLER = A_GSTINS[0]!;
const E = 'http://gstkit.test/api/svc/einvoice';
const dir = mkdtempSync(join(tmpdir(), 'gstkit-pdf-branding-'));
// In CI (CI=true) the tools are required: a missing one fails these tests instead of skipping them.
const poppler = (hasTool('pdfimages') && hasTool('pdftotext')) || process.env['CI'] === 'true';
const why = poppler ? '' : ' (pdfimages or pdftotext missing: apt-get install poppler-utils)';
const logo = rgbaPng(60, 24, (x, y) => [x * 4, y * 10, 90, 255]);
const pool = createThreadPool({ size: 1 });
afterAll(() => pool.close());

async function saved(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  return file;
}

/** Whether the PDF holds a 60 x 24 RGB image: the logo (the QR is a 1-bit grey square). */
const hasLogo = (file: string): boolean => /\bimage\s+60\s+24\s+rgb\b/.test(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }));

describe.each([
  ['in line', {}],
  ['in worker threads', { pdfRenderer: threadPdfRenderer(pool) }],
] as const)('pdfBranding (%s)', (_, options) => {
  it.skipIf(!poppler)(`draws the host's logo on the e-invoice and e-waybill PDFs and its terms on the e-invoice${why}`, async () => {
    const { handler } = world({ ...options, pdfBranding: { logo, terms: 'Goods once sold are taken back within 7 days.' } });
    const call = (path: string, body?: unknown): Promise<Response> =>
      handler(
        new Request(`${E}/${path}`, {
          method: body ? 'POST' : 'GET',
          headers: { authorization: authA, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      );
    const res = await call('generateirn?pdf=file', example('irn'));
    const ewbNo = res.headers.get('svc-ewbno') ?? '';
    const einvoice = await saved(res);
    expect(hasLogo(einvoice)).toBe(true);
    expect(execFileSync('pdftotext', ['-layout', einvoice, '-'], { encoding: 'utf8' })).toContain('Goods once sold are taken back within 7 days.');
    const ewaybill = await saved(await call(`getewaybill?gstin=${SELLER}&ewbNo=${ewbNo}&pdf=file`));
    expect(hasLogo(ewaybill)).toBe(true);

    // pdf=yes: the same PDFs in Base64 inside the JSON answer.
    const irn = res.headers.get('svc-irn') ?? '';
    const body = (await (await call(`getirn?gstin=${SELLER}&irn=${irn}&pdf=yes`)).json()) as { EinvoicePdf: string; EwbPdf: string };
    for (const [name, pdf] of [
      ['einvoice-yes.pdf', body.EinvoicePdf],
      ['ewaybill-yes.pdf', body.EwbPdf],
    ] as const) {
      writeFileSync(join(dir, name), Buffer.from(pdf, 'base64'));
      expect(hasLogo(join(dir, name))).toBe(true);
    }
  });
});

describe('GSTKIT_PDF_LOGO and GSTKIT_PDF_TERMS', () => {
  it('reads the logo file and the terms, with \\n as a line break', async () => {
    const file = join(dir, 'logo.png');
    writeFileSync(file, logo);
    const read = await pdfBrandingFromEnv({ GSTKIT_PDF_LOGO: file, GSTKIT_PDF_TERMS: 'Line one\\nLine two' });
    expect(read).toEqual({ ok: true, branding: { logo, terms: 'Line one\nLine two' } });
    expect(await pdfBrandingFromEnv({})).toEqual({ ok: true, branding: undefined });
  });

  it('stops the server at start on a file that is missing or cannot be drawn, naming the variable', async () => {
    const missing = await pdfBrandingFromEnv({ GSTKIT_PDF_LOGO: join(dir, 'no-such-logo.png') });
    expect(missing).toMatchObject({ ok: false, message: expect.stringMatching(/^GSTKIT_PDF_LOGO: cannot read .*no-such-logo\.png/) });
    const text = join(dir, 'logo.txt');
    writeFileSync(text, 'not an image');
    const bad = await pdfBrandingFromEnv({ GSTKIT_PDF_LOGO: text });
    expect(bad).toMatchObject({ ok: false, message: expect.stringMatching(/^GSTKIT_PDF_LOGO: .*logo\.txt: SVC-760 .*neither a PNG nor a JPEG/) });
  });
});
