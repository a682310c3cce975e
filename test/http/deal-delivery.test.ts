/**
 * A slow CRM and the sales inquiry: the visitor is told the inquiry is kept (BACKEND_ERROR, the spec's
 * code for a backend failure), the CRM is not hit again at once, and the outbox's later try carries the
 * same Idempotency-Key, so the sandbox CRM records the inquiry once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { createInquiryOutbox } from '../../src/jobs/outbox.js';
import { createSandbox, createSandboxCrm, manualClock, webhookForwarder, type SandboxCrm } from '../../src/sandbox/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { example } from './harness.js';

/** Serves a fetch-style handler on loopback. */
async function serve(handle: (r: Request) => Promise<Response>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const body = Buffer.concat(chunks);
      void handle(new Request(`http://crm.test${req.url}`, { method: req.method!, headers, ...(body.length ? { body } : {}) })).then(async (r) => {
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/plain' });
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

describe('sales inquiry to a slow CRM', () => {
  let crm: SandboxCrm;
  let url: string;
  let server: Server;
  beforeAll(async () => {
    crm = createSandboxCrm({ token: 'crm-token', delayMs: 800 });
    ({ url, server } = await serve((r) => crm.handle(r)));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('records the inquiry once: one try during the request, the outbox retry with the same key, the truth told to the visitor', async () => {
    const store = createMemoryStore();
    const clock = manualClock(new Date('2026-11-24T06:30:00Z'));
    // The forwarder as it was when the CRM got each inquiry three times: a short timeout and two retries.
    const forwarder = webhookForwarder({ url, token: 'crm-token', timeoutMs: 200, retries: 2, backoffMs: () => 10 });
    const outbox = createInquiryOutbox({ store, forwarder, clock, backoffMs: () => 60_000, leaseMs: 30_000 });
    const sandbox = createSandbox({ companies: { acme: ['29AAGCM4821K1Z6'] }, store, clock });
    const handler = createGstHandler({
      ...sandbox.providers,
      authenticate: () => ({ ok: false, status: 401, message: 'no' }),
      deal: { captcha: { verify: async () => ({ ok: true }) }, ...outbox.deal },
    });
    const res = await handler(
      new Request('http://t/api/deal', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(example('deal')) }),
    );
    const body = (await res.json()) as { success: boolean; code: string; error: string; resolution: string };
    expect(res.status).toBe(500);
    expect(body.code).toBe('BACKEND_ERROR');
    expect(body.error).toMatch(/received and kept/);
    expect(body.error).not.toMatch(/failed/);
    const reference = /reference ([0-9a-f-]{36})/.exec(body.resolution)?.[1];
    expect(reference).toBeDefined();
    // The CRM got it once and was not tried again while it was still working on it.
    await new Promise((r) => setTimeout(r, 900));
    expect(crm.deliveries()).toBe(1);
    expect(crm.inquiries().map((i) => i['inquiryId'])).toEqual([reference]);

    // The CRM is quick again; the outbox's retry carries the same key and the CRM records nothing new.
    crm.setDelay(0);
    clock.advance(60_000);
    expect(await outbox.deliverDue()).toBe(1);
    expect(crm.deliveries()).toBe(2);
    expect(crm.inquiries()).toHaveLength(1);
    expect(await store.getInquiry(reference!)).toMatchObject({ state: 'delivered' });
    clock.advance(3_600_000);
    expect(await outbox.deliverDue()).toBe(0);
    expect(crm.deliveries()).toBe(2);
    await outbox.close();
    await sandbox.jobs.close?.();
  }, 20_000);

  it('the sandbox CRM refuses a delivery without a key or with a bad token, and answers a repeat as the first', async () => {
    const inbox = createSandboxCrm({ token: 't', maxKeys: 2 });
    const post = (key: string | undefined, body: unknown, token = 't') =>
      inbox.handle(
        new Request('http://crm.test/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
          body: JSON.stringify(body),
        }),
      );
    expect((await post(undefined, { a: 1 })).status).toBe(400);
    expect((await post('k1', { a: 1 }, 'wrong')).status).toBe(401);
    const first = await post('k1', { a: 1 });
    expect(first.status).toBe(201);
    const again = await post('k1', { a: 2 });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...((await first.json()) as object), repeated: true });
    expect(inbox.inquiries()).toEqual([{ a: 1 }]);
    // Its memory is bounded: the oldest key is forgotten.
    await post('k2', { b: 1 });
    await post('k3', { c: 1 });
    expect(inbox.inquiries()).toEqual([{ b: 1 }, { c: 1 }]);
  });
});
