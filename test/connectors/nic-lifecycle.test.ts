import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeNic } from '../support/fake-nic.js';
import { call, example, invoice, irnOf, nicHandler, SELLER, SHIPPER, startFake } from './helpers.js';

const E = '/api/svc/einvoice/';

describe('the NIC connectors behind createGstHandler, against the fake portal on loopback', () => {
  let fake: FakeNic;
  beforeEach(async () => {
    fake = await startFake();
  });
  afterEach(async () => {
    await fake.stop();
  });

  it('registers, reads, attaches an e-waybill to, refuses a duplicate of, and cancels an invoice', async () => {
    const { handler } = nicHandler(fake);
    const inv = invoice('KCPL/26-27/0418');
    const gen = await call(handler, 'POST', E + 'generateirn', inv);
    expect(gen.status).toBe(200);
    const irn = irnOf(SELLER, '2026-27', 'INV', 'KCPL/26-27/0418');
    expect(gen.body).toMatchObject({ Success: true, Irn: irn, IrnStatus: 'ACT' });
    expect(gen.body.AckNo).toMatch(/^\d{15}$/);
    expect(gen.body.AckTime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(gen.body.SignedQRCode.split('.')).toHaveLength(3);
    expect(fake.irnCount()).toBe(1);

    const got = await call(handler, 'GET', `${E}getirn?gstin=${SELLER}&irn=${irn}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ Irn: irn, AckNo: gen.body.AckNo, IrnStatus: 'ACT', SignedInvoice: gen.body.SignedInvoice });

    const byDoc = await call(handler, 'GET', `${E}getirnbydoc?gstin=${SELLER}&doctype=INV&docno=${encodeURIComponent('KCPL/26-27/0418')}&docdate=10/11/2026`);
    expect(byDoc.status).toBe(200);
    expect(byDoc.body.Irn).toBe(irn);

    const withPdf = await call(handler, 'GET', `${E}getirn?gstin=${SELLER}&irn=${irn}&pdf=yes`);
    expect(withPdf.status).toBe(200);
    expect(Buffer.from(withPdf.body.EinvoicePdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const ewb = await call(handler, 'POST', `${E}generateewbbyirn?gstin=${SELLER}`, { ...example('ewb-by-irn'), Irn: irn });
    expect(ewb.status).toBe(200);
    expect(ewb.body.EwbNo).toMatch(/^\d{12}$/);
    expect(ewb.body.EwbValidTill).toMatch(/^\d{2}\/\d{2}\/\d{4} 23:59:00$/);

    const dup = await call(handler, 'POST', E + 'generateirn', inv);
    expect(dup.status).toBe(409);
    expect(dup.body.Errors[0].Code).toBe('2150');
    expect(dup.body.Irn).toBe(irn);
    expect(dup.body.InfoDtls[0]).toMatchObject({ InfCd: 'DUPIRN', Desc: { Irn: irn } });
    expect(fake.irnCount()).toBe(1);

    const blocked = await call(handler, 'POST', `${E}cancelirn?gstin=${SELLER}`, { Irn: irn, CnlRsn: '2', CnlRem: 'wrong rate' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.Errors[0].Code).toBe('2230');

    const second = await call(handler, 'POST', E + 'generateirn', invoice('KCPL/26-27/0419'));
    expect(second.status).toBe(200);
    const cancelled = await call(handler, 'POST', `${E}cancelirn?gstin=${SELLER}`, { Irn: second.body.Irn, CnlRsn: '2', CnlRem: 'wrong rate' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.CancelDate).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    const after = await call(handler, 'GET', `${E}getirn?gstin=${SELLER}&irn=${second.body.Irn}`);
    expect(after.body.IrnStatus).toBe('CNL');

    const missing = await call(handler, 'GET', `${E}getirn?gstin=${SELLER}&irn=${'0'.repeat(64)}`);
    expect(missing.status).toBe(404);
    expect(missing.body.Errors[0].Code).toBe('2154');
    expect(fake.logins.filter((l) => l.service === 'einv')).toHaveLength(1);
  });

  it('generates, reads, lists and cancels an e-waybill, and says close is not an NIC action', async () => {
    const { handler } = nicHandler(fake);
    const gen = await call(handler, 'POST', `${E}generateewaybill?gstin=${SHIPPER}`, example('ewb'));
    expect(gen.status).toBe(200);
    expect(gen.body).toMatchObject({ Success: true, EwbStatus: 'ACT' });
    expect(gen.body.EwbNo).toMatch(/^\d{12}$/);
    expect(gen.body.EwbTime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);

    const detail = await call(handler, 'GET', `${E}getewaybill?gstin=${SHIPPER}&ewbNo=${gen.body.EwbNo}`);
    expect(detail.status).toBe(200);
    expect(detail.body.Response).toMatchObject({ ewbNo: Number(gen.body.EwbNo), docNo: 'TFPL/2026/3318', status: 'ACT' });

    const today = gen.body.EwbTime.slice(0, 10);
    const list = await call(handler, 'GET', `${E}getewaybillsbydate?gstin=${SHIPPER}&date=${today}`);
    expect(list.status).toBe(200);
    expect(list.body.Response.map((e: any) => String(e.ewbNo))).toEqual([gen.body.EwbNo]);

    const again = await call(handler, 'POST', `${E}generateewaybill?gstin=${SHIPPER}`, example('ewb'));
    expect(again.status).toBe(409);
    expect(again.body.Errors[0]).toMatchObject({ Code: '604' });
    expect(again.body.Errors[0].Message).toMatch(/already exists/);

    const cancel = await call(handler, 'POST', `${E}cancelewb?gstin=${SHIPPER}`, { ewbNo: gen.body.EwbNo, cancelRsnCode: '2', cancelRmrk: 'order withdrawn' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.CancelTime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    const cancelledDetail = await call(handler, 'GET', `${E}getewaybill?gstin=${SHIPPER}&ewbNo=${gen.body.EwbNo}`);
    expect(cancelledDetail.body.Response.status).toBe('CNL');

    const close = await call(handler, 'POST', `${E}closeewb?gstin=${SHIPPER}`, example('close-ewb'));
    expect(close.status).toBe(501);
    expect(close.body.Errors[0].Code).toBe('SVC-964');
  });

  it('serves 100 concurrent generates of one document with one IRN', async () => {
    const { handler, irp } = nicHandler(fake);
    const inv = invoice('KCPL/26-27/0500');
    const replies = await Promise.all(Array.from({ length: 100 }, () => call(handler, 'POST', E + 'generateirn', inv)));
    expect(replies.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(new Set(replies.map((r) => r.body.Irn)).size).toBe(1);
    expect(fake.irnCount()).toBe(1);
    expect(irp.loginCount).toBe(1);
  });
});
