/**
 * The fetch-style handler serving the API with the sandbox on its memory store: what a Worker, Deno or Bun
 * host (or a page's service worker) runs. Registers an IRN with its QR code, reads it back, refuses a bad
 * invoice with the portal's answer, and keeps one company's records from another.
 * @module
 */
import { createGstHandler } from '../../src/http/index.js';
import { basicAuth, createSandbox, manualClock, parseIst } from '../../src/sandbox/index.js';
import irnExample from '../../docs/examples/irn.json' with { type: 'json' };
import { describe, expect, it } from './harness.js';

const A = ['29AAGCK4821M1Z4', '33AAHCT2290K1Z6'];
const B = ['29AADCN7314Q1ZU'];

function server() {
  const clock = manualClock(parseIst('14/11/2026 11:00:00')!);
  const sandbox = createSandbox({ companies: { acme: A, beta: B }, clock, seed: 7 });
  const handler = createGstHandler({
    ...sandbox.providers,
    authenticate: basicAuth(
      [
        { keyId: 'keyA', keySecret: 'secretA', companyId: 'acme' },
        { keyId: 'keyB', keySecret: 'secretB', companyId: 'beta' },
      ],
      new Map([...sandbox.companies].map(([id, c]) => [id, c.gstins])),
    ),
  });
  const call = async (method: string, path: string, key: 'A' | 'B' | 'none', body?: unknown) => {
    const auth = key === 'A' ? `Basic ${btoa('keyA:secretA')}` : `Basic ${btoa('keyB:secretB')}`;
    const res = await handler(
      new Request(`https://gstkit.example${path}`, {
        method,
        headers: { ...(key === 'none' ? {} : { authorization: auth }), 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, any>) : undefined };
  };
  return { call };
}

describe('the fetch-style handler on the sandbox', () => {
  it('registers an IRN with its QR code and reads it back', async () => {
    const { call } = server();
    const made = await call('POST', '/api/svc/einvoice/generateirn?qrcode=yes&qrcodeformat=png', 'A', irnExample);
    expect(made.status).toBe(200);
    const irn = made.body?.['Irn'] as string;
    expect(irn).toMatch(/^[0-9a-f]{64}$/);
    expect(made.body?.['AckNo']).toMatch(/^\d{15}$/);
    // The PNG's signature, base64: \x89PNG\r\n\x1a\n.
    expect(String(made.body?.['QRCodeImagePng'] ?? '')).toMatch(/^iVBORw0KGgo/);
    const again = await call('POST', '/api/svc/einvoice/generateirn', 'A', irnExample);
    expect(JSON.stringify(again.body)).toContain('2150');
    const read = await call('GET', `/api/svc/einvoice/getirn?gstin=${A[0]}&irn=${irn}`, 'A');
    expect(read.status).toBe(200);
    expect(read.body?.['Irn']).toBe(irn);
    // Another company's key does not see it.
    const other = await call('GET', `/api/svc/einvoice/getirn?gstin=${B[0]}&irn=${irn}`, 'B');
    expect(other.body?.['Irn']).toBe(undefined);
  });

  it("answers a bad invoice with the portal's error and no record", async () => {
    const { call } = server();
    const bad = { ...irnExample, DocDtls: { ...irnExample.DocDtls, Dt: '31/02/2026' } };
    const refused = await call('POST', '/api/svc/einvoice/generateirn', 'A', bad);
    expect(refused.status).toBe(400);
    expect(refused.body?.['Success']).toBe(false);
    // 2144: the IRP's code for a document date that is not a real date.
    expect(JSON.stringify(refused.body?.['Errors'])).toContain('"Code":"2144"');
  });

  it('refuses a request without a key', async () => {
    const { call } = server();
    const res = await call('GET', `/api/svc/einvoice/getirn?gstin=${A[0]}&irn=abc`, 'none');
    expect(res.status).toBe(401);
  });
});
