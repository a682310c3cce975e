/**
 * `pdf=file` answers the PDF itself (application/pdf, with a file name) on every route that takes `pdf`:
 * what a user saves with `curl -o` or a browser link and opens, without Base64 out of JSON.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { threadPdfRenderer } from '../../src/jobs/pdf-threads.js';
import { createThreadPool } from '../../src/jobs/thread-pool.js';
import type { GstHandlerOptions } from '../../src/http/types.js';
import { A_GSTINS, authA, example, world } from './harness.js';

const SELLER = A_GSTINS[0]!;
const E = 'http://gstkit.test/api/svc/einvoice';
const dir = mkdtempSync(join(tmpdir(), 'gstkit-pdf-file-'));
let poppler = true;
try {
  execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
} catch {
  poppler = false;
}
const pool = createThreadPool({ size: 1 });
afterAll(() => pool.close());

function caller(options: Partial<GstHandlerOptions> = {}) {
  const { handler } = world(options);
  return (path: string, body?: unknown): Promise<Response> =>
    handler(
      new Request(`${E}/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: authA, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
}

/** The answer's bytes, checked to be a PDF file with a name; its text when poppler is installed. */
async function pdfOf(res: Response, name: RegExp): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(name);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  if (!poppler) return '';
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe.each([
  ['in line', {}],
  ['in worker threads', { pdfRenderer: threadPdfRenderer(pool) }],
] as const)('pdf=file (%s)', (_, options) => {
  it('generateirn and getirn answer the e-invoice PDF, with the IRN, Ack No and e-waybill number in headers', async () => {
    const call = caller(options);
    const res = await call('generateirn?pdf=file', example('irn'));
    const irn = res.headers.get('svc-irn') ?? '';
    expect(irn).toMatch(/^[0-9a-f]{64}$/);
    expect(res.headers.get('svc-ackno')).toMatch(/^\d{15}$/);
    expect(res.headers.get('svc-ewbno')).toMatch(/^\d{12}$/);
    const text = await pdfOf(res, /^attachment; filename="einvoice-KCPL-26-27-\w+\.pdf"$/);
    if (poppler) {
      expect(text).toContain(irn);
      expect(text).toContain('Account No.: 50200012345678');
      expect(text).toContain('PO No.: 4500123456');
      expect(text).toContain('For Kaveri Components Private Limited');
      expect(text).toContain('Authorised Signatory');
    }
    const again = await pdfOf(await call(`getirn?gstin=${SELLER}&irn=${irn}&pdf=file`), /einvoice-/);
    if (poppler) expect(again).toContain('Authorised Signatory');
  });

  it('getewaybill and generateewbbyirn answer the e-waybill PDF', async () => {
    const call = caller(options);
    const registered = await call('generateirn', example('irn'));
    const ewbNo = ((await registered.json()) as { EwbNo: string }).EwbNo;
    const text = await pdfOf(await call(`getewaybill?gstin=${SELLER}&ewbNo=${ewbNo}&pdf=file`), new RegExp(`filename="ewaybill-${ewbNo}\\.pdf"`));
    if (poppler) expect(text.replace(/\s/g, '')).toContain(ewbNo);

    const inv = example('irn');
    delete inv['EwbDtls'];
    (inv['DocDtls'] as Record<string, unknown>)['No'] = 'KCPL/26-27/0419';
    const irn = ((await (await call('generateirn', inv)).json()) as { Irn: string }).Irn;
    const byIrn = await call(`generateewbbyirn?gstin=${SELLER}&pdf=file`, { ...example('ewb-by-irn'), Irn: irn });
    await pdfOf(byIrn, /filename="ewaybill-\d{12}\.pdf"/);
  });
});

describe('pdf=yes and pdf=no are unchanged', () => {
  it('pdf=yes keeps the PDF as Base64 inside the JSON answer', async () => {
    const res = await caller()('generateirn?pdf=yes', example('irn'));
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { EinvoicePdf: string; EwbPdf: string };
    expect(body.EinvoicePdf).toMatch(/^JVBERi0/);
    expect(body.EwbPdf).toMatch(/^JVBERi0/);
  });

  it('an unknown value is refused, not taken as no', async () => {
    const res = await caller()('generateirn?pdf=bytes', example('irn'));
    expect(res.status).toBe(400);
  });
});
