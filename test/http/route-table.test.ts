/** Every path the handler serves is a row of the route table, and every answer takes its style from a route. */
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/http/index.js';
import { styleAt, styleNear } from '../../src/http/handler/style-near.js';
import { errorResponse } from '../../src/http/binding-failure.js';
import { world } from './harness.js';

describe('the route table', () => {
  it('holds the sales inquiry and the OpenAPI document as rows', () => {
    const byId = new Map(routes.map((r) => [r.operationId, r]));
    expect(byId.get('submitDeal')).toMatchObject({ method: 'POST', path: '/api/deal', style: 'deal', auth: false, addressLimit: 'inquiries' });
    expect(byId.get('openApi')).toMatchObject({ method: 'GET', path: '/openapi.json', style: 'plain', auth: false });
  });

  it('gives a path no route takes the style its nearest routes share', () => {
    expect(styleNear(routes, '/api/svc/einvoice/nothing')).toBe('svc');
    expect(styleNear(routes, '/api/svc/einvoice/a/b')).toBe('svc');
    expect(styleNear(routes, '/api/svc/gstr2b/nothing')).toBe('gstr');
    expect(styleNear(routes, '/api/svc/nothing')).toBe('plain'); // e-invoice and GSTR routes differ
    expect(styleNear(routes, '/api/deal/x')).toBe('plain');
    expect(styleNear(routes, '/nothing')).toBe('plain');
    expect(styleAt(routes, '/api/deal/')).toBe('deal');
  });

  it('answers a binding failure in the style of the route at the path', async () => {
    expect((await errorResponse('/gst/api/deal', 413, 'SVC-904', 'too large', '/gst').json()).code).toBe('VALIDATION_ERROR');
    expect((await errorResponse('/api/svc/einvoice/generateirn', 413, 'SVC-904', 'too large').json()).Errors[0].Code).toBe('SVC-904');
    expect(errorResponse('/api/svc/gstr2b/pull', 413, 'SVC-904', 'too large').headers.get('svc-errorcode')).toBe('SVC-904');
  });

  it('answers a wrong method at the sales inquiry in its style, naming the method it takes', async () => {
    const res = await world().handler(new Request('http://t/api/deal', { method: 'GET' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
  });
});
