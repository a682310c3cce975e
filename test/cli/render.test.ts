/** `gstkit render ...` as a script would call it: bytes on standard output, checked with real readers. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasTool, run } from '../render/tools.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const zbar = hasTool('zbarimg');
const poppler = hasTool('pdftotext');

function gstkit(args: string[]): { code: number | null; stdout: Buffer; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr.toString() };
}

function withFile<T>(name: string, data: Buffer, use: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'gstkit-render-'));
  try {
    const path = join(dir, name);
    writeFileSync(path, data);
    return use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('gstkit render', () => {
  const record = JSON.parse(readFileSync(join(root, 'docs/examples/irn-record.json'), 'utf8'));

  it.skipIf(!zbar)(`qr encodes the SignedQRCode of an IRN record in each format${zbar ? '' : ' (skipped: apt-get install zbar-tools)'}`, () => {
    for (const format of ['png', 'gif', 'jpeg']) {
      const out = gstkit(['render', 'qr', 'docs/examples/irn-record.json', '--format', format, '--quality', 'standard']);
      expect(out.code).toBe(0);
      const decoded = withFile(`qr.${format}`, out.stdout, (path) => run('zbarimg', ['-q', '--raw', path]).trim());
      expect(decoded).toBe(record.SignedQRCode);
    }
  });

  it.skipIf(!poppler)(`einvoice-pdf reads the invoice inside SignedInvoice and prints it${poppler ? '' : ' (skipped: apt-get install poppler-utils)'}`, () => {
    const out = gstkit(['render', 'einvoice-pdf', 'docs/examples/irn-record.json']);
    expect(out.code).toBe(0);
    expect(out.stdout.subarray(0, 5).toString()).toBe('%PDF-');
    const text = withFile('invoice.pdf', out.stdout, (path) => run('pdftotext', ['-layout', path, '-']));
    expect(text).toContain(record.Irn);
    expect(text).toContain(String(record.AckNo));
  });

  it.skipIf(!poppler)(`ewaybill-pdf prints the e-waybill of a get-e-waybill body${poppler ? '' : ' (skipped: apt-get install poppler-utils)'}`, () => {
    const detail = JSON.parse(readFileSync(join(root, 'docs/examples/ewb-detail.json'), 'utf8'));
    const out = gstkit(['render', 'ewaybill-pdf', 'docs/examples/ewb-detail.json']);
    expect(out.code).toBe(0);
    const text = withFile('ewb.pdf', out.stdout, (path) => run('pdftotext', ['-layout', path, '-']));
    expect(text.replace(/\s/g, '')).toContain(String(detail.Response.ewbNo));
  });

  it.skipIf(!hasTool('pdfimages'))(
    `--logo draws a PNG in both PDFs and --terms prints on the e-invoice${hasTool('pdfimages') ? '' : ' (skipped: apt-get install poppler-utils)'}`,
    () => {
      const logo = 'docs/images/sample-logo.png';
      const einvoice = gstkit(['render', 'einvoice-pdf', 'docs/examples/irn-record.json', '--logo', logo, '--terms', 'Line one\\nLine two']);
      expect(einvoice.code).toBe(0);
      const ewaybill = gstkit(['render', 'ewaybill-pdf', 'docs/examples/ewb-detail.json', '--logo', logo]);
      expect(ewaybill.code).toBe(0);
      for (const [name, pdf] of [
        ['einvoice.pdf', einvoice.stdout],
        ['ewaybill.pdf', ewaybill.stdout],
      ] as const) {
        const images = withFile(name, pdf, (path) => run('pdfimages', ['-list', path]));
        expect(images).toMatch(/\bimage\s+160\s+48\s+rgb\b/);
        expect(images).toMatch(/\bsmask\s+160\s+48\s+gray\b/);
      }
      const text = withFile('terms.pdf', einvoice.stdout, (path) => run('pdftotext', ['-layout', path, '-']));
      expect(text).toMatch(/Line one\s*\n\s*Line two/);
      const bad = gstkit(['render', 'ewaybill-pdf', 'docs/examples/ewb-detail.json', '--logo', 'docs/examples/deal.json']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^gstkit: SVC-760 The logo cannot be drawn: the bytes are neither a PNG nor a JPEG file/);
    },
  );

  it('refuses bad options and records without what the layout needs, with exit 2', () => {
    expect(gstkit(['render', 'qr', 'docs/examples/irn-record.json', '--format', 'bmp']).code).toBe(2);
    expect(gstkit(['render', 'einvoice-pdf', 'docs/examples/deal.json']).code).toBe(2);
    const bad = gstkit(['render', 'ewaybill-pdf', 'docs/examples/deal.json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^gstkit: SVC-52\d/);
  });
});
