/**
 * Client mistakes that used to answer 500 (SVC-950) with a stack in the log: each is a coded 4xx, in-process
 * and over real node:http (raw sockets, so the request goes out exactly as written).
 */
import { connect } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNodeListener } from '../../src/http/node.js';
import { paymentUri } from '../../src/render/upi/index.js';
import { validate } from '../../src/index.js';
import { A_GSTINS, authA, example, world } from '../http/harness.js';

const unforeseen: unknown[] = [];
const { handler } = world({ onError: (e) => unforeseen.push(e) });
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  expect(unforeseen).toEqual([]);
});

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** One request written on a socket as given; the reply parsed by hand. */
function raw(head: string, body = ''): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.end(`${head}\r\nConnection: close\r\n${body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n${body}`),
    );
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [top = '', rest = ''] = text.split('\r\n\r\n', 2);
      const [status = '', ...lines] = top.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(status.split(' ')[1]), headers, body: rest ? JSON.parse(rest) : undefined });
    });
  });
}

const auth = `Authorization: ${authA}`;

describe('over node:http', () => {
  it('a bad percent-escape in a path, without credentials: 400 SVC-908', async () => {
    const reply = await raw('GET /api/svc/robot/jobstatus/%E0%A4%A HTTP/1.1\r\nHost: localhost');
    expect(reply.status).toBe(400);
    expect(reply.headers['svc-errorcode']).toBe('SVC-908');
  });

  it('TRACE: 405 with the methods of the path in Allow; on no route, 404', async () => {
    const onRoute = await raw('TRACE /api/svc/einvoice/generateirn HTTP/1.1\r\nHost: localhost');
    expect(onRoute.status).toBe(405);
    expect(onRoute.headers['allow']).toBe('POST');
    expect(onRoute.body.Errors[0].Code).toBe('SVC-907');
    const onGet = await raw('TRACE /api/svc/robot/jobstatus/1 HTTP/1.1\r\nHost: localhost');
    expect(onGet.status).toBe(405);
    expect(onGet.headers['allow']).toBe('GET, HEAD');
    const nowhere = await raw('TRACE /api/svc/nothing HTTP/1.1\r\nHost: localhost');
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers['svc-errorcode']).toBe('SVC-906');
  });

  it('a Host header that is not a host: 400 SVC-908', async () => {
    for (const host of ['a b', '[::1', 'x:99999', 'x/y', 'u@x']) {
      const reply = await raw(`GET /api/svc/robot/jobstatus/1 HTTP/1.1\r\nHost: ${host}\r\n${auth}`);
      expect(reply.status, host).toBe(400);
      expect(reply.headers['svc-errorcode'], host).toBe('SVC-908');
    }
  });

  it('a path that starts with two slashes stays a path (no route), not a host', async () => {
    const reply = await raw('GET //api/svc/robot/jobstatus/1 HTTP/1.1\r\nHost: localhost');
    expect(reply.status).toBe(404);
    expect(reply.body.errorMessage).toContain('//api');
  });

  it('10,000-deep lists on a GSTR export route: 400 with code 1000', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const reply = await raw(
      `POST /api/svc/gstr2b/export HTTP/1.1\r\nHost: localhost\r\n${auth}\r\nSvc-Company: acme\r\nContent-Type: application/json`,
      `{"gstins":${deep},"startReturnPeriod":"2026-01","endReturnPeriod":"2026-02"}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.headers['svc-errorcode']).toBe('1000');
  });

  it('objects where GSTINs belong: 400 with code 1000', async () => {
    const reply = await raw(
      `POST /api/svc/gstr2a/export HTTP/1.1\r\nHost: localhost\r\n${auth}\r\nSvc-Company: acme\r\nContent-Type: application/json`,
      JSON.stringify({ gstins: [{ valueOf: 1 }, { valueOf: 1 }], startReturnPeriod: '2026-01', endReturnPeriod: '2026-02' }),
    );
    expect(reply.status).toBe(400);
    expect(reply.headers['svc-errorcode']).toBe('1000');
  });

  it('a lone surrogate in a payment-QR name: 400 SVC-122 naming the field', async () => {
    const body = example('payment-qr') as Record<string, any>;
    body['SellerDtls'].Gstin = A_GSTINS[0];
    body['BuyerDtls'].LglNm = 'Ananya \ud800 Rao';
    const reply = await raw(
      `POST /api/svc/einvoice/generatepaymentqrcode?qrcode=yes HTTP/1.1\r\nHost: localhost\r\n${auth}\r\nContent-Type: application/json`,
      JSON.stringify(body),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.Errors).toEqual([{ Code: 'SVC-122', Message: expect.stringContaining('(/BuyerDtls/LglNm)') }]);
  });
});

describe('lone surrogates in the library', () => {
  it('validate() refuses one in a value or a key, and accepts a whole pair (an emoji)', () => {
    const invoice = example('payment-qr') as Record<string, any>;
    expect(validate('payment-qr', { ...invoice, BuyerDtls: { ...invoice['BuyerDtls'], LglNm: 'x\udc00' } }).errors.map((e) => e.code)).toEqual(['SVC-122']);
    expect(validate('payment-qr', { ...invoice, ['\ud83d']: 1 }).errors.map((e) => e.code)).toEqual(['SVC-122']);
    const paired = validate('payment-qr', { ...invoice, BuyerDtls: { ...invoice['BuyerDtls'], LglNm: 'Ananya 😀 Rao' } });
    expect(paired.errors.map((e) => e.code)).not.toContain('SVC-122');
  });

  it('paymentUri does not throw on one: the name shows U+FFFD', () => {
    const invoice = example('payment-qr') as Record<string, any>;
    invoice['BuyerDtls'].LglNm = 'Ananya \ud800 Rao';
    const uri = paymentUri(invoice, { upiId: 'shop@upi', payeeName: 'Shop' });
    expect(uri.ok).toBe(true);
    expect(uri.ok && decodeURIComponent(new URL(uri.value.replace('upi://', 'http://x/')).searchParams.get('invoiceName') ?? '')).toBe('Ananya \ufffd Rao');
  });
});

describe('stored API keys', () => {
  it('a key id with a NUL is refused (401) without asking the store', async () => {
    const { storedKeyAuth } = await import('../../src/ports/index.js');
    const asked: string[] = [];
    const auth = storedKeyAuth(
      {
        getApiKey: async (id: string) => {
          asked.push(id);
          return undefined;
        },
      } as never,
      new Map(),
    );
    const outcome = await auth(new Request('http://x/', { headers: { authorization: 'Basic ' + Buffer.from('key\u0000id:secret').toString('base64') } }));
    expect(outcome).toMatchObject({ ok: false, status: 401 });
    expect(asked).toEqual([]);
  });
});
