/**
 * A NUL character (the JSON escape \u0000) in any text of a body is refused when the body is read
 * (400 SVC-905): PostgreSQL and PGlite cannot keep it, so it used to pass validation and then fail in
 * the store with 500 SVC-950.
 */
import { describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { nulAt } from '../../src/http/text-check.js';
import { basicAuth, demoGstins, openSandbox } from '../../src/sandbox/index.js';
import { openStore } from '../../src/store/index.js';
import { example } from '../support/examples.js';

const auth = 'Basic ' + Buffer.from('k:s').toString('base64');

describe('NUL in text', () => {
  it('finds the first text or key with a NUL at any depth, and nothing in clean text', () => {
    expect(nulAt({ a: ['x', { 'b/c': 'y\u0000' }] })).toBe('/a/1/b~1c');
    expect(nulAt({ 'k\u0000': 1 })).toBe('/k\u0000');
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(nulAt(deep)).toBe('/0'.repeat(50_000));
    expect(nulAt({ a: ['\\u0000 written out', 'नमस्ते', 1, null] })).toBeUndefined();
  });

  it('is refused with SVC-905 on a store-backed server, where it used to fail in the store with 500', async () => {
    const store = await openStore({ dataDir: 'memory://' });
    try {
      const sandbox = await openSandbox({ companies: { acme: [...demoGstins] }, store, seed: 1 });
      const handler = createGstHandler({
        ...sandbox.providers,
        authenticate: basicAuth([{ keyId: 'k', keySecret: 's', companyId: 'acme' }], new Map([['acme', [...demoGstins]]])),
      });
      const post = async (path: string, body: unknown) => {
        const res = await handler(
          new Request(`http://t${path}`, {
            method: 'POST',
            headers: { authorization: auth, 'content-type': 'application/json', 'svc-company': 'acme' },
            body: JSON.stringify(body),
          }),
        );
        return { status: res.status, text: await res.text(), code: res.headers.get('svc-errorcode') };
      };
      const ewb = example('ewb');
      ewb.transporterName = 'Sahyadri\u0000Roadways';
      const refused = await post('/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', ewb);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text).Errors).toEqual([{ Code: 'SVC-905', Message: expect.stringContaining('/transporterName') }]);
      // The same document without the NUL is kept.
      ewb.transporterName = 'Sahyadri Roadways';
      expect((await post('/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', ewb)).status).toBe(200);
      // Routes that read their own JSON refuse it too, in their style.
      const reconcile = await post('/api/svc/gstr2b/reconcile', {
        gstin: '29AAGCK4821M1Z4',
        startReturnPeriod: '2025-11',
        purchases: [{ supplierGstin: '29AADCN7314Q1ZU', documentNumber: 'N\u00001' }],
      });
      expect(reconcile.status).toBe(400);
      expect(reconcile.text).toContain('NUL');
      // A NUL in a job id (%00) is no such job, where the store used to fail with 500.
      for (const route of ['jobstatus', 'jobfile']) {
        const res = await handler(new Request(`http://t/api/svc/robot/${route}/%00`, { headers: { authorization: auth } }));
        expect([res.status, res.headers.get('svc-errorcode')]).toEqual([404, 'SVC-952']);
      }
    } finally {
      await store.close();
    }
  });
});
