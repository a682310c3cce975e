/**
 * Webhooks end to end in one process, on each store (memory, PGlite, and PostgreSQL when DATABASE_URL is
 * there): a company subscribes through the routes, the e-invoice routes and the job runner emit events,
 * and the delivery loop carries them to a real HTTP receiver that verifies every request with the
 * `standardwebhooks` package. A receiver that refuses or is down gets the same webhook-id until it
 * acknowledges; one that never does sees the delivery failed (SVC-711) and can have it sent again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createGstHandler, type GstHandler } from '../../src/http/index.js';
import { basicAuth, createSandbox, createSigningIdentity, manualClock, parseIst } from '../../src/sandbox/index.js';
import type { Store } from '../../src/ports/store.js';
import { createWebhookDelivery, storeEventSink, type WebhookDelivery, type WebhookDeliveryOptions } from '../../src/webhooks/index.js';
import { storeAdapters } from '../support/stores.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { example } from '../http/harness.js';

const identity = createSigningIdentity();
const auth = { acme: 'Basic ' + Buffer.from('keyA:secretA').toString('base64'), beta: 'Basic ' + Buffer.from('keyB:secretB').toString('base64') };
const policy = { allowPrivate: true, allowHttp: true };

interface Rig {
  store: Store;
  handler: GstHandler;
  receiver: Receiver;
  delivery: WebhookDelivery;
  call(method: string, path: string, body?: unknown, company?: 'acme' | 'beta'): Promise<{ status: number; body: any; headers: Headers }>;
  subscribe(events: string[], company?: 'acme' | 'beta'): Promise<{ id: string; secret: string }>;
  registerInvoice(no: string): Promise<any>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function rig(open: () => Promise<{ store: Store; done: () => Promise<void> }>, loop: Partial<WebhookDeliveryOptions> = {}): Promise<Rig> {
  const { store, done } = await open();
  const clock = manualClock(parseIst('14/11/2026 11:00:00')!);
  const sandbox = createSandbox({ companies: { acme: ['29AAGCK4821M1Z4', '33AAHCT2290K1Z6'], beta: ['29AADCN7314Q1ZU'] }, clock, identity, seed: 7, store });
  const handler = createGstHandler({
    ...sandbox.providers,
    authenticate: basicAuth(
      [
        { keyId: 'keyA', keySecret: 'secretA', companyId: 'acme' },
        { keyId: 'keyB', keySecret: 'secretB', companyId: 'beta' },
      ],
      new Map([...sandbox.companies].map(([id, c]) => [id, c.gstins])),
    ),
    webhooks: { store, policy },
    events: storeEventSink(store),
  });
  const receiver = await startReceiver();
  // The loop's clock is the machine's: receivers check the signed timestamp against theirs.
  const delivery = createWebhookDelivery({ store, policy, pollMs: 20, backoffMs: () => 40, timeoutMs: 2000, leaseMs: 5000, ...loop });
  cleanups.push(async () => {
    await delivery.close();
    await receiver.close();
    await sandbox.jobs.close?.();
    await done();
  });
  const call: Rig['call'] = async (method, path, body, company = 'acme') => {
    const res = await handler(
      new Request(`http://gstkit.test${path}`, {
        method,
        headers: { authorization: auth[company], 'content-type': 'application/json', 'svc-company': company },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  return {
    store,
    handler,
    receiver,
    delivery,
    call,
    async subscribe(events, company = 'acme') {
      const res = await call('POST', '/api/svc/webhooks', { url: receiver.url, events }, company);
      expect(res.status).toBe(201);
      receiver.secret = res.body.secret;
      return res.body;
    },
    async registerInvoice(no) {
      const invoice = example('irn') as any;
      invoice.DocDtls.No = no;
      delete invoice.EwbDtls;
      const res = await call('POST', '/api/svc/einvoice/generateirn', invoice);
      expect(res.body.Success, JSON.stringify(res.body)).toBe(true);
      return res.body;
    },
  };
}

describe.each(storeAdapters())('webhooks on the %s store', (_name, open) => {
  it('signs each delivery so that the standardwebhooks package verifies it, and lists it delivered with the receiver’s status', async () => {
    const r = await rig(open);
    const sub = await r.subscribe(['irn.registered', 'irn.cancelled']);
    expect(sub.id).toMatch(/^wh_[0-9a-f]{32}$/);
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await r.call('GET', '/api/svc/webhooks');
    expect(listed.body.webhooks).toEqual([{ id: sub.id, url: r.receiver.url, events: ['irn.registered', 'irn.cancelled'], createdAt: expect.any(String) }]);
    expect(JSON.stringify(listed.body)).not.toContain(sub.secret.slice(6));

    const irn = await r.registerInvoice('WH/1');
    r.delivery.start();
    await r.receiver.waitFor(1);
    const [got] = r.receiver.received;
    expect(got!.verified).toBe(true);
    expect(got!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got!.event).toMatchObject({ type: 'irn.registered', companyId: 'acme', data: { Irn: irn.Irn, AckNo: irn.AckNo, sellerGstin: '29AAGCK4821M1Z4' } });
    expect(Date.parse(got!.event.timestamp)).not.toBeNaN();
    // No secret travels: neither the webhook's nor an API key's.
    expect(got!.body).not.toContain(sub.secret.slice(6));
    expect(got!.body).not.toContain('secretA');

    // A receiver that verifies with another secret refuses the same request.
    const otherSecret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const { Webhook } = await import('standardwebhooks');
    expect(() =>
      new Webhook(otherSecret).verify(got!.body, { 'webhook-id': got!.id, 'webhook-timestamp': got!.timestamp, 'webhook-signature': 'v1,x' }),
    ).toThrow();

    await waitUntil(async () => (await r.call('GET', `/api/svc/webhooks/${sub.id}/deliveries`)).body.deliveries[0]?.state === 'delivered');
    const deliveries = (await r.call('GET', `/api/svc/webhooks/${sub.id}/deliveries`)).body.deliveries;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ id: got!.id, eventType: 'irn.registered', state: 'delivered', attempts: 1, lastStatus: 204 });
    expect(deliveries[0].recentAttempts).toEqual([{ at: expect.any(String), status: 204, ms: expect.any(Number) }]);

    // irn.cancelled follows its cancellation.
    const cancel = await r.call('POST', '/api/svc/einvoice/cancelirn?gstin=29AAGCK4821M1Z4', { Irn: irn.Irn, CnlRsn: '1', CnlRem: 'duplicate' });
    expect(cancel.body.Success, JSON.stringify(cancel.body)).toBe(true);
    await r.receiver.waitFor(2);
    expect(r.receiver.received[1]!.event).toMatchObject({ type: 'irn.cancelled', data: { Irn: irn.Irn } });
    expect(r.receiver.received[1]!.verified).toBe(true);
  });

  it('keeps one company’s webhooks and events from another', async () => {
    const r = await rig(open);
    const sub = await r.subscribe(['irn.registered']);
    expect((await r.call('GET', '/api/svc/webhooks', undefined, 'beta')).body.webhooks).toEqual([]);
    expect((await r.call('GET', `/api/svc/webhooks/${sub.id}/deliveries`, undefined, 'beta')).headers.get('svc-errorcode')).toBe('SVC-705');
    expect((await r.call('DELETE', `/api/svc/webhooks/${sub.id}`, undefined, 'beta')).status).toBe(404);
    const beta = example('irn') as any;
    beta.SellerDtls.Gstin = '29AADCN7314Q1ZU';
    delete beta.EwbDtls;
    await r.call('POST', '/api/svc/einvoice/generateirn', beta, 'beta');
    expect(await r.delivery.deliverDue()).toBe(0);
    expect(r.receiver.received).toEqual([]);
    // Deleted, it gets nothing more.
    expect((await r.call('DELETE', `/api/svc/webhooks/${sub.id}`)).body).toEqual({ id: sub.id, deleted: true });
    await r.registerInvoice('WH/GONE');
    expect(await r.delivery.deliverDue()).toBe(0);
  });

  it('tells job.done or job.failed as each job ends, with the job’s status', async () => {
    const r = await rig(open);
    await r.subscribe(['job.done', 'job.failed']);
    r.delivery.start();
    const pull = await r.call('POST', '/api/svc/gstr2b/pull', { gstin: '29AAGCK4821M1Z4', returnPeriod: '2026-10' });
    expect(pull.status).toBe(200);
    const reconcile = await r.call('POST', '/api/svc/gstr2b/reconcile', { gstin: '29AAGCK4821M1Z4', returnPeriod: 'not-a-period', purchases: [] });
    await r.receiver.waitFor(2, 30_000);
    for (const jobId of [pull.body.jobId, reconcile.body.jobId]) {
      const status = (await r.call('GET', `/api/svc/robot/jobstatus/${jobId}`)).body;
      const told = r.receiver.received.find((x) => x.event.data['jobId'] === jobId)!;
      expect(told.verified).toBe(true);
      expect(told.event.type).toBe(status.jobStatus === 100 ? 'job.done' : 'job.failed');
      expect(told.event.data).toMatchObject({ jobType: status.jobType, jobStatus: status.jobStatus });
      if (status.jobStatus === 101) expect(told.event.data['error']).toEqual(status.error);
    }
    expect(new Set(r.receiver.received.map((x) => x.event.type))).toEqual(new Set(['job.done', 'job.failed']));
  });

  it('tells gstr2b.available when a GSTR-2B pull has stored the period', async () => {
    const r = await rig(open);
    await r.subscribe(['gstr2b.available']);
    r.delivery.start();
    const pull = await r.call('POST', '/api/svc/gstr2b/pull', { gstin: '29AAGCK4821M1Z4', returnPeriod: '2026-10' });
    expect(pull.status).toBe(200);
    // A pull that fails (a period the portal refuses) tells nothing.
    await r.call('POST', '/api/svc/gstr2b/pull', { gstin: '29AAGCK4821M1Z4', returnPeriod: '2026-13' });
    await r.receiver.waitFor(1, 30_000);
    const status = (await r.call('GET', `/api/svc/robot/jobstatus/${pull.body.jobId}`)).body;
    expect(status.jobStatus).toBe(100);
    const told = r.receiver.received.map((x) => x.event);
    expect(told.map((e) => e.type)).toEqual(['gstr2b.available']);
    expect(told[0]?.data).toMatchObject({ gstin: '29AAGCK4821M1Z4', returnPeriod: '2026-10', jobId: pull.body.jobId, documents: status.result.total });
  });

  it('retries a refusing, then absent receiver with the same webhook-id until it acknowledges, then stops', async () => {
    const r = await rig(open);
    await r.subscribe(['irn.registered']);
    r.receiver.answer = 503;
    for (let i = 0; i < 5; i++) await r.registerInvoice(`WH/DOWN/${i}`);
    r.delivery.start();
    await r.receiver.waitFor(10);
    await r.receiver.down();
    await new Promise((res) => setTimeout(res, 300));
    r.receiver.answer = 204;
    await r.receiver.up();
    const ids = async (): Promise<string[]> => {
      const subs = (await r.call('GET', '/api/svc/webhooks')).body.webhooks;
      const rows = (await r.call('GET', `/api/svc/webhooks/${subs[0].id}/deliveries`)).body.deliveries;
      return rows.filter((d: any) => d.state === 'delivered').map((d: any) => d.id);
    };
    await waitUntil(async () => (await ids()).length === 5);
    const acknowledged = r.receiver.received.length;
    await new Promise((res) => setTimeout(res, 300));
    // Nothing more once each was acknowledged.
    expect(r.receiver.received.length).toBe(acknowledged);
    const byId = new Map<string, Set<string>>();
    for (const x of r.receiver.received) byId.set(x.id, (byId.get(x.id) ?? new Set()).add(x.body));
    expect([...byId.keys()].sort()).toEqual((await ids()).sort());
    // Every attempt of a delivery carried its one id and the same body; each was tried more than once.
    for (const [id, bodies] of byId) {
      expect(bodies.size).toBe(1);
      expect(r.receiver.received.filter((x) => x.id === id).length).toBeGreaterThan(1);
    }
    expect(r.receiver.received.every((x) => x.verified)).toBe(true);
    expect(new Set(r.receiver.received.map((x) => JSON.parse(x.body).data.document.number))).toEqual(new Set([0, 1, 2, 3, 4].map((i) => `WH/DOWN/${i}`)));
  });

  it('marks a delivery failed (SVC-711) after its retry window, shows why, and sends it again on request with the same id', async () => {
    const r = await rig(open, { retryForMs: 150 });
    const sub = await r.subscribe(['irn.registered']);
    r.receiver.answer = 500;
    await r.registerInvoice('WH/FAIL');
    r.delivery.start();
    const list = async (): Promise<any[]> => (await r.call('GET', `/api/svc/webhooks/${sub.id}/deliveries`)).body.deliveries;
    await waitUntil(async () => (await list())[0]?.state === 'failed');
    const [failed] = await list();
    expect(failed.error.code).toBe('SVC-711');
    expect(failed.lastStatus).toBe(500);
    expect(failed.recentAttempts.at(-1)).toMatchObject({ status: 500, error: { code: 'SVC-709' } });
    const before = r.receiver.received.length;
    r.receiver.answer = 204;
    const retried = await r.call('POST', `/api/svc/webhooks/${sub.id}/deliveries/${failed.id}/retry`);
    expect(retried.status).toBe(202);
    await waitUntil(async () => (await list())[0]?.state === 'delivered');
    const again = r.receiver.received.slice(before);
    expect(again.map((x) => x.id)).toEqual([failed.id]);
    expect(again[0]!.verified).toBe(true);
    expect((await r.call('POST', `/api/svc/webhooks/${sub.id}/deliveries/msg_nope/retry`)).headers.get('svc-errorcode')).toBe('SVC-706');
  });

  it('gives each attempt a time limit (SVC-708) and tries again', async () => {
    const r = await rig(open, { timeoutMs: 200 });
    const sub = await r.subscribe(['irn.registered']);
    r.receiver.answer = 'hang';
    await r.registerInvoice('WH/SLOW');
    r.delivery.start();
    const list = async (): Promise<any[]> => (await r.call('GET', `/api/svc/webhooks/${sub.id}/deliveries`)).body.deliveries;
    await waitUntil(async () => ((await list())[0]?.attempts ?? 0) >= 2);
    const [slow] = await list();
    expect(slow.state).toBe('pending');
    expect(slow.recentAttempts[0].error.code).toBe('SVC-708');
    expect(slow.recentAttempts[0].ms).toBeLessThan(2000);
  });
});

async function waitUntil(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
