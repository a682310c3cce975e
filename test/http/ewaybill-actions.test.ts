/**
 * The e-waybill after generation over HTTP: Part-B updates, transporter changes, extension and rejection
 * on the sandbox portal, driven on the injectable IST clock, with each refusal at its boundary.
 */
import { describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { basicAuth, createSandbox, manualClock, parseIst } from '../../src/sandbox/index.js';
import { validate } from '../../src/validate.js';
import type { Kind } from '../../src/kinds.js';
import { example, identity } from './harness.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderEwaybillPdf, type EwaybillPdfDetail } from '../../src/render/pdf/index.js';
import { hasTool, run } from '../render/tools.js';

const poppler = hasTool('pdftotext');

const CONSIGNOR = '33AAHCT2290K1Z6'; // Thamirabarani Fasteners, generator of the example e-waybill
const CONSIGNEE = '33AAEFV6613B1ZL'; // Vaigai Engineering Works
const CARRIER = '33AAFCP8841N1ZX'; // Pallavan Logistics, the example's transporter
const SECOND_CARRIER = '33AABCK5523R1Z9';
const STRANGER = '29AADCN7314Q1ZU';
const E = '/api/svc/einvoice';

const keys = { acme: 'acme:secret-a', beta: 'beta:secret-b', carrier: 'carrier:secret-c' } as const;
type Who = keyof typeof keys;

function setup(start = '14/11/2026 11:00:00') {
  const clock = manualClock(parseIst(start)!);
  const companies = { acme: [CONSIGNOR], beta: [CONSIGNEE, STRANGER], carrier: [CARRIER, SECOND_CARRIER] };
  const sandbox = createSandbox({ companies, clock, identity, seed: 11, syntheticDocumentsPerPeriod: 0 });
  const handler = createGstHandler({
    ...sandbox.providers,
    clock,
    authenticate: basicAuth(
      (Object.keys(keys) as Who[]).map((id) => ({ keyId: id, keySecret: keys[id].split(':')[1]!, companyId: id })),
      new Map(Object.entries(companies)),
    ),
  });
  const call = async (who: Who, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await handler(
      new Request(`http://t${path}`, {
        method,
        headers: { authorization: 'Basic ' + Buffer.from(keys[who]).toString('base64'), 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const at = (text: string) => clock.set(parseIst(text)!);
  let docs = 0;
  const generate = async (over: Record<string, unknown> = {}): Promise<string> => {
    const body: Record<string, unknown> = { ...example('ewb'), docNo: `TFPL/2026/${4000 + ++docs}`, ...over };
    for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
    const out = await call('acme', 'POST', `${E}/generateewaybill?gstin=${CONSIGNOR}`, body);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    return String(out.body['EwbNo']);
  };
  const detail = async (ewbNo: string, who: Who = 'acme', gstin = CONSIGNOR) => {
    const out = await call(who, 'GET', `${E}/getewaybill?gstin=${gstin}&ewbNo=${ewbNo}`);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(validate('ewb-detail', out.body).errors).toEqual([]);
    return out.body['Response'] as Record<string, any>;
  };
  return { clock, call, at, generate, detail, sandbox };
}

const vehicle = (ewbNo: string, over: Record<string, unknown> = {}) => ({ ...example('update-vehicle'), ewbNo, ...over });
const extension = (ewbNo: string, over: Record<string, unknown> = {}) => ({ ...example('extend-validity'), ewbNo, ...over });

function expectRefused(out: { status: number; body: Record<string, any> }, code: string, kind?: Kind) {
  expect(out.body['Success'], JSON.stringify(out.body)).toBe(false);
  expect(out.body['Errors'].map((e: { Code: string }) => e.Code)).toContain(code);
  expect(out.status).toBeGreaterThanOrEqual(400);
  if (kind) expect(validate(kind, out.body).errors).toEqual([]);
}

function expectOk(out: { status: number; body: Record<string, any> }, kind: Kind) {
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  expect(out.body['Success']).toBe(true);
  expect(validate(kind, out.body).errors).toEqual([]);
}

describe('Part-B update and transporter change', () => {
  it('lets the generator and the assigned transporter update Part-B, keeps the vehicle history, and hands the e-waybill on', async () => {
    const { call, at, generate, detail } = setup();
    const ewbNo = await generate(); // 505 km by road: valid until 17/11/2026 23:59
    expectRefused(await call('beta', 'POST', `${E}/updatevehicle?gstin=${STRANGER}`, vehicle(ewbNo)), '636', 'update-vehicle-response');

    at('15/11/2026 09:40:00');
    const byGenerator = await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo));
    expectOk(byGenerator, 'update-vehicle-response');
    expect(byGenerator.body).toEqual({ Success: true, vehUpdDate: '15/11/2026 09:40:00', validUpto: '17/11/2026 23:59:00' });

    at('15/11/2026 18:05:00');
    const byCarrier = await call(
      'carrier',
      'POST',
      `${E}/updatevehicle?gstin=${CARRIER}`,
      vehicle(ewbNo, { vehicleNo: 'TN45AQ1209', fromPlace: 'Erode', reasonCode: '2', reasonRem: 'Transshipment at Erode' }),
    );
    expectOk(byCarrier, 'update-vehicle-response');
    // Once the transporter has entered Part-B, the generator can neither update it nor change the transporter.
    expectRefused(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo)), '635');
    expectRefused(
      await call('acme', 'POST', `${E}/updatetransporter?gstin=${CONSIGNOR}`, { ewbNo, transporterId: SECOND_CARRIER }),
      '338',
      'update-transporter-response',
    );

    const history = (await detail(ewbNo))['VehiclListDetails'] as Array<Record<string, any>>;
    expect(history.map((v) => v['vehicleNo'])).toEqual(['TN45AQ1209', 'TN38BZ7710', 'TN22CX4521']);
    expect(history.map((v) => v['userGSTINTransin'])).toEqual([CARRIER, CONSIGNOR, CONSIGNOR]);
    expect(history[0]!['enteredDate']).toBe('15/11/2026 18:05:00');
    expect(history[0]!['fromPlace']).toBe('Erode');

    // The transporter passes the e-waybill on; the new one sees it in its list and may enter Part-B, the old one no longer.
    at('15/11/2026 19:00:00');
    const handedOn = await call('carrier', 'POST', `${E}/updatetransporter?gstin=${CARRIER}`, { ewbNo, transporterId: SECOND_CARRIER });
    expectOk(handedOn, 'update-transporter-response');
    expect(handedOn.body).toEqual({ Success: true, transUpdateDate: '15/11/2026 19:00:00' });
    expect((await detail(ewbNo))['transporterId']).toBe(SECOND_CARRIER);
    expect((await detail(ewbNo))['transporterName']).toBeNull();
    const list = await call('carrier', 'GET', `${E}/getewaybillsfortransporter?gstin=${SECOND_CARRIER}&date=14/11/2026`);
    expectOk(list, 'ewb-list-for-transporter');
    expect(list.body['Response'].map((r: { ewbNo: number }) => String(r.ewbNo))).toEqual([ewbNo]);
    expect((await call('carrier', 'GET', `${E}/getewaybillsfortransporter?gstin=${CARRIER}&date=14/11/2026`)).body['Response']).toEqual([]);
    expectRefused(await call('carrier', 'POST', `${E}/updatevehicle?gstin=${CARRIER}`, vehicle(ewbNo)), '636');
    // A new transporter has not entered Part-B yet, so the generator may again.
    expectOk(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo, { vehicleNo: 'TN38BZ7711' })), 'update-vehicle-response');
    expectOk(
      await call('carrier', 'POST', `${E}/updatevehicle?gstin=${SECOND_CARRIER}`, vehicle(ewbNo, { vehicleNo: 'TN38BZ7712' })),
      'update-vehicle-response',
    );
    expectRefused(await call('beta', 'POST', `${E}/updatetransporter?gstin=${CONSIGNEE}`, { ewbNo, transporterId: CARRIER }), '339');
    // The transporter assigned now sees the e-waybill with every Part-B entry.
    expect(((await detail(ewbNo, 'carrier', SECOND_CARRIER))['VehiclListDetails'] as unknown[]).length).toBe(5);
  });

  it('refuses updates once validity has lapsed (311, 281): valid to 23:59 of the last day, refused from midnight', async () => {
    const { call, at, generate } = setup();
    const ewbNo = await generate();
    at('17/11/2026 23:59:59');
    expectOk(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo)), 'update-vehicle-response');
    at('18/11/2026 00:00:00');
    expectRefused(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo)), '311');
    expectRefused(await call('acme', 'POST', `${E}/updatetransporter?gstin=${CONSIGNOR}`, { ewbNo, transporterId: SECOND_CARRIER }), '281');
  });

  it('recomputes validity on Part-B: a Part-A slip starts counting at its first Part-B; over-dimensional cargo counts 20 km a day', async () => {
    const { call, at, generate } = setup();
    const slip = await generate({ vehicleNo: undefined });
    at('16/11/2026 10:00:00');
    const first = await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(slip, { reasonCode: '4', reasonRem: 'First time' }));
    expectOk(first, 'update-vehicle-response');
    expect(first.body['validUpto']).toBe('19/11/2026 23:59:00'); // 505 km: 3 days from 16/11

    at('14/11/2026 11:00:00');
    const short = await generate({ transDistance: 100 });
    const odc = await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(short, { vehicleType: 'O' }));
    expect(odc.body['validUpto']).toBe('19/11/2026 23:59:00'); // 100 km at 20 km a day: 5 days from generation
    // Back to a regular vehicle: the validity granted is not taken away.
    const regular = await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(short, { vehicleType: 'R' }));
    expect(regular.body['validUpto']).toBe('19/11/2026 23:59:00');
  });

  it('discards a Part-A slip 15 days after generation (343)', async () => {
    const { call, at, generate, detail } = setup();
    const kept = await generate({ vehicleNo: undefined });
    const dropped = await generate({ vehicleNo: undefined });
    at('29/11/2026 11:00:00'); // exactly 15 days
    expectOk(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(kept)), 'update-vehicle-response');
    at('29/11/2026 11:00:01');
    expectRefused(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(dropped)), '343');
    expect((await detail(dropped))['status']).toBe('CNL');
    expect((await detail(kept))['status']).toBe('ACT');
  });

  it('refuses a Part-B update once a multi-vehicle movement has started (412)', async () => {
    const { call, generate } = setup();
    const ewbNo = await generate();
    expectOk(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo)), 'update-vehicle-response');
    const started = await call('acme', 'POST', `${E}/initiatemultivehicle?gstin=${CONSIGNOR}`, { ...example('initiate-multi-vehicle'), ewbNo });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expectRefused(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo)), '412');
  });

  it('refuses every update of a cancelled e-waybill with its code', async () => {
    const { call, generate } = setup();
    const ewbNo = await generate();
    expectOk(await call('acme', 'POST', `${E}/cancelewb?gstin=${CONSIGNOR}`, { ...example('cancel-ewb'), ewbNo }), 'cancel-ewb-response');
    expectRefused(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo)), '343');
    expectRefused(await call('acme', 'POST', `${E}/updatetransporter?gstin=${CONSIGNOR}`, { ewbNo, transporterId: SECOND_CARRIER }), '343');
    expectRefused(await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(ewbNo)), '379');
    expectRefused(await call('beta', 'POST', `${E}/rejectewb?gstin=${CONSIGNEE}`, { ewbNo }), '343');
  });

  it('refuses a malformed request with the portal codes before it reaches the portal', async () => {
    const { call, generate } = setup();
    const ewbNo = await generate();
    const bad = await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo, { vehicleNo: undefined, reasonCode: '9', fromState: 77 }));
    expect(bad.status).toBe(400);
    const codes = bad.body['Errors'].map((e: { Code: string }) => e.Code);
    expect(codes).toEqual(expect.arrayContaining(['303', '306', '307']));
    expect((await call('acme', 'POST', `${E}/updatevehicle`, vehicle(ewbNo))).status).toBe(400); // gstin is required
    expect((await call('acme', 'POST', `${E}/updatetransporter?gstin=${CONSIGNOR}`, { ewbNo: '12345', transporterId: 'X' })).status).toBe(400);
    expect((await call('acme', 'POST', `${E}/updatevehicle?gstin=999999999999999`, vehicle('999999999999'))).status).toBe(400);
    expectRefused(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle('399999999999')), '325');
  });
});

describe('OpenAPI', () => {
  it('lists each action with the caller GSTIN required and the kinds of its request and answer', async () => {
    const { call } = setup();
    const doc = (await call('acme', 'GET', '/openapi.json')).body;
    const cases: Array<[string, 'get' | 'post', string | undefined, string]> = [
      ['updatevehicle', 'post', 'update-vehicle', 'update-vehicle-response'],
      ['updatetransporter', 'post', 'update-transporter', 'update-transporter-response'],
      ['extendvalidity', 'post', 'extend-validity', 'extend-validity-response'],
      ['rejectewb', 'post', 'reject-ewb', 'reject-ewb-response'],
      ['getewaybillsfortransporter', 'get', undefined, 'ewb-list-for-transporter'],
      ['getewaybillsrejectedbyothers', 'get', undefined, 'ewb-list-rejected'],
    ];
    for (const [path, method, request, response] of cases) {
      const op = doc.paths[`${E}/${path}`]?.[method];
      expect(op, path).toBeDefined();
      expect(op.parameters.find((p: { name: string }) => p.name === 'gstin')).toMatchObject({ in: 'query', required: true });
      const text = JSON.stringify(op);
      if (request) expect(op.requestBody.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${request}` });
      expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${response}` });
      expect(doc.components.schemas[response]).toBeDefined();
      expect(text).toContain(op.operationId);
    }
  });
});

describe('the e-waybill PDF', () => {
  it.skipIf(!poppler)(`prints the whole vehicle history${poppler ? '' : ' (pdftotext missing: apt-get install poppler-utils)'}`, async () => {
    const { call, at, generate, detail } = setup();
    const ewbNo = await generate();
    at('15/11/2026 09:40:00');
    expectOk(await call('acme', 'POST', `${E}/updatevehicle?gstin=${CONSIGNOR}`, vehicle(ewbNo)), 'update-vehicle-response');
    at('15/11/2026 18:05:00');
    expectOk(
      await call('carrier', 'POST', `${E}/updatevehicle?gstin=${CARRIER}`, vehicle(ewbNo, { vehicleNo: 'TN45AQ1209', fromPlace: 'Erode' })),
      'update-vehicle-response',
    );
    const pdf = await renderEwaybillPdf((await detail(ewbNo)) as EwaybillPdfDetail);
    if (!pdf.ok) throw new Error(JSON.stringify(pdf.errors));
    const file = join(mkdtempSync(join(tmpdir(), 'gstkit-ewb-actions-')), 'ewaybill.pdf');
    writeFileSync(file, pdf.value);
    const text = run('pdftotext', ['-layout', file, '-']);
    for (const seen of ['TN22CX4521', 'TN38BZ7710', 'TN45AQ1209', 'Erode', 'Salem', '15/11/2026 18:05', CARRIER]) expect(text).toContain(seen);
    // Newest first, as getewaybill lists them.
    expect(text.indexOf('TN45AQ1209')).toBeLessThan(text.indexOf('TN38BZ7710'));
    expect(text.indexOf('TN38BZ7710')).toBeLessThan(text.indexOf('TN22CX4521'));
  });
});

describe('extension', () => {
  it('extends only from 8 hours before to 8 hours after expiry (382), for no more than the original distance (390)', async () => {
    const { call, at, generate, detail } = setup();
    const ewbNo = await generate(); // valid until 17/11/2026 23:59, so the window is 17/11 16:00 to 18/11 08:00
    at('17/11/2026 15:59:59');
    expectRefused(await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(ewbNo)), '382', 'extend-validity-response');
    at('17/11/2026 16:00:00');
    expectRefused(await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(ewbNo, { remainingDistance: 506 })), '390');
    expectRefused(await call('beta', 'POST', `${E}/extendvalidity?gstin=${CONSIGNEE}`, extension(ewbNo)), '700');
    const first = await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(ewbNo, { remainingDistance: 505 }));
    expectOk(first, 'extend-validity-response');
    expect(first.body).toEqual({ Success: true, updatedDate: '17/11/2026 16:00:00', validUpto: '20/11/2026 23:59:00' });

    // Now valid until 20/11 23:59: the window closes at 21/11 08:00:00.
    at('21/11/2026 08:00:00');
    const late = await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(ewbNo));
    expectOk(late, 'extend-validity-response');
    expect(late.body['validUpto']).toBe('22/11/2026 23:59:00'); // 52 km from 21/11
    at('23/11/2026 08:00:01');
    expectRefused(await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(ewbNo)), '382');

    const d = await detail(ewbNo);
    expect(d['extendedTimes']).toBe(2);
    expect(d['validUpto']).toBe('22/11/2026 23:59:00');
    // A moving consignment's vehicle joins the Part-B history.
    expect((d['VehiclListDetails'] as Array<Record<string, any>>)[0]!['fromPlace']).toBe('Tiruppur');
    const onDate = await call('acme', 'GET', `${E}/getewaybillsbydate?gstin=${CONSIGNOR}&date=14/11/2026`);
    expect(onDate.body['Response'][0]['extendedTimes']).toBe(2);
  });

  it('lets goods in transit be extended without a vehicle, and refuses an e-waybill without Part-B (381)', async () => {
    const { call, at, generate } = setup();
    const ewbNo = await generate();
    const slip = await generate({ vehicleNo: undefined });
    at('17/11/2026 20:00:00');
    const transit = extension(ewbNo, {
      vehicleNo: undefined,
      transMode: '5',
      consignmentStatus: 'T',
      transitType: 'W',
      addressLine1: 'Godown 4, SIDCO',
      addressLine2: 'Tiruppur',
      addressLine3: 'Tamil Nadu',
      transDocNo: undefined,
      transDocDate: undefined,
    });
    for (const k of Object.keys(transit)) if ((transit as Record<string, unknown>)[k] === undefined) delete (transit as Record<string, unknown>)[k];
    expectOk(await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, transit), 'extend-validity-response');
    expectRefused(await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(slip)), '381');
    // Moving goods give no transit address (713).
    const mixed = await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(ewbNo, { addressLine1: 'Godown 4' }));
    expect(mixed.status).toBe(400);
    expect(mixed.body['Errors'].map((e: { Code: string }) => e.Code)).toContain('713');
  });

  it('never extends beyond 360 days after generation (821): the last extension is cut at the limit', async () => {
    const { call, at, generate, detail } = setup('14/11/2026 11:00:00');
    // Over-dimensional cargo over 4000 km: 200 days of validity.
    const ewbNo = await generate({ transDistance: 4000, vehicleType: 'O', toPincode: 641004 });
    const first = await detail(ewbNo);
    expect(first['validUpto']).toBe('02/06/2027 23:59:00');
    at('02/06/2027 20:00:00');
    const capped = await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(ewbNo, { remainingDistance: 4000 }));
    expectOk(capped, 'extend-validity-response');
    expect(capped.body['validUpto']).toBe('09/11/2027 11:00:00'); // generation + 360 days
    at('09/11/2027 12:00:00');
    expectRefused(await call('acme', 'POST', `${E}/extendvalidity?gstin=${CONSIGNOR}`, extension(ewbNo)), '821');
  });
});

describe('rejection', () => {
  it('lets only the other party reject, within 72 hours, once; the generator sees it in its list', async () => {
    const { call, at, generate, detail } = setup();
    const ewbNo = await generate();
    const late = await generate();
    expectRefused(await call('acme', 'POST', `${E}/rejectewb?gstin=${CONSIGNOR}`, { ewbNo }), '341', 'reject-ewb-response');
    expectRefused(await call('carrier', 'POST', `${E}/rejectewb?gstin=${CARRIER}`, { ewbNo }), '342');
    at('17/11/2026 11:00:00'); // exactly 72 hours
    const rejected = await call('beta', 'POST', `${E}/rejectewb?gstin=${CONSIGNEE}`, { ewbNo });
    expectOk(rejected, 'reject-ewb-response');
    expect(rejected.body).toEqual({ Success: true, ewbRejectedDate: '17/11/2026 11:00:00' });
    expectRefused(await call('beta', 'POST', `${E}/rejectewb?gstin=${CONSIGNEE}`, { ewbNo }), 'SVC-925');
    at('17/11/2026 11:00:01');
    expectRefused(await call('beta', 'POST', `${E}/rejectewb?gstin=${CONSIGNEE}`, { ewbNo: late }), '346');

    expect((await detail(ewbNo))['rejectStatus']).toBe('Y');
    const list = await call('acme', 'GET', `${E}/getewaybillsrejectedbyothers?gstin=${CONSIGNOR}&date=14/11/2026`);
    expectOk(list, 'ewb-list-rejected');
    expect(list.body['Response']).toHaveLength(1);
    expect(list.body['Response'][0]).toMatchObject({ ewbNo: Number(ewbNo), rejectStatus: 'Y', rejectedDate: '17/11/2026 11:00:00' });
    expect((await call('acme', 'GET', `${E}/getewaybillsrejectedbyothers?gstin=${CONSIGNOR}&date=15/11/2026`)).body['Response']).toEqual([]);
  });

  it('refuses to reject an e-waybill whose validity has lapsed (345)', async () => {
    const { call, at, generate } = setup();
    const ewbNo = await generate({ transDistance: 10 }); // valid until 15/11/2026 23:59
    at('16/11/2026 00:00:00');
    expectRefused(await call('beta', 'POST', `${E}/rejectewb?gstin=${CONSIGNEE}`, { ewbNo }), '345');
  });
});
