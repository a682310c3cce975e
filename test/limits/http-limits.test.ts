/** Hostile inputs through the HTTP adapter: coded 4xx answers of bounded size, quickly. */
import { describe, expect, it } from 'vitest';
import { authA, example, world } from '../http/harness.js';

const failures: unknown[] = [];
const { handler } = world({ onError: (e) => failures.push(e) });

async function post(path: string, body: string, auth: string | null = authA) {
  const started = performance.now();
  const res = await handler(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'svc-company': 'acme', ...(auth ? { authorization: auth } : {}) },
    }),
  );
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text), ms: performance.now() - started, headers: res.headers };
}

describe('large and hostile bodies', () => {
  it('50,000 empty ItemList lines (152 KB): 400 with 2173 at once, a small reply', async () => {
    const body = JSON.stringify({ ...example('irn'), ItemList: Array.from({ length: 50_000 }, () => ({})) });
    const reply = await post('/api/svc/einvoice/generateirn', body);
    expect(reply.status).toBe(400);
    expect(reply.body.Errors).toEqual([expect.objectContaining({ Code: '2173' })]);
    expect(reply.text.length).toBeLessThan(1000);
    expect(reply.ms).toBeLessThan(2000);
  });

  it('100,000 GSTINs on an export: a coded 400 at once', async () => {
    const gstins = Array.from({ length: 100_000 }, (_, i) => `29AAGCK${String(i).padStart(4, '0')}M1Z4`);
    const reply = await post('/api/svc/gstr2a/export', JSON.stringify({ gstins, startReturnPeriod: '2026-01', endReturnPeriod: '2026-03' }));
    expect(reply.status).toBe(400);
    expect(reply.headers.get('svc-errorcode')).toBe('1000');
    expect(reply.body.errorMessage).toContain('at most 1000');
    expect(reply.ms).toBeLessThan(2000);
  });

  it('1,000 empty lines: at most 101 listed errors, the last saying how many more', async () => {
    const reply = await post('/api/svc/einvoice/generateirn', JSON.stringify({ ...example('irn'), ItemList: Array.from({ length: 1000 }, () => ({})) }));
    expect(reply.status).toBe(400);
    expect(reply.body.Errors.length).toBeLessThanOrEqual(101);
    expect(reply.body.Errors.at(-1).Code).toBe('SVC-119');
    expect(reply.text.length).toBeLessThan(30_000);
  });

  it('a 1 MB document number does not come back whole', async () => {
    const invoice = example('irn') as Record<string, any>;
    invoice['DocDtls'].No = '9'.repeat(1_000_000);
    const reply = await post('/api/svc/einvoice/generateirn', JSON.stringify(invoice));
    expect(reply.status).toBe(400);
    expect(reply.text.length).toBeLessThan(20_000);
    expect(reply.text).toContain('9'.repeat(32));
  });

  it('an 83 KB body of long values gives a reply of a few KB, not megabytes', async () => {
    const invoice = example('irn') as Record<string, any>;
    const line = invoice['ItemList'][0];
    invoice['ItemList'] = Array.from({ length: 40 }, (_, i) => ({ ...line, SlNo: String(i + 1), HsnCd: 'H'.repeat(2000) }));
    const body = JSON.stringify(invoice);
    expect(body.length).toBeGreaterThan(80_000);
    const reply = await post('/api/svc/einvoice/generateirn', body);
    expect(reply.status).toBe(400);
    expect(reply.text.length).toBeLessThan(40_000);
  });

  it('10,000-deep lists on the GSTR export routes: a coded 400, no stack overflow', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const [path, body] of [
      ['/api/svc/gstr2a/export', `{"gstins":${deep},"startReturnPeriod":"2026-01","endReturnPeriod":"2026-02"}`],
      ['/api/svc/gstr2b/export', `{"gstins":[${deep},${deep}],"startReturnPeriod":"2026-01","endReturnPeriod":"2026-02"}`],
      ['/api/svc/gstr3b/export', `{"gstin":${deep},"returnPeriod":"2026-01"}`],
    ] as const) {
      const reply = await post(path, body);
      expect(reply.status).toBe(400);
      expect(reply.headers.get('svc-errorcode')).toBe('1000');
    }
  });

  it('a 10,000-deep purchase register to reconcile: a coded 400 (it overflowed the stack before)', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const reply = await post('/api/svc/gstr2b/reconcile', `{"gstin":"29AAGCK4821M1Z4","startReturnPeriod":"2026-01","purchases":${deep}}`);
    expect(reply.status).toBe(400);
    expect(reply.headers.get('svc-errorcode')).toBe('1000');
    expect(reply.body.errorMessage).toMatch(/^SVC-120 \/purchases\/0/);
    expect(failures).toEqual([]);
  });

  it('objects where GSTINs belong ({"valueOf":1}): a coded 400, not a 500', async () => {
    const reply = await post(
      '/api/svc/gstr2a/export',
      JSON.stringify({ gstins: [{ valueOf: 1 }, { valueOf: 1 }], startReturnPeriod: '2026-01', endReturnPeriod: '2026-02' }),
    );
    expect(reply.status).toBe(400);
    expect(reply.headers.get('svc-errorcode')).toBe('1000');
    expect(failures).toEqual([]);
  });
});

describe('malformed URLs', () => {
  it('a bad percent-escape in a path parameter, without credentials: 400 SVC-908', async () => {
    const res = await handler(new Request('http://localhost/api/svc/robot/jobstatus/%E0%A4%A'));
    expect(res.status).toBe(400);
    expect(res.headers.get('svc-errorcode')).toBe('SVC-908');
    expect(failures).toEqual([]);
  });
});

describe('text that is no text', () => {
  it('a NUL in a text field is refused before the store could refuse it', async () => {
    const invoice = example('irn') as Record<string, any>;
    invoice['BuyerDtls'].LglNm = 'Kaveri\u0000 Components';
    const reply = await post('/api/svc/einvoice/generateirn', JSON.stringify(invoice));
    expect(reply.status).toBe(400);
    // the body reader refuses a NUL first (SVC-905); validate() alone refuses it with SVC-122
    expect(reply.body.Errors.map((e: { Code: string }) => e.Code)).toEqual(['SVC-905']);
  });

  it('the sales inquiry refuses a lone surrogate with a validation error, not a 500', async () => {
    const res = await handler(
      new Request('http://localhost/api/deal', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contactName: 'Priya \ud800', businessName: 'Kaveri', email: 'p@k.example', mobile: '9845012345', turnstileToken: 'token' }),
      }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(failures).toEqual([]);
  });
});
