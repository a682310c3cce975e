/**
 * The embedded store as a user of `npm start` relies on it: records survive a kill -9 and a restart on
 * the same data folder, with the same AckNo, the same certificate and the same demo key.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root, startServer, type RunningServer } from '../support/server.js';

const example = (kind: string): any => JSON.parse(readFileSync(join(root, 'docs/examples', `${kind}.json`), 'utf8'));
const dataDir = mkdtempSync(join(tmpdir(), 'gstkit-restart-'));
const env = { GSTKIT_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
const running: RunningServer[] = [];

afterAll(async () => {
  for (const s of running) await s.stop('SIGKILL');
});

describe('restart on the same data folder', () => {
  it('keeps IRNs, e-waybills, the certificate and the demo key across kill -9', async () => {
    const first = await startServer(env);
    running.push(first);
    const irn = await (await first.call('/api/svc/einvoice/generateirn', { body: example('irn') })).json();
    expect(irn.Success).toBe(true);
    const ewb = await (await first.call('/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', { body: example('ewb') })).json();
    expect(ewb.Success).toBe(true);
    const certificate = await (await first.call('/api/sandbox/certificate')).text();
    expect(certificate).toMatch(/BEGIN CERTIFICATE/);

    // Jobs in flight when the process dies: a pull, then an export of the period pulled before.
    const company = { 'svc-company': /company: (\S+)/.exec(first.printed)![1]! };
    const period = '2026-10';
    const body = { gstin: '29AADCN7314Q1ZU', returnPeriod: period };
    const pulled = await (await first.call('/api/svc/gstr2b/pull', { body, headers: company })).json();
    for (;;) {
      const s = await (await first.call(`/api/svc/robot/jobstatus/${pulled.jobId}`, { headers: company })).json();
      if (s.jobStatus >= 100) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const exportBody = { gstins: ['29AADCN7314Q1ZU'], startReturnPeriod: period, endReturnPeriod: period };
    const inFlight = [
      (await (await first.call('/api/svc/gstr2b/pull', { body, headers: company })).json()).jobId,
      (await (await first.call('/api/svc/gstr2b/export', { body: exportBody, headers: company })).json()).jobId,
    ];

    // A second process may not open the folder while the first holds it.
    await expect(startServer(env)).rejects.toThrow(/in use by process/);

    await first.stop('SIGKILL');
    const second = await startServer(env);
    running.push(second);
    expect(second.auth).toBe(first.auth);
    expect(await (await second.call('/api/sandbox/certificate')).text()).toBe(certificate);

    const again = await (await second.call('/api/svc/einvoice/generateirn', { body: example('irn') })).json();
    expect(again.Errors[0].Code).toBe('2150');
    expect(again).toMatchObject({ Irn: irn.Irn, AckNo: irn.AckNo });
    const byIrn = await (await second.call(`/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=${irn.Irn}`)).json();
    expect(byIrn).toMatchObject({ Irn: irn.Irn, AckNo: irn.AckNo, SignedInvoice: irn.SignedInvoice });
    const detail = await (await second.call(`/api/svc/einvoice/getewaybill?gstin=33AAHCT2290K1Z6&ewbNo=${ewb.EwbNo}`)).json();
    expect(detail.Response.ewbNo).toBe(Number(ewb.EwbNo));
    expect(detail.Response.status).toBe('ACT');
    // The duplicate rule holds for the e-waybill too, from the stored row.
    const twice = await (await second.call('/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', { body: example('ewb') })).json();
    expect(twice.Errors[0].Code).toBe('604');

    // The jobs the killed process held end done (run again) or failed with a reason; none stays working.
    for (const jobId of inFlight) {
      const end = Date.now() + 60_000;
      let s: any;
      for (;;) {
        s = await (await second.call(`/api/svc/robot/jobstatus/${jobId}`, { headers: company })).json();
        if (s.jobStatus >= 100 || Date.now() > end) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(s.jobStatus === 100 || (s.jobStatus === 101 && typeof s.error?.code === 'string')).toBe(true);
    }
    const file = await second.call(`/api/svc/robot/jobfile/${inFlight[1]}`, { headers: company });
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  }, 240_000);
});
