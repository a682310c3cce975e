/** One contract, run against the bare fetch handler and every host binding over loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../src/validate.js';
import { verifyJws } from '../../src/sandbox/index.js';
import { routes } from '../../src/http/index.js';
import { A_GSTINS, B_GSTINS, authB, example, targets, world, type Call, type World } from './harness.js';

const E = '/api/svc/einvoice';
const [SELLER, EWB_FROM, OTHER] = A_GSTINS as [string, string, string];

function expectShape(kind: string, body: unknown): void {
  const r = validate(kind as never, body, { rules: false });
  expect(r.errors, `${kind}: ${JSON.stringify(r.errors)}`).toEqual([]);
}

function expectSvcFailure(reply: { status: number; body: any }, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.body.Success).toBe(false);
  expect(reply.body.Errors.map((e: { Code: string }) => e.Code)).toContain(code);
}

describe.each(targets)('contract over $name', (target) => {
  let w: World;
  let call: Call;
  let close: () => Promise<void>;
  beforeAll(async () => {
    w = world();
    ({ call, close } = await target.start(w.handler));
  });
  afterAll(async () => close());

  it('serves an OpenAPI 3.1 document naming every route', async () => {
    const r = await call('GET', '/openapi.json', { auth: null });
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    for (const route of routes) expect(r.body.paths[route.path][route.method.toLowerCase()].operationId).toBe(route.operationId);
    expect(r.body.paths['/api/deal'].post).toBeDefined();
    expect(r.body.components.schemas['irn']).toBeDefined();
  });

  it('refuses missing or bad credentials with 401 and a coded body', async () => {
    const none = await call('GET', `/api/svc/gst/getgstin?gstin=${SELLER}`, { auth: null });
    expectSvcFailure(none, 401, 'SVC-940');
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    const bad = await call('GET', `/api/svc/gst/getgstin?gstin=${SELLER}`, { auth: 'Basic ' + Buffer.from('keyA:nope').toString('base64') });
    expectSvcFailure(bad, 401, 'SVC-940');
  });

  it('refuses a foreign Svc-Company and a GSTIN the company does not own with 403', async () => {
    const foreign = await call('GET', `${E}/getgstin?gstin=${SELLER}&partygstin=${OTHER}`, { headers: { 'svc-company': 'beta' } });
    expectSvcFailure(foreign, 403, 'SVC-943');
    const notOwned = await call('GET', `${E}/getgstin?gstin=${B_GSTINS[0]}&partygstin=${OTHER}`);
    expectSvcFailure(notOwned, 403, 'SVC-943');
  });

  it('looks up a taxpayer, and answers SVC-152 with suggestions for an invalid GSTIN', async () => {
    const ok = await call('GET', `/api/svc/gst/getgstin?gstin=${OTHER}`);
    expect(ok.status).toBe(200);
    expectShape('gstin-info', ok.body);
    expect(ok.body.Result.Gstin).toBe(OTHER);
    const typo = OTHER.slice(0, 14) + (OTHER.endsWith('6') ? '7' : '6');
    const bad = await call('GET', `/api/svc/gst/getgstin?gstin=${typo}`);
    expectSvcFailure(bad, 400, 'SVC-152');
    expect(bad.body.Errors[0].Message).toBe('Invalid GSTIN');
    expect(bad.body.Suggestions[0].Gstin).toBe(OTHER);
    expectShape('gstin-info', bad.body);
  });

  it('gives the party GSTIN record, with BlkStatus', async () => {
    const r = await call('GET', `${E}/getgstin?gstin=${SELLER}&partygstin=24AAKCT6107D1ZL`);
    expect(r.status).toBe(200);
    expectShape('party-gstin', r.body);
    expect(r.body.BlkStatus).toBe('B');
    const missing = await call('GET', `${E}/getgstin?gstin=${SELLER}`);
    expectSvcFailure(missing, 400, 'SVC-901');
  });

  let irn = '';
  it('generates an IRN with a signed invoice, a signed QR and a PNG, and refuses the duplicate with 2150', async () => {
    const r = await call('POST', `${E}/generateirn?qrcode=yes&qrcodeformat=png`, { body: example('irn') });
    expect(r.status, r.text).toBe(200);
    expectShape('irn-record', r.body);
    expect(r.body.Irn).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body.AckNo).toMatch(/^\d{15}$/);
    expect(r.body.EwbNo).toMatch(/^\d{12}$/);
    expect(Buffer.from(r.body.QRCodeImagePng, 'base64').subarray(0, 4).toString('hex')).toBe('89504e47');
    expect(r.body.QRCodeImageJpeg).toBeNull();
    irn = r.body.Irn;

    const pem = await call('GET', '/api/sandbox/certificate', { auth: null });
    expect(pem.text).toContain('BEGIN CERTIFICATE');
    const inv = verifyJws(r.body.SignedInvoice, pem.text)!;
    expect(inv.valid).toBe(true);
    expect(inv.payload['iss']).not.toMatch(/^NIC/);
    expect(JSON.parse(inv.payload['data'] as string).Irn).toBe(irn);
    const qr = verifyJws(r.body.SignedQRCode, pem.text)!;
    expect(qr.valid).toBe(true);
    expect(qr.header['kid']).toMatch(/^[0-9A-F]{40}$/);
    expect(Object.keys(JSON.parse(qr.payload['data'] as string))).toEqual([
      'SellerGstin',
      'BuyerGstin',
      'DocNo',
      'DocTyp',
      'DocDt',
      'TotInvVal',
      'ItemCnt',
      'MainHsnCode',
      'Irn',
      'IrnDt',
    ]);

    const dup = await call('POST', `${E}/generateirn`, { body: example('irn') });
    expectSvcFailure(dup, 409, '2150');
    expect(dup.body.Irn).toBe(irn);
    expect(dup.body.AckNo).toBe(r.body.AckNo);
    expectShape('irn-record', dup.body);
  });

  it('reads the IRN back by IRN, by document and as document info', async () => {
    const byIrn = await call('GET', `${E}/getirn?gstin=${SELLER}&irn=${irn}&qrcode=yes&qrcodeformat=GIF&qrcodequality=standard`);
    expect(byIrn.status).toBe(200);
    expect(Buffer.from(byIrn.body.QRCodeImageGif, 'base64').subarray(0, 3).toString()).toBe('GIF');
    const q = `gstin=${SELLER}&doctype=INV&docno=${encodeURIComponent('KCPL/26-27/0418')}&docdate=10/11/2026`;
    const byDoc = await call('GET', `${E}/getirnbydoc?${q}`);
    expect(byDoc.body.Irn).toBe(irn);
    const info = await call('GET', `${E}/getdocirninfo?${q}`);
    expect(info.body.Irn).toBe(irn);
    expectShape('irn-record', info.body);
    const withPdf = await call('GET', `${E}/getirn?gstin=${SELLER}&irn=${irn}&pdf=yes`);
    expect(withPdf.headers.get('svc-warning')).toBeNull();
    expect(Buffer.from(withPdf.body.EinvoicePdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.from(withPdf.body.EwbPdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const other = await call('GET', `${E}/getirn?gstin=${B_GSTINS[0]}&irn=${irn}`, { auth: authB });
    expectSvcFailure(other, 404, '2154');
  });

  it('rejects bad flag values, malformed JSON, oversized and invalid bodies with coded 4xx', async () => {
    expectSvcFailure(await call('POST', `${E}/generateirn?qrcode=maybe`, { body: example('irn') }), 400, 'SVC-902');
    expectSvcFailure(await call('POST', `${E}/generateirn?qrcodeformat=BMP`, { body: example('irn') }), 400, 'SVC-902');
    expectSvcFailure(await call('GET', `${E}/getewaybillsbydate?gstin=${SELLER}&date=31/02/2026`), 400, 'SVC-902');
    expectSvcFailure(await call('POST', `${E}/generateirn`, { raw: '{"Version": "1.1",' }), 400, 'SVC-903');
    const big = '{"pad":"' + 'x'.repeat(6 * 1024 * 1024) + '"}';
    const tooBig = await call('POST', `${E}/generateirn`, { raw: big });
    expectSvcFailure(tooBig, 413, 'SVC-904');
    const invalid = await call('POST', `${E}/generateirn`, { body: { ...example('irn'), DocDtls: { Typ: 'XYZ', No: '1', Dt: '10/11/2026' } } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.Success).toBe(false);
    expect(invalid.body.Errors.length).toBeGreaterThan(0);
  });

  it('refuses an invoice whose seller the company does not own', async () => {
    const inv = example('irn');
    (inv['SellerDtls'] as Record<string, unknown>)['Gstin'] = '29AAPCR7731N1ZF';
    const r = await call('POST', `${E}/generateirn`, { body: inv });
    expectSvcFailure(r, 403, 'SVC-943');
  });

  it('runs the e-waybill life: generate, get, lists, other party, cancel and close', async () => {
    const gen = await call('POST', `${E}/generateewaybill?gstin=${EWB_FROM}`, { body: example('ewb') });
    expect(gen.status, gen.text).toBe(200);
    expectShape('ewb-response', gen.body);
    expect(gen.body.EwbNo).toMatch(/^\d{12}$/);
    expect(gen.body.EwbValidTill).toBe('17/11/2026 23:59:00'); // 505 km: 3 days
    const ewbNo = gen.body.EwbNo as string;
    const got = await call('GET', `${E}/getewaybill?gstin=${EWB_FROM}&ewbNo=${ewbNo}`);
    expect(got.status).toBe(200);
    expectShape('ewb-detail', got.body);
    const byDate = await call('GET', `${E}/getewaybillsbydate?gstin=${EWB_FROM}&date=14/11/2026`);
    expectShape('ewb-list-by-date', byDate.body);
    expect(byDate.body.Response.map((e: { ewbNo: number }) => String(e.ewbNo))).toContain(ewbNo);
    const other = await call('GET', `${E}/getewaybillsofotherparty?gstin=${B_GSTINS[1]}&date=14/11/2026`, { auth: authB });
    expectShape('ewb-list-other-party', other.body);
    expect(other.body.Response.map((e: { ewbNo: number }) => String(e.ewbNo))).toContain(ewbNo);
    expectSvcFailure(await call('POST', `${E}/cancelewb?gstin=${B_GSTINS[1]}`, { auth: authB, body: { ...example('cancel-ewb'), ewbNo } }), 404, '325');

    const cancel = await call('POST', `${E}/cancelewb?gstin=${EWB_FROM}`, { body: { ...example('cancel-ewb'), ewbNo } });
    expect(cancel.status, cancel.text).toBe(200);
    expectShape('cancel-ewb-response', cancel.body);
    expectSvcFailure(await call('POST', `${E}/cancelewb?gstin=${EWB_FROM}`, { body: { ...example('cancel-ewb'), ewbNo } }), 409, '343');

    const again = await call('POST', `${E}/generateewaybill?gstin=${EWB_FROM}`, { body: example('ewb') });
    expect(again.status).toBe(200);
    const closeBody = { ...example('close-ewb'), ewbNo: again.body.EwbNo };
    const closed = await call('POST', `${E}/closeewb?gstin=${EWB_FROM}`, { body: closeBody });
    expect(closed.status, closed.text).toBe(200);
    expectShape('close-ewb-response', closed.body);
    expectSvcFailure(await call('POST', `${E}/closeewb?gstin=${EWB_FROM}`, { body: closeBody }), 409, 'SVC-922');
    expectSvcFailure(await call('POST', `${E}/cancelewb?gstin=${EWB_FROM}`, { body: { ...example('cancel-ewb'), ewbNo: again.body.EwbNo } }), 409, 'SVC-921');
  });

  it('generates an e-waybill by IRN and will not cancel the IRN while it is active', async () => {
    const inv = example('irn');
    delete inv['EwbDtls'];
    (inv['DocDtls'] as Record<string, unknown>)['No'] = 'KCPL/26-27/0419';
    const r = await call('POST', `${E}/generateirn`, { body: inv });
    expect(r.status).toBe(200);
    expect(r.body.EwbNo).toBeUndefined();
    const byIrn = await call('POST', `${E}/generateewbbyirn?gstin=${SELLER}`, { body: { ...example('ewb-by-irn'), Irn: r.body.Irn } });
    expect(byIrn.status, byIrn.text).toBe(200);
    expectShape('ewb-response', byIrn.body);
    expectSvcFailure(await call('POST', `${E}/generateewbbyirn?gstin=${SELLER}`, { body: { ...example('ewb-by-irn'), Irn: r.body.Irn } }), 409, '4002');
    const blocked = await call('POST', `${E}/cancelirn?gstin=${SELLER}`, { body: { ...example('cancel-irn'), Irn: r.body.Irn } });
    expectSvcFailure(blocked, 409, '2230');
    await call('POST', `${E}/cancelewb?gstin=${SELLER}`, { body: { ...example('cancel-ewb'), ewbNo: byIrn.body.EwbNo } });
    const cancelled = await call('POST', `${E}/cancelirn?gstin=${SELLER}`, { body: { ...example('cancel-irn'), Irn: r.body.Irn } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expectShape('cancel-irn-response', cancelled.body);
    expectSvcFailure(await call('POST', `${E}/cancelirn?gstin=${SELLER}`, { body: { ...example('cancel-irn'), Irn: r.body.Irn } }), 409, '9999');
  });

  it('builds a UPI payment QR for a B2C invoice', async () => {
    const body = example('payment-qr');
    (body['SellerDtls'] as Record<string, unknown>)['Gstin'] = SELLER;
    const r = await call('POST', `${E}/generatepaymentqrcode?qrcode=yes&qrcodeformat=JPEG`, { body });
    expect(r.status, r.text).toBe(200);
    expectShape('payment-qr-response', r.body);
    expect(r.body.PaymentQrCode).toMatch(/^upi:\/\/pay\?/);
    expect(Buffer.from(r.body.QRCodeImageJpeg, 'base64').subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('accepts GSTR pulls and exports as jobs and reports them through Robot-JobStatus', async () => {
    const h = { 'svc-company': 'acme' };
    const pull = await call('POST', '/api/svc/gstr2b/pull', { headers: h, body: { gstin: SELLER, returnPeriod: '2026-10' } });
    expect(pull.status, pull.text).toBe(200);
    expectShape('job', pull.body);
    await w.sandbox.jobs.idle();
    const st = await call('GET', `/api/svc/robot/jobstatus/${pull.body.jobId}`);
    expect(st.status).toBe(200);
    expectShape('job-status', st.body);
    expect(st.body.jobStatus).toBe(100);

    const exp = await call('POST', '/api/svc/gstr2b/export', {
      headers: h,
      body: { gstins: [SELLER], startReturnPeriod: '2026-10', endReturnPeriod: '2026-10' },
    });
    expect(exp.status, exp.text).toBe(200);
    await w.sandbox.jobs.idle();
    const done = await call('GET', `/api/svc/robot/jobstatus/${exp.body.jobId}`);
    expect(done.body.jobStatus, JSON.stringify(done.body)).toBe(100);
    expect(done.body.url).toBe(`/api/svc/robot/jobfile/${exp.body.jobId}`);
    const file = await call('GET', done.body.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.bytes.subarray(0, 2)).toString()).toBe('PK');

    const foreign = await call('GET', `/api/svc/robot/jobstatus/${exp.body.jobId}`, { auth: authB });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('svc-errorcode')).toBe('SVC-952');
  });

  it('fails GSTR requests with status and Svc-Error headers', async () => {
    const h = { 'svc-company': 'acme' };
    const noCompany = await call('POST', '/api/svc/gstr2a/pull', { body: { gstin: SELLER, returnPeriod: '2026-10' } });
    expect(noCompany.status).toBe(403);
    expect(noCompany.headers.get('svc-errorcode')).toBe('SVC-943');
    const bad = await call('POST', '/api/svc/gstr2a/pull', { headers: h, body: { gstin: SELLER } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('svc-errorcode')).toBe('1000');
    const range = await call('POST', '/api/svc/gstr2a/export', {
      headers: h,
      body: { gstins: [SELLER], startReturnPeriod: '2023-01', endReturnPeriod: '2026-10' },
    });
    expect(range.status).toBe(400);
    expect(range.headers.get('svc-errorcode')).toBe('100');
    w.sandbox.providers.gstPortal.disconnect(OTHER);
    const nc = await call('POST', '/api/svc/gstr3b/pull', { headers: h, body: { gstin: OTHER, returnPeriod: '2026-10' } });
    expect(nc.status).toBe(400);
    expect(nc.headers.get('svc-errorcode')).toBe('2000');
    expect(nc.headers.get('svc-errormessage')).toMatch(/not connected/);
    const unknown = await call('GET', '/api/svc/robot/jobstatus/nope');
    expect(unknown.status).toBe(404);
  });

  it('answers unknown routes and wrong methods with coded 404 and 405', async () => {
    expectSvcFailure(await call('GET', `${E}/nothing`), 404, 'SVC-906');
    const m = await call('GET', `${E}/generateirn`);
    expectSvcFailure(m, 405, 'SVC-907');
    expect(m.headers.get('allow')).toBe('POST');
  });

  it('answers the sales inquiry: field errors, and MISSING_CONFIG when no captcha is set', async () => {
    const invalid = await call('POST', '/api/deal', { auth: null, body: { ...example('deal'), mobile: '12345' } });
    expect(invalid.status).toBe(400);
    expectShape('deal-error', invalid.body);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    expect(invalid.body.error).toMatch(/mobile/);
    const malformed = await call('POST', '/api/deal', { auth: null, raw: '{' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_ERROR');
    const noConfig = await call('POST', '/api/deal', { auth: null, body: example('deal') });
    expect(noConfig.status).toBe(500);
    expect(noConfig.body.code).toBe('MISSING_CONFIG');
    expectShape('deal-error', noConfig.body);
  });
});
