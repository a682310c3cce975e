/**
 * The node:http server's connection limits as a hostile or careless client meets them: a client that
 * trickles its headers is cut off in about the configured time, a connection beyond the cap gets a coded
 * 503, an over-long URL a coded 431, garbage a coded 400, and an idle keep-alive connection is closed.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { applyServerLimits, createGstServer, resolveServerLimits, type GstServerOptions } from '../../src/http/node-server.js';
import { toNodeListener } from '../../src/http/node.js';
import type { GstHandler } from '../../src/http/types.js';

const hello: GstHandler = Object.assign(async () => new Response(JSON.stringify({ ok: true }), { headers: { 'content-type': 'application/json' } }), {
  basePath: '',
});

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function start(options: GstServerOptions): Promise<number> {
  const server = createGstServer(hello, options);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw connection that records what the server sends and when it closes. */
function rawClient(port: number, from?: string): { socket: Socket; received: () => string; closed: Promise<number> } {
  const socket = connect({ port, host: '127.0.0.1', ...(from ? { localAddress: from } : {}) });
  sockets.push(socket);
  let data = '';
  const opened = Date.now();
  socket.on('data', (c: Buffer) => (data += c.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  return { socket, received: () => data, closed };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('connection limits of the node:http server', () => {
  it('cuts off a client that sends its headers one byte at a time, in about the header timeout', async () => {
    const port = await start({ headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 });
    const client = rawClient(port);
    const head = 'GET /api/svc/einvoice/getirn HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(200);
    let i = 0;
    const drip = setInterval(() => {
      if (client.socket.writable && i < head.length) client.socket.write(head[i++]!);
    }, 100);
    const elapsed = await client.closed;
    clearInterval(drip);
    expect(elapsed).toBeLessThan(3_500);
    expect(i).toBeLessThan(head.length); // cut off long before the headers could have been finished
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toContain('svc-errorcode: SVC-971');
    expect(JSON.parse(client.received().split('\r\n\r\n')[1]!)).toMatchObject({ errorCode: 'SVC-971' });
  });

  it('closes a connection that never sends a request', async () => {
    const port = await start({ headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 });
    const client = rawClient(port);
    expect(await client.closed).toBeLessThan(3_500);
  });

  it('cuts off a client that trickles its body, in about the request timeout', async () => {
    const port = await start({ headersTimeoutMs: 1_000, requestTimeoutMs: 1_500 });
    const client = rawClient(port);
    client.socket.write('POST /x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    const drip = setInterval(() => client.socket.writable && client.socket.write(' '), 100);
    const elapsed = await client.closed;
    clearInterval(drip);
    expect(elapsed).toBeLessThan(3_500);
  });

  it('answers a connection beyond the cap with a coded 503, and serves again once one closes', async () => {
    const port = await start({ maxConnections: 3 });
    const held = [rawClient(port), rawClient(port), rawClient(port)];
    // Each holds its connection with headers not yet finished.
    for (const h of held) h.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    await sleep(100);
    const refused = await fetch(`http://127.0.0.1:${port}/anything`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('svc-errorcode')).toBe('SVC-972');
    expect(await refused.json()).toMatchObject({ errorCode: 'SVC-972' });
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await sleep(50);
    const served = await fetch(`http://127.0.0.1:${port}/anything`, { headers: { connection: 'close' } });
    expect(served.status).toBe(200);
  });

  it('answers a connection beyond the cap of its client address with a coded 503, while other addresses are served', async () => {
    const port = await start({ maxConnections: 10, maxConnectionsPerAddress: 3 });
    const held = [rawClient(port, '127.0.0.2'), rawClient(port, '127.0.0.2'), rawClient(port, '127.0.0.2')];
    for (const h of held) h.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    await sleep(100);
    const refused = rawClient(port, '127.0.0.2');
    refused.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await refused.closed;
    const [head, body] = refused.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/svc-errorcode: SVC-972/);
    expect(head).toMatch(/retry-after: 1/);
    expect(JSON.parse(body!)).toMatchObject({ errorCode: 'SVC-972', errorMessage: expect.stringContaining('your address has 3 connections open') });
    // Another address is served meanwhile.
    expect((await fetch(`http://127.0.0.1:${port}/anything`, { headers: { connection: 'close' } })).status).toBe(200);
    // Once one of the address's connections closes, it is served again.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await sleep(50);
    const again = rawClient(port, '127.0.0.2');
    again.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await again.closed;
    expect(again.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers a URL over the header limit with a coded 431 instead of a bare one', async () => {
    const port = await start({});
    const res = await fetch(`http://127.0.0.1:${port}/api/svc/einvoice/getirn?irn=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('svc-errorcode')).toBe('SVC-970');
    const body = await res.json();
    expect(body.errorCode).toBe('SVC-970');
    expect(body.errorMessage).toContain('16384');
  });

  it('answers a HEAD request over the header limit with a coded 431 and no body', async () => {
    const port = await start({});
    const client = rawClient(port);
    client.socket.write(`HEAD /x?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await client.closed;
    const [head, body] = client.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toContain('svc-errorcode: SVC-970');
    expect(body).toBe('');
  });

  it('lets a client that is still writing an over-long URL finish, and read its 431, rather than reset it', async () => {
    const port = await start({});
    // Half-open like an HTTP client still busy with its request: the server's FIN does not end its sending.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    sockets.push(socket);
    let data = '';
    const errors: string[] = [];
    socket.on('data', (c: Buffer) => (data += c.toString()));
    socket.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(`GET /x?q=${'a'.repeat(20_000)}`);
    // A client slowed down (a loaded machine, a slow link) keeps sending after the reply has gone out.
    for (let i = 0; i < 3; i++) {
      await sleep(700);
      socket.write('b'.repeat(50_000));
    }
    socket.end(' HTTP/1.1\r\nHost: x\r\n\r\n');
    await closed;
    expect(errors).toEqual([]);
    expect(data).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('cuts a refused client that keeps sending without a pause after its bounded linger', async () => {
    const port = await start({});
    const client = rawClient(port);
    client.socket.write(`GET /x?q=${'a'.repeat(20_000)}`);
    // 17 MiB more, past the linger's byte bound: the server stops reading and closes.
    const chunk = 'c'.repeat(1024 * 1024);
    for (let i = 0; i < 17 && !client.socket.destroyed; i++) {
      if (!client.socket.write(chunk))
        await new Promise((r) => {
          client.socket.once('drain', r);
          client.socket.once('close', r);
        });
    }
    const elapsed = await client.closed;
    expect(elapsed).toBeLessThan(10_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('follows a smaller configured header limit', async () => {
    const port = await start({ maxHeaderSize: 2_048 });
    expect((await fetch(`http://127.0.0.1:${port}/x?q=${'a'.repeat(1_000)}`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/x?q=${'a'.repeat(3_000)}`)).status).toBe(431);
  });

  it('answers bytes that are not HTTP with a coded 400', async () => {
    const port = await start({});
    const client = rawClient(port);
    client.socket.write('HELLO THERE\r\n\r\n');
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(client.received()).toContain('SVC-973');
  });

  it("answers CONNECT with a coded 405 naming the path's methods, or 404 where no route has the path", async () => {
    const withRoutes: GstHandler = Object.assign((request: Request) => hello(request), {
      basePath: '',
      methodsAt: (p: string) => (p === '/x' ? ['GET', 'HEAD'] : []),
    });
    const server = createGstServer(withRoutes, {});
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const served = rawClient(port);
    served.socket.write('CONNECT /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await served.closed;
    expect(served.received()).toMatch(/^HTTP\/1\.1 405 /);
    expect(served.received()).toMatch(/allow: GET, HEAD/i);
    expect(served.received()).toContain('SVC-907');
    const unknown = rawClient(port);
    unknown.socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    await unknown.closed;
    expect(unknown.received()).toMatch(/^HTTP\/1\.1 404 /);
    expect(unknown.received()).toContain('SVC-906');
  });

  it('answers a client that half-closes after its request, even when the answer takes a while', async () => {
    const slow: GstHandler = Object.assign(
      async (request: Request) => {
        await sleep(300);
        return hello(request);
      },
      { basePath: '' },
    );
    const server = createGstServer(slow, {});
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = rawClient((server.address() as AddressInfo).port);
    client.socket.end('POST /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n{}');
    await client.closed;
    expect(client.received()).toMatch(/HTTP\/1\.1 200 /);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const port = await start({ keepAliveTimeoutMs: 300 });
    const client = rawClient(port);
    client.socket.write('GET /x HTTP/1.1\r\nHost: x\r\n\r\n');
    const elapsed = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('puts the cap and the coded answers on a server the host made itself', async () => {
    const server = applyServerLimits(createServer(toNodeListener(hello)), { maxConnections: 1 });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const long = await fetch(`http://127.0.0.1:${port}/x?q=${'a'.repeat(20_000)}`, { headers: { connection: 'close' } });
    expect(long.status).toBe(431);
    expect(long.headers.get('svc-errorcode')).toBe('SVC-970');
    await sleep(100);
    const held = rawClient(port);
    held.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    await sleep(100);
    const refused = await fetch(`http://127.0.0.1:${port}/x`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('svc-errorcode')).toBe('SVC-972');
  });

  it('refuses limits that make no sense', () => {
    expect(() => resolveServerLimits({ maxConnections: 0 })).toThrow(/maxConnections/);
    expect(() => resolveServerLimits({ headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 })).toThrow(/must not exceed/);
    expect(() => resolveServerLimits({ maxConnectionsPerAddress: 0 })).toThrow(/maxConnectionsPerAddress/);
    expect(resolveServerLimits({})).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1_000,
      maxConnectionsPerAddress: 100,
    });
  });
});
