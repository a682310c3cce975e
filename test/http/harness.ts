/** Builds a sandboxed handler and serves it through each host binding on loopback. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { serve as honoServe } from '@hono/node-server';
import { createGstHandler, type GstHandler, type GstHandlerOptions } from '../../src/http/index.js';
import { toNodeListener, gstErrorMiddleware } from '../../src/http/node.js';
import { gstkitFastify } from '../../src/http/fastify.js';
import { mountGstkit } from '../../src/http/hono.js';
import { basicAuth, createSandbox, createSigningIdentity, manualClock, parseIst, type Sandbox } from '../../src/sandbox/index.js';

export const identity = createSigningIdentity();
export const A_GSTINS = ['29AAGCK4821M1Z4', '33AAHCT2290K1Z6', '29AAGCM4821K1Z6'];
export const B_GSTINS = ['29AADCN7314Q1ZU', '33AAEFV6613B1ZL'];
export const authA = 'Basic ' + Buffer.from('keyA:secretA').toString('base64');
export const authB = 'Basic ' + Buffer.from('keyB:secretB').toString('base64');

export function example(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../docs/examples/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

export interface World {
  sandbox: Sandbox;
  handler: GstHandler;
  clock: ReturnType<typeof manualClock>;
}

export function world(extra: Partial<GstHandlerOptions> = {}): World {
  const clock = manualClock(parseIst('14/11/2026 11:00:00')!);
  const sandbox = createSandbox({ companies: { acme: A_GSTINS, beta: B_GSTINS }, clock, identity, seed: 7, syntheticDocumentsPerPeriod: 20 });
  const handler = createGstHandler({
    ...sandbox.providers,
    authenticate: basicAuth(
      [
        { keyId: 'keyA', keySecret: 'secretA', companyId: 'acme' },
        { keyId: 'keyB', keySecret: 'secretB', companyId: 'beta' },
      ],
      new Map([...sandbox.companies].map(([id, c]) => [id, c.gstins])),
    ),
    // Every route of the table is served, the webhooks' too.
    webhooks: { store: sandbox.store, policy: { allowPrivate: false, allowHttp: false } },
    ...extra,
  });
  return { sandbox, handler, clock };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: any;
  bytes: Uint8Array;
}

export interface CallOptions {
  body?: unknown;
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  auth?: string | null;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<Reply>;

async function toReply(res: Response): Promise<Reply> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = Buffer.from(bytes).toString('utf8');
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body, bytes };
}

function init(method: string, options: CallOptions = {}): RequestInit {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.auth !== null) headers['authorization'] = options.auth ?? authA;
  let body: string | Uint8Array | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  return { method, headers, ...(body !== undefined ? { body: body as BodyInit } : {}) };
}

export interface Target {
  name: string;
  start(handler: GstHandler): Promise<{ call: Call; close(): Promise<void> }>;
}

function viaHttp(port: number): Call {
  return async (method, path, options) => toReply(await fetch(`http://127.0.0.1:${port}${path}`, init(method, options)));
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

const closeServer = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export const targets: Target[] = [
  {
    name: 'fetch handler',
    async start(handler) {
      return {
        call: async (method, path, options) => toReply(await handler(new Request(`http://gstkit.test${path}`, init(method, options)))),
        close: async () => undefined,
      };
    },
  },
  {
    name: 'node:http',
    async start(handler) {
      const server = createServer(toNodeListener(handler));
      return { call: viaHttp(await listen(server)), close: closeServer(server) };
    },
  },
  {
    name: 'express',
    async start(handler) {
      const app = express();
      app.use(express.json({ limit: '5mb' }));
      app.get('/host/own', (_req, res) => {
        res.json({ host: true });
      });
      app.use(toNodeListener(handler));
      app.use(gstErrorMiddleware({ basePath: handler.basePath ?? '' }));
      const server = createServer(app);
      return { call: viaHttp(await listen(server)), close: closeServer(server) };
    },
  },
  {
    name: 'fastify',
    async start(handler) {
      const app = Fastify();
      await app.register(gstkitFastify, { handler });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      return { call: viaHttp(port), close: () => app.close() };
    },
  },
  {
    name: 'hono',
    async start(handler) {
      const app = new Hono();
      mountGstkit(app, handler);
      const server = await new Promise<Server>((resolve) => {
        const s = honoServe({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
      });
      return { call: viaHttp((server.address() as AddressInfo).port), close: closeServer(server) };
    },
  },
];
