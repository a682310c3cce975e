/**
 * The node:http binding calls gstkit's handler on its light path (node's parsed request, replies written as
 * the JSON text they were built from). The same requests through the fetch-style handler and through node:http
 * must give the same status, headers and bytes, and a host's own authenticate hook still gets a web Request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/http/node.js';
import type { GstHandler } from '../../src/http/types.js';
import type { Authenticate } from '../../src/ports/company.js';
import { basicAuth, createSandbox, manualClock, parseIst } from '../../src/sandbox/index.js';
import { example, identity } from './harness.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise((r) => {
          s.closeAllConnections();
          s.close(r);
        }),
    ),
  );
});

const GSTIN = '29AAGCK4821M1Z4';
const auth = 'Basic ' + Buffer.from('k:s').toString('base64');

/** Two handlers over identical sandboxes (same clock, seed and key): the same calls give the same answers. */
function twin(authenticate?: Authenticate): GstHandler {
  const sandbox = createSandbox({ companies: { acme: [GSTIN] }, clock: manualClock(parseIst('10/11/2026 12:00:00')!), identity, seed: 11 });
  return createGstHandler({
    ...sandbox.providers,
    authenticate: authenticate ?? basicAuth([{ keyId: 'k', keySecret: 's', companyId: 'acme' }], new Map([['acme', [GSTIN]]])),
  });
}

async function serve(handler: GstHandler): Promise<string> {
  const server = createServer(toNodeListener(handler));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Seen {
  status: number;
  headers: Record<string, string>;
  text: string;
}

async function seen(res: Response): Promise<Seen> {
  const headers: Record<string, string> = {};
  // What the transport adds (date, connection, keep-alive) is not the handler's answer.
  res.headers.forEach((v, k) => {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)) headers[k] = v;
  });
  return { status: res.status, headers, text: await res.text() };
}

const invoice = (no: string): Record<string, unknown> => {
  const doc = example('irn');
  delete doc['EwbDtls'];
  (doc['DocDtls'] as Record<string, unknown>)['No'] = no;
  return doc;
};

/** The calls both paths answer: success, duplicate, images, reads, refusals of every kind. */
const calls: Array<{ method: string; path: string; body?: string; headers?: Record<string, string> }> = [
  { method: 'POST', path: '/api/svc/einvoice/generateirn', body: JSON.stringify(invoice('LP/1')) },
  { method: 'POST', path: '/api/svc/einvoice/generateirn', body: JSON.stringify(invoice('LP/1')) },
  { method: 'POST', path: '/api/svc/einvoice/generateirn?qrcode=yes', body: JSON.stringify(invoice('LP/2')) },
  {
    method: 'GET',
    path: `/api/svc/einvoice/getirnbydoc?gstin=${GSTIN}&doctype=INV&docno=LP/2&docdate=${(invoice('x')['DocDtls'] as Record<string, string>)['Dt']}`,
  },
  { method: 'POST', path: '/api/svc/einvoice/generateirn', body: '{"DocDtls":' },
  { method: 'POST', path: '/api/svc/einvoice/generateirn', body: JSON.stringify({ ...invoice('LP/3'), Version: '1.1.1.1' }) },
  {
    method: 'POST',
    path: '/api/svc/einvoice/generateirn',
    body: JSON.stringify(invoice('LP/4')),
    headers: { authorization: 'Basic ' + Buffer.from('k:wrong').toString('base64') },
  },
  { method: 'POST', path: '/api/svc/einvoice/generateirn', body: JSON.stringify(invoice('LP/5')), headers: { 'svc-company': 'someone-else' } },
  { method: 'GET', path: '/api/svc/einvoice/generateirn' },
  { method: 'GET', path: '/api/svc/nothing-here' },
  { method: 'POST', path: '/api/deal', body: '{}' },
  // The IRN registers and its e-waybill part is refused: a reply with a Svc-Warning header.
  { method: 'POST', path: '/api/svc/einvoice/generateirn', body: JSON.stringify({ ...invoice('LP/6'), EwbDtls: { Distance: 100, TransMode: '1' } }) },
  // The audit log both paths wrote, entry by entry and byte by byte.
  { method: 'GET', path: '/api/svc/audit' },
];

async function both(fetchHandler: GstHandler, nodeHandler: GstHandler): Promise<Array<[Seen, Seen]>> {
  const base = await serve(nodeHandler);
  const out: Array<[Seen, Seen]> = [];
  for (const c of calls) {
    const init = (): RequestInit => ({
      method: c.method,
      headers: { authorization: auth, 'content-type': 'application/json', ...c.headers },
      ...(c.body !== undefined ? { body: c.body } : {}),
    });
    const direct = await seen(await fetchHandler(new Request(`${base}${c.path}`, init())));
    const overNode = await seen(await fetch(`${base}${c.path}`, init()));
    out.push([direct, overNode]);
  }
  return out;
}

describe("node:http's light path into gstkit's handler", () => {
  it('answers every call with the status, headers and bytes of the fetch-style handler', async () => {
    const pairs = await both(twin(), twin());
    for (const [direct, overNode] of pairs) expect(overNode).toEqual(direct);
    // The calls did what they say: a registration, its duplicate, a QR image, a read, refusals.
    expect(pairs.map(([d]) => d.status)).toEqual([200, 409, 200, 200, 400, 400, 401, 403, 405, 404, 400, 200, 200]);
    expect(JSON.parse(pairs[2]![0].text).QRCodeImagePng).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(pairs[11]![1].headers['svc-warning']).toMatch(/^4011 /);
    const audited = JSON.parse(pairs[12]![1].text).entries as Array<{ operation: string; status: number; result?: string; code?: string }>;
    // Newest first: the refused e-waybill part, the invalid body, the broken JSON, the QR call, the duplicate, the first.
    expect(audited.map((e) => [e.operation, e.status, e.code])).toEqual([
      ['generateIrn', 200, undefined],
      ['generateIrn', 400, 'SVC-102'],
      ['generateIrn', 400, 'SVC-903'],
      ['generateIrn', 200, undefined],
      ['generateIrn', 409, '2150'],
      ['generateIrn', 200, undefined],
    ]);
    expect(audited[5]!.result).toMatch(/^IRN [0-9a-f]{64}$/);
  });

  it("hands a host's own authenticate hook a web Request with the URL, method and headers sent", async () => {
    const got: Array<{ isRequest: boolean; url: string; method: string; company: string | null; length: string | null }> = [];
    const own: Authenticate = (request) => {
      got.push({
        isRequest: request instanceof Request,
        url: request.url,
        method: request.method,
        company: request.headers.get('x-company'),
        length: request.headers.get('content-length'),
      });
      return request.headers.get('x-company') === 'acme' ? { ok: true, company: { id: 'acme', gstins: [GSTIN] } } : { ok: false, status: 401, message: 'who?' };
    };
    const pairs = await both(twin(own), twin(own));
    for (const [direct, overNode] of pairs) expect(overNode).toEqual(direct);
    const overNode = got.filter((g) => g.url.startsWith('http://127.0.0.1'));
    expect(overNode.length).toBeGreaterThan(0);
    for (const g of overNode) expect(g.isRequest).toBe(true);
    const base = await serve(twin(own));
    const res = await fetch(`${base}/api/svc/einvoice/generateirn?x=1`, {
      method: 'POST',
      headers: { 'x-company': 'acme', 'content-type': 'application/json' },
      body: JSON.stringify(invoice('LP/9')),
    });
    expect(res.status).toBe(200);
    // The body was read by the binding: the Request carries no stale content-length.
    expect(got.at(-1)).toEqual({ isRequest: true, url: `${base}/api/svc/einvoice/generateirn?x=1`, method: 'POST', company: 'acme', length: null });
  });

  it("gives gstkit's own Basic hook the headers it reads, whatever the case of their names", async () => {
    const base = await serve(twin());
    const ok = await fetch(`${base}/api/svc/einvoice/generateirn`, {
      method: 'POST',
      headers: { AUTHORIZATION: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(invoice('LP/10')),
    });
    expect(ok.status).toBe(200);
    expect(Number(ok.headers.get('content-length'))).toBe(Buffer.byteLength(await ok.text()));
  });
});
