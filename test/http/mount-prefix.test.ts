/**
 * Mounting gstkit under a framework's own prefix: Express `app.use('/gst', ...)`, a Fastify plugin
 * `prefix`, Hono `app.route('/gst', sub)`. With the handler's `basePath` the same, it serves; with another,
 * it says so, naming `basePath`, instead of a silent 404.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { gstkitFastify } from '../../src/http/fastify.js';
import { mountGstkit } from '../../src/http/hono.js';
import { toNodeListener } from '../../src/http/node.js';
import type { GstHandler } from '../../src/http/types.js';
import { world } from './harness.js';

const handlerAt = (basePath?: string): GstHandler => world(basePath === undefined ? {} : { basePath }).handler;

async function viaExpress(handler: GstHandler, path: string): Promise<Response> {
  const app = express();
  app.use('/gst', toNodeListener(handler));
  app.use((_req, res) => res.status(404).send('the host says: not found'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
  } finally {
    server.close();
  }
}

describe('Express: app.use(prefix, toNodeListener(handler))', () => {
  it('serves under the prefix when the handler has it as basePath', async () => {
    const reply = await viaExpress(handlerAt('/gst'), '/gst/openapi.json');
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { servers: unknown }).servers).toEqual([{ url: '/gst' }]);
  });

  it("answers 500 SVC-909 naming basePath when the handler's basePath is not the prefix", async () => {
    const reply = await viaExpress(handlerAt(), '/gst/api/svc/gstr2b/export');
    expect(reply.status).toBe(500);
    expect(reply.headers.get('svc-errorcode')).toBe('SVC-909');
    expect(reply.headers.get('svc-errormessage')).toContain("basePath: '/gst'");
  });

  it("leaves the host's own paths under the prefix to the host", async () => {
    const reply = await viaExpress(handlerAt(), '/gst/about');
    expect(reply.status).toBe(404);
    expect(await reply.text()).toBe('the host says: not found');
  });
});

describe('Fastify: app.register(gstkitFastify, { prefix })', () => {
  it('serves under the prefix when the handler has it as basePath', async () => {
    const app = Fastify();
    await app.register(gstkitFastify, { handler: handlerAt('/gst'), prefix: '/gst' });
    const reply = await app.inject({ method: 'GET', url: '/gst/openapi.json' });
    await app.close();
    expect(reply.statusCode).toBe(200);
    expect(JSON.parse(reply.body).servers).toEqual([{ url: '/gst' }]);
  });

  it('refuses to start, naming basePath, when the handler has another', async () => {
    const app = Fastify();
    await expect(app.register(gstkitFastify, { handler: handlerAt(), prefix: '/gst' })).rejects.toThrow(/basePath: '\/gst'/);
    await app.close();
  });
});

describe('Hono: parent.route(prefix, sub) with mountGstkit(sub, handler, { routedAt })', () => {
  it('serves under the prefix when told where it is routed and the handler has it as basePath', async () => {
    const parent = new Hono();
    parent.route('/gst', mountGstkit(new Hono(), handlerAt('/gst'), { routedAt: '/gst' }));
    const reply = await parent.request('/gst/openapi.json');
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { servers: unknown }).servers).toEqual([{ url: '/gst' }]);
  });

  it('answers 500 SVC-909 naming basePath and routedAt when routed under a prefix it was not told of', async () => {
    const parent = new Hono();
    parent.route('/gst', mountGstkit(new Hono(), handlerAt()));
    const reply = await parent.request('/gst/api/svc/gstr2b/export', { method: 'POST' });
    expect(reply.status).toBe(500);
    expect(reply.headers.get('svc-errorcode')).toBe('SVC-909');
    expect(reply.headers.get('svc-errormessage')).toContain("basePath: '/gst'");
    expect(reply.headers.get('svc-errormessage')).toContain("routedAt: '/gst'");
  });

  it("refuses a routedAt that the handler's basePath does not begin with", () => {
    expect(() => mountGstkit(new Hono(), handlerAt('/tax'), { routedAt: '/gst' })).toThrow(/basePath: '\/gst'/);
  });
});
