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
  }, 240_000);
});
