/** A host mounts gstkit under a base path, and enables only the routes whose providers it gives. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGstHandler, isGstPath } from '../../src/http/index.js';
import { basicAuth, createSandbox } from '../../src/sandbox/index.js';
import { A_GSTINS, example, targets, world, type Call } from './harness.js';

const today = '14/11/2026';

describe.each(targets)('basePath through $name', (target) => {
  let call: Call;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const { handler } = world({ basePath: '/gst/' });
    ({ call, close } = await target.start(handler));
  });
  afterAll(() => close());

  it('serves the API under /gst', async () => {
    const reply = await call('GET', `/gst/api/svc/gst/getgstin?gstin=${A_GSTINS[0]}`);
    expect(reply.status).toBe(200);
    expect(reply.body.Result.Gstin).toBe(A_GSTINS[0]);
  });

  it('answers a coded svc failure for a bad flag under /gst', async () => {
    const reply = await call('GET', `/gst/api/svc/gst/getgstin?gstin=NOT-A-GSTIN`);
    expect(reply.status).toBe(400);
    expect(reply.body.Success).toBe(false);
  });

  it('no longer serves the root paths', async () => {
    const reply = await call('GET', `/api/svc/gst/getgstin?gstin=${A_GSTINS[0]}`);
    expect(reply.status).toBe(404);
  });

  it('names the base path as the server of its OpenAPI document', async () => {
    const reply = await call('GET', '/gst/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.servers).toEqual([{ url: '/gst' }]);
  });
});

describe('a host that gives only the IRP provider', () => {
  const sandbox = createSandbox({ companies: { acme: A_GSTINS } });
  const handler = createGstHandler({
    irp: sandbox.providers.irp,
    clock: sandbox.clock,
    authenticate: basicAuth([{ keyId: 'keyA', keySecret: 'secretA', companyId: 'acme' }], new Map([['acme', A_GSTINS]])),
  });
  const auth = 'Basic ' + Buffer.from('keyA:secretA').toString('base64');
  const send = (method: string, path: string, body?: unknown) =>
    handler(
      new Request(`http://host.test${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json', 'svc-company': 'acme' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );

  it('registers an invoice, with its PDF', async () => {
    const invoice = example('irn');
    const res = await send('POST', '/api/svc/einvoice/generateirn?pdf=yes', { ...invoice, DocDtls: { ...(invoice['DocDtls'] as object), Dt: today } });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(typeof body['Irn']).toBe('string');
    expect(typeof body['EinvoicePdf']).toBe('string');
  });

  it.each([
    ['GET', `/api/svc/gst/getgstin?gstin=${A_GSTINS[0]}`, undefined],
    ['POST', `/api/svc/einvoice/generateewaybill?gstin=${A_GSTINS[1]}`, example('ewb')],
    ['POST', '/api/svc/gstr2b/pull', { gstin: A_GSTINS[0], returnPeriod: '2026-10' }],
    ['GET', '/api/svc/robot/jobstatus/some-job', undefined],
    ['POST', `/api/svc/einvoice/generateewbbyirn?gstin=${A_GSTINS[0]}`, example('ewb-by-irn')],
  ])('answers 404 for %s %s, whose provider it did not give', async (method, path, body) => {
    const res = await send(method, path, body);
    expect(res.status).toBe(404);
  });

  it('lists only the e-invoice routes in its OpenAPI document', async () => {
    const doc = (await (await send('GET', '/openapi.json')).json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/svc/einvoice/generateirn');
    expect(paths).toContain('/api/svc/einvoice/cancelirn');
    expect(paths).not.toContain('/api/svc/gst/getgstin');
    expect(paths).not.toContain('/api/svc/einvoice/generateewaybill');
    expect(paths.some((p) => p.includes('gstr'))).toBe(false);
  });
});

describe('isGstPath', () => {
  it('knows the paths under a base path and nothing outside it', () => {
    expect(isGstPath('/gst/api/svc/einvoice/generateirn', '/gst')).toBe(true);
    expect(isGstPath('/gst/openapi.json', 'gst/')).toBe(true);
    expect(isGstPath('/api/svc/einvoice/generateirn', '/gst')).toBe(false);
    expect(isGstPath('/gstx/api/svc/einvoice/generateirn', '/gst')).toBe(false);
    expect(isGstPath('/api/deal', '')).toBe(true);
  });
});
