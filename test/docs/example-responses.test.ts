/**
 * The response examples in docs/examples/ are what the server answers. A scenario posts the request
 * examples to a sandboxed handler (clock fixed at 14/11/2026 11:00 IST) and compares each answer with its
 * example file: the same fields at every level, of the same JSON types, and the same values wherever the
 * value does not depend on the run (identifiers, signatures, images and times do). With
 * GSTKIT_WRITE_EXAMPLES=1 the test writes the answers into docs/examples/ instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { basicAuth, createSandbox, createSigningIdentity, manualClock, parseIst } from '../../src/sandbox/index.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const write = process.env['GSTKIT_WRITE_EXAMPLES'] === '1';
const exampleFile = (name: string) => new URL(`../../docs/examples/${name}.json`, import.meta.url);
const example = (name: string): Record<string, unknown> => JSON.parse(readFileSync(exampleFile(name), 'utf8'));

/** Values that differ from run to run: compared by type only. */
const volatile = new Set([
  'AckNo',
  'AckDt',
  'AckTime',
  'Irn',
  'SignedInvoice',
  'SignedQRCode',
  'EwbNo',
  'ewbNo',
  'ewayBillNo',
  'EwbTime',
  'EwbValidTill',
  'ewayBillDate',
  'validUpto',
  'enteredDate',
  'generatedAt',
  'updatedDate',
  'CancelTime',
  'CancelDate',
  'ClosureAckTime',
  'QRCodeImagePng',
  'QRCodeImageJpeg',
  'QRCodeImageGif',
  'EinvoicePdf',
  'EwbPdf',
  'PaymentQrCode',
  'jobId',
  'createdAt',
  'updatedAt',
  'url',
  'inquiryId',
  'vehicleUpdatedDate',
  'docDate',
  'transDocDate',
  'cEwbNo',
  'cEWBDate',
  'tripSheetNo',
  'createdDate',
  'vehAddedDate',
  'vehUpdDate',
  'transUpdateDate',
  'ewbRejectedDate',
  'rejectedDate',
]);

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Every difference between an answer and its example, as JSON Pointer-ish lines. */
function differences(actual: unknown, expected: unknown, path = '', key = ''): string[] {
  if (typeOf(actual) !== typeOf(expected)) return [`${path || '/'}: the server answers ${typeOf(actual)}, the example shows ${typeOf(expected)}`];
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length === 0 || expected.length === 0)
      return actual.length === expected.length ? [] : [`${path}: the server answers ${actual.length} items, the example ${expected.length}`];
    return expected.flatMap((item, i) => differences(actual[Math.min(i, actual.length - 1)], item, `${path}/${i}`, key));
  }
  if (actual !== null && typeof actual === 'object') {
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const out: string[] = [];
    for (const k of Object.keys(e)) if (!(k in a)) out.push(`${path}/${k}: shown in the example, never answered`);
    for (const k of Object.keys(a)) if (!(k in e)) out.push(`${path}/${k}: answered, missing from the example`);
    for (const k of Object.keys(e)) if (k in a) out.push(...differences(a[k], e[k], `${path}/${k}`, k));
    return out;
  }
  if (volatile.has(key) || actual === expected) return [];
  return [`${path}: the server answers ${JSON.stringify(actual)}, the example shows ${JSON.stringify(expected)}`];
}

const SELLER = '29AAGCK4821M1Z4';
const CONSIGNOR = '33AAHCT2290K1Z6';
const CONSIGNEE = '33AAEFV6613B1ZL';
const NEW_CARRIER = '33AABCK5523R1Z9';
const B2C_SELLER = String((example('payment-qr')['SellerDtls'] as Record<string, unknown>)['Gstin']);

async function scenario(): Promise<Map<string, Json>> {
  const clock = manualClock(parseIst('14/11/2026 11:00:00')!);
  const sandbox = createSandbox({
    companies: { acme: [SELLER, CONSIGNOR, B2C_SELLER, CONSIGNEE, NEW_CARRIER] },
    clock,
    identity: createSigningIdentity(),
    seed: 7,
    syntheticDocumentsPerPeriod: 5,
  });
  const handler = createGstHandler({
    ...sandbox.providers,
    payee: (_company, gstin) => (gstin === B2C_SELLER ? { upiId: 'brindavan@okaxis', payeeName: 'Brindavan Consumer Electronics' } : undefined),
    authenticate: basicAuth(
      [{ keyId: 'docs', keySecret: 'docs-secret', companyId: 'acme' }],
      new Map([['acme', [SELLER, CONSIGNOR, B2C_SELLER, CONSIGNEE, NEW_CARRIER]]]),
    ),
  });
  const auth = 'Basic ' + Buffer.from('docs:docs-secret').toString('base64');
  const answers = new Map<string, Json>();
  const call = async (name: string | undefined, method: string, path: string, body?: unknown): Promise<Record<string, Json>> => {
    const res = await handler(
      new Request(`http://docs.test${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json', 'svc-company': 'acme' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const json = (await res.json()) as Record<string, Json>;
    if (res.status !== 200 && name !== 'deal-error') throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 400)}`);
    if (name) answers.set(name, json);
    return json;
  };
  const E = '/api/svc/einvoice';
  const irn = await call('irn-record', 'POST', `${E}/generateirn?qrcode=yes`, example('irn'));
  const ewb = await call('ewb-response', 'POST', `${E}/generateewaybill?gstin=${CONSIGNOR}`, example('ewb'));
  await call('ewb-detail', 'GET', `${E}/getewaybill?gstin=${CONSIGNOR}&ewbNo=${ewb['EwbNo']}`);
  await call('ewb-list-by-date', 'GET', `${E}/getewaybillsbydate?gstin=${CONSIGNOR}&date=14/11/2026`);
  await call(undefined, 'GET', `${E}/getewaybillsofotherparty?gstin=${CONSIGNOR}&date=14/11/2026`);
  // The consignor, as generator, puts its e-waybill on a trip sheet, moves it to another vehicle, then splits the load.
  const trip = await call(undefined, 'POST', `${E}/generateconsolidatedewb?gstin=${CONSIGNOR}`, {
    ...example('consolidated-ewb'),
    tripSheetEwbBills: [{ ewbNo: ewb['EwbNo'] }],
  });
  await call('consolidated-ewb-response', 'POST', `${E}/regeneratetripsheet?gstin=${CONSIGNOR}`, {
    ...example('regenerate-trip-sheet'),
    tripSheetNo: trip['cEwbNo'],
  });
  await call('trip-sheet', 'GET', `${E}/gettripsheet?gstin=${CONSIGNOR}&tripSheetNo=${trip['cEwbNo']}`);
  await call('initiate-multi-vehicle-response', 'POST', `${E}/initiatemultivehicle?gstin=${CONSIGNOR}`, {
    ...example('initiate-multi-vehicle'),
    ewbNo: ewb['EwbNo'],
  });
  await call('add-multi-vehicle-response', 'POST', `${E}/addmultivehicle?gstin=${CONSIGNOR}`, { ...example('add-multi-vehicle'), ewbNo: ewb['EwbNo'] });
  await call('change-multi-vehicle-response', 'POST', `${E}/changemultivehicle?gstin=${CONSIGNOR}`, {
    ...example('change-multi-vehicle'),
    ewbNo: ewb['EwbNo'],
  });
  await call('gstin-info', 'GET', `/api/svc/gst/getgstin?gstin=29AADCN7314Q1ZU`);
  await call('party-gstin', 'GET', `${E}/getgstin?gstin=${SELLER}&partygstin=29AADCN7314Q1ZU`);
  await call('payment-qr-response', 'POST', `${E}/generatepaymentqrcode?qrcode=yes`, example('payment-qr'));
  await call('close-ewb-response', 'POST', `${E}/closeewb?gstin=${CONSIGNOR}`, { ...example('close-ewb'), ewbNo: ewb['EwbNo'] });
  // The invoice carries e-waybill details, so registering it made an e-waybill as well.
  await call('cancel-ewb-response', 'POST', `${E}/cancelewb?gstin=${SELLER}`, { ...example('cancel-ewb'), ewbNo: irn['EwbNo'] });
  await call('cancel-irn-response', 'POST', `${E}/cancelirn?gstin=${SELLER}`, { ...example('cancel-irn'), Irn: irn['Irn'] });
  const finished = async (jobId: Json | undefined, name?: string): Promise<void> => {
    for (let i = 0; i < 200; i++) {
      const status = await call(name, 'GET', `/api/svc/robot/jobstatus/${jobId}`);
      if (status['jobStatus'] === 100 || status['jobStatus'] === 101) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${jobId} did not finish`);
  };
  const pull = await call(undefined, 'POST', '/api/svc/gstr2b/pull', example('gstr-pull'));
  await finished(pull['jobId']);
  const job = await call('job', 'POST', '/api/svc/gstr2b/export', {
    ...example('gstr-export'),
    gstins: [SELLER],
    startReturnPeriod: '2026-10',
    endReturnPeriod: '2026-10',
  });
  await finished(job['jobId'], 'job-status');
  await call('deal-error', 'POST', '/api/deal', { ...example('deal'), email: 'not an address' });
  // The e-waybill on its way (docs/ewaybill-actions.md): a second consignment of the same story.
  const second = await call(undefined, 'POST', `${E}/generateewaybill?gstin=${CONSIGNOR}`, { ...example('ewb'), docNo: 'TFPL/2026/3319' });
  await call('update-vehicle-response', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, { ...example('update-vehicle'), ewbNo: second['EwbNo'] });
  await call('update-transporter-response', 'POST', `${E}/updatetransporter?gstin=${CONSIGNOR}`, { ...example('update-transporter'), ewbNo: second['EwbNo'] });
  await call('ewb-list-for-transporter', 'GET', `${E}/getewaybillsfortransporter?gstin=${NEW_CARRIER}&date=14/11/2026`);
  await call('reject-ewb-response', 'POST', `${E}/rejectewb?gstin=${CONSIGNEE}`, { ...example('reject-ewb'), ewbNo: second['EwbNo'] });
  await call('ewb-list-rejected', 'GET', `${E}/getewaybillsrejectedbyothers?gstin=${CONSIGNOR}&date=14/11/2026`);
  clock.set(parseIst('17/11/2026 20:00:00')!); // within 8 hours of the expiry at 17/11/2026 23:59
  await call('extend-validity-response', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, { ...example('extend-validity'), ewbNo: second['EwbNo'] });
  await sandbox.jobs.close?.();
  return answers;
}

describe('response examples in docs/examples/', async () => {
  const answers = await scenario();

  it.each([...answers.keys()])('%s.json is what the server answers', (name) => {
    const answer = answers.get(name)!;
    if (write) writeFileSync(exampleFile(name), JSON.stringify(answer, null, 2) + '\n');
    expect(differences(answer, example(name))).toEqual([]);
  });

  it('shows a finished export job the way Robot-JobStatus reports it', () => {
    const status = example('job-status');
    expect(status['jobStatus']).toBe(100);
    expect(status['jobStatusText']).toBe('done');
    expect(status['url']).toBe(`/api/svc/robot/jobfile/${status['jobId']}`);
  });
});
