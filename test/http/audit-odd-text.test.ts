/**
 * A refused call naming its document with a half surrogate pair after a non-ASCII character
 * ('ॐ\udc00') is still audited on the PGlite store. PGlite's wire encoder counted that text short and
 * failed with "invalid byte sequence for encoding UTF8", so the entry was lost and an unforeseen error
 * logged; the store now writes the half pair as U+FFFD, as node-postgres does on PostgreSQL.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { basicAuth, demoGstins, openSandbox } from '../../src/sandbox/index.js';
import { openStore } from '../../src/store/index.js';
import { wellFormed } from '../../src/store/pglite-params.js';
import { example } from '../support/examples.js';

const auth = 'Basic ' + Buffer.from('k:s').toString('base64');

describe('odd text in audited refusals', () => {
  it('keeps well-formed text and turns only halves of surrogate pairs into U+FFFD', () => {
    expect(wellFormed('नमस्ते 👨‍👩‍👧‍👦')).toBe('नमस्ते 👨‍👩‍👧‍👦');
    expect(wellFormed('ॐ\udc00a\ud800')).toBe('ॐ\ufffda\ufffd');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = wellFormed(s);
        // As UTF-8 encoders write it: the same bytes, and nothing left to replace.
        expect(Buffer.from(out, 'utf8').equals(Buffer.from(s, 'utf8'))).toBe(true);
        expect(wellFormed(out)).toBe(out);
      }),
    );
  });

  it('audits refusals whose document holds a half surrogate pair on PGlite, with no unforeseen error', async () => {
    const store = await openStore({ dataDir: 'memory://' });
    try {
      const sandbox = await openSandbox({ companies: { acme: [...demoGstins] }, store, seed: 1 });
      const errors: unknown[] = [];
      const handler = createGstHandler({
        ...sandbox.providers,
        audit: store,
        onError: (e) => errors.push(e),
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
        await res.text();
        return res.status;
      };
      const odd = 'ॐ\udc00';
      expect(await post('/api/svc/gstr3b/export', { ...example<object>('gstr3b-export'), returnPeriod: odd })).toBe(400);
      expect(await post('/api/svc/einvoice/cancelirn?gstin=29AAGCK4821M1Z4', { ...example<object>('cancel-irn'), Irn: odd })).toBe(400);
      expect(await post('/api/svc/einvoice/cancelewb?gstin=33AAHCT2290K1Z6', { ...example<object>('cancel-ewb'), ewbNo: odd })).toBe(400);
      expect(errors).toEqual([]);
      const entries = await store.listAudit!('acme', { limit: 10 });
      expect(entries.map((e) => [e.operation, e.status, e.document])).toEqual([
        ['cancelEwb', 400, 'EWB ॐ\ufffd'],
        ['cancelIrn', 400, 'IRN ॐ\ufffd'],
        [expect.any(String), 400, 'period ॐ\ufffd'],
      ]);
    } finally {
      await store.close();
    }
  });
});
