/**
 * The reference server as a new user meets it: `gstkit serve` on a free port, the printed demo key, and a
 * tour of the specification's operations with the bundled examples, then a clean shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from '../../src/validate.js';
import { istDate } from '../../src/compute/dates.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const example = (kind: string): any => JSON.parse(readFileSync(`${root}docs/examples/${kind}.json`, 'utf8'));

let server: ChildProcess;
let base = '';
let auth = '';
let company = '';
let printed = '';

beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0'], {
    cwd: root,
    // A fresh data folder: the server keeps its records, and this tour starts from none.
    env: { ...process.env, PORT: '', DATABASE_URL: '', REDIS_URL: '', GSTKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'gstkit-serve-')) },
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${printed}`)), 90_000);
    server.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('the whole API')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`server exited ${code}: ${printed}`)));
  });
  base = /listening on (http:\/\/\S+)/.exec(printed)![1]!;
  const key = /demo api key: (\S+)/.exec(printed)![1]!;
  auth = 'Basic ' + Buffer.from(key).toString('base64');
  company = /company: (\S+)/.exec(printed)![1]!;
});

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
});

const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> =>
  fetch(base + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: auth, 'content-type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

async function json(path: string, init?: Parameters<typeof call>[1]): Promise<any> {
  const res = await call(path, init);
  return res.json();
}

describe('gstkit serve', () => {
  it('prints the URL, the demo key, the company, its GSTINs and example commands', () => {
    expect(printed).toMatch(/gstins: 29AAGCK4821M1Z4,/);
    expect(printed.match(/curl /g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('registers the bundled invoice, with its QR and PDF, and refuses it a second time with 2150', async () => {
    const record = await json('/api/svc/einvoice/generateirn?qrcode=yes&pdf=yes', { body: example('irn') });
    expect(record.Success).toBe(true);
    expect(record.Irn).toMatch(/^[0-9a-f]{64}$/);
    expect(record.AckNo).toMatch(/^\d{15}$/);
    expect(Buffer.from(record.QRCodeImagePng, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(Buffer.from(record.EinvoicePdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(validate('irn-record', record).errors).toEqual([]);
    const again = await json('/api/svc/einvoice/generateirn', { body: example('irn') });
    expect(again.Success).toBe(false);
    expect(again.Errors[0].Code).toBe('2150');
    const byIrn = await json(`/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=${record.Irn}`);
    expect(byIrn.Irn).toBe(record.Irn);
  });

  it('generates, reads, closes and cancels e-waybills', async () => {
    const first = await json('/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', { body: example('ewb') });
    expect(first.Success).toBe(true);
    expect(first.EwbNo).toMatch(/^\d{12}$/);
    const detail = await json(`/api/svc/einvoice/getewaybill?gstin=33AAHCT2290K1Z6&ewbNo=${first.EwbNo}`);
    expect(detail.Response.status).toBe('ACT');
    const closed = await json('/api/svc/einvoice/closeewb?gstin=33AAHCT2290K1Z6', {
      body: { ewbNo: first.EwbNo, closureDate: istDate(new Date()), remarks: 'Goods received at Coimbatore' },
    });
    expect(closed.Success).toBe(true);
    const second = await json('/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', { body: { ...example('ewb'), docNo: 'TFPL/26-27/2000' } });
    const cancelled = await json('/api/svc/einvoice/cancelewb?gstin=33AAHCT2290K1Z6', {
      body: { ewbNo: second.EwbNo, cancelRsnCode: '2', cancelRmrk: 'Order cancelled by the buyer' },
    });
    expect(cancelled.Success).toBe(true);
    expect(validate('cancel-ewb-response', cancelled).errors).toEqual([]);
  });

  it('looks up GSTINs and suggests similar ones for a wrong one', async () => {
    const info = await json('/api/svc/gst/getgstin?gstin=29AAGCK4821M1Z4');
    expect(info.Success).toBe(true);
    expect(info.Result.LegalName).toBe('Kaveri Components Private Limited');
    const wrong = await json('/api/svc/gst/getgstin?gstin=29AAGCK4821M1Z5');
    expect(wrong.Success).toBe(false);
    expect(wrong.Errors[0].Code).toBe('SVC-152');
  });

  it('makes a payment QR for a B2C invoice', async () => {
    const res = await json('/api/svc/einvoice/generatepaymentqrcode?qrcode=yes', { body: example('payment-qr') });
    expect(res.Success).toBe(true);
    expect(res.PaymentQrCode).toMatch(/^upi:\/\/pay\?/);
  });

  it('pulls GSTR-2B as a job, exports it and serves the workbook', async () => {
    const headers = { 'svc-company': company };
    const period = '2026-10';
    const pull = await call('/api/svc/gstr2b/pull', { body: { gstin: '29AADCN7314Q1ZU', returnPeriod: period }, headers });
    expect(pull.status).toBe(200);
    const { jobId } = (await pull.json()) as { jobId: string };
    await waitForJob(jobId, headers);
    const exported = await json('/api/svc/gstr2b/export', {
      body: { gstins: ['29AADCN7314Q1ZU'], startReturnPeriod: period, endReturnPeriod: period, reportType: 101 },
      headers,
    });
    const status = await waitForJob(exported.jobId, headers);
    expect(status.url).toContain(`/api/svc/robot/jobfile/${exported.jobId}`);
    const file = await call(`/api/svc/robot/jobfile/${exported.jobId}`, { headers });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const tooLong = await call('/api/svc/gstr2b/export', {
      body: { gstins: ['29AADCN7314Q1ZU'], startReturnPeriod: '2024-01', endReturnPeriod: '2026-10' },
      headers,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.headers.get('svc-errorcode')).toBe('100');
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

async function waitForJob(jobId: string, headers: Record<string, string>): Promise<any> {
  for (let i = 0; i < 200; i += 1) {
    const status = await json(`/api/svc/robot/jobstatus/${jobId}`, { headers });
    if (status.jobStatus === 100) return status;
    if (status.jobStatus === 101) throw new Error(`job failed: ${JSON.stringify(status.error)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job did not finish');
}
