/** Arbitrary bodies and query strings into every route: never a crash, never a 500 without a code. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/http/index.js';
import { example, world } from './harness.js';

const auth = 'Basic ' + Buffer.from('keyA:secretA').toString('base64');
const flagNames = ['gstin', 'pdf', 'qrcode', 'qrcodeformat', 'qrcodequality', 'doctype', 'docno', 'docdate', 'irn', 'ewbNo', 'date', 'partygstin'];

describe('fuzzing every route', () => {
  const { handler } = world();
  const paths = [...routes.map((r) => r.path.replace('{jobId}', 'x')), '/api/deal', '/openapi.json', '/api/svc/none'];

  it('answers with a coded failure or a success', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('GET', 'POST', 'PUT'),
        fc.dictionary(fc.constantFrom(...flagNames), fc.oneof(fc.string(), fc.constantFrom('yes', 'no', 'PNG', '29AAGCK4821M1Z4', '10/11/2026', 'INV'))),
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.anything().map((v) => {
            try {
              return JSON.stringify(v) ?? 'null';
            } catch {
              return '{}';
            }
          }),
        ),
        fc.boolean(),
        async (path, method, query, body, withCompany) => {
          const qs = new URLSearchParams(query).toString();
          const headers: Record<string, string> = { authorization: auth, ...(withCompany ? { 'svc-company': 'acme' } : {}) };
          const init: RequestInit = { method, headers, ...(method === 'GET' ? {} : { body }) };
          const res = await handler(new Request(`http://t${path}${qs ? '?' + qs : ''}`, init));
          expect(res.status).toBeGreaterThanOrEqual(200);
          expect(res.status).toBeLessThan(600);
          const text = await res.text();
          if (res.status >= 400) {
            const coded =
              res.headers.get('svc-errorcode') !== null ||
              (() => {
                try {
                  const j = JSON.parse(text) as { Errors?: Array<{ Code?: string }>; code?: string };
                  return Boolean(j.Errors?.[0]?.Code || j.code);
                } catch {
                  return false;
                }
              })();
            expect(coded, `${res.status} ${method} ${path}?${qs} -> ${text.slice(0, 200)}`).toBe(true);
          }
          if (res.status === 500) expect(text).not.toMatch(/at .*\.ts:\d+/);
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);

  it('never fails unforeseen on near-valid documents with one field changed', async () => {
    const kinds: Array<[string, string]> = [
      ['/api/svc/einvoice/generateirn?qrcode=yes', 'irn'],
      ['/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', 'ewb'],
      ['/api/svc/einvoice/generatepaymentqrcode', 'payment-qr'],
      ['/api/svc/einvoice/closeewb?gstin=33AAHCT2290K1Z6', 'close-ewb'],
    ];
    const leaves = (o: unknown, path: string[] = []): string[][] =>
      o !== null && typeof o === 'object' ? Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => [[...path, k], ...leaves(v, [...path, k])]) : [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), fc.nat(), fc.jsonValue(), async ([path, kind], pick, value) => {
        const doc = example(kind);
        const all = leaves(doc);
        const target = all[pick % all.length]!;
        let node = doc as Record<string, unknown>;
        for (const k of target.slice(0, -1)) node = node[k] as Record<string, unknown>;
        node[target[target.length - 1]!] = value;
        const res = await handler(new Request(`http://t${path}`, { method: 'POST', headers: { authorization: auth }, body: JSON.stringify(doc) }));
        const text = await res.text();
        expect(res.status, `${target.join('/')}=${JSON.stringify(value)} -> ${text.slice(0, 300)}`).not.toBe(500);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
