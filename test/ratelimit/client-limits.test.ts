/**
 * Limits per client address, where no API key answers: sales inquiries (`POST /api/deal`) and refused
 * credentials. Over HTTP on node:http (the address is the connection's), with an injected clock; the address
 * behind trusted proxies; and the read-only count (`peek`) on every counter.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { authA, targets, world } from '../http/harness.js';
import { addressKey, clientAddress, createRateLimiter, memoryRateCounter, redisRateCounter, storeRateCounter } from '../../src/ratelimit/index.js';
import type { ClientRateLimits, RateCounter } from '../../src/ports/ratelimit.js';
import { createMemoryStore, openPgliteStore, openPostgresStore } from '../../src/store/index.js';
import { databaseUrl, freshDatabase, need, redisUrl } from '../support/services.js';

const GET_IRN = '/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=' + 'a'.repeat(64);
const wrongA = 'Basic ' + Buffer.from('keyA:guess').toString('base64');
const nodeHttp = targets.find((t) => t.name === 'node:http')!;
const inquiry = { contactName: 'Asha', businessName: 'Asha Traders', email: 'asha@example.com', mobile: '9876543210', turnstileToken: 'token' };
const limiter = (requests: number, windowMs = 60_000, prefix = 'test') =>
  createRateLimiter({ counter: memoryRateCounter(), defaultLimit: { requests, windowMs }, prefix });

async function served(clientRateLimit: ClientRateLimits, extra: Parameters<typeof world>[0] = {}, target = nodeHttp) {
  const w = world({ clientRateLimit, ...extra });
  w.clock.set(new Date(Date.UTC(2026, 10, 14, 5, 30, 0))); // the start of a minute
  const { call, close } = await target.start(w.handler);
  return { w, call, close };
}

describe('the client address', () => {
  const req = (xff?: string) => new Request('http://gstkit.test/', xff ? { headers: { 'x-forwarded-for': xff } } : {});

  it('is the connection peer unless proxies are trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(req('198.51.100.9'), '203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress(req('198.51.100.9'), '::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress(req(), undefined)).toBeUndefined();
  });

  it('is the address the trusted proxies name, counted back from the nearest', () => {
    // A client writes 1.1.1.1 itself; the one trusted proxy appends the peer it saw (198.51.100.9).
    expect(clientAddress(req('1.1.1.1, 198.51.100.9'), '10.0.0.2', 1)).toBe('198.51.100.9');
    expect(clientAddress(req('1.1.1.1, 198.51.100.9, 10.0.0.3'), '10.0.0.2', 2)).toBe('198.51.100.9');
    // Fewer entries than trusted proxies: the first one.
    expect(clientAddress(req('198.51.100.9'), '10.0.0.2', 3)).toBe('198.51.100.9');
    expect(clientAddress(req(), '10.0.0.2', 1)).toBe('10.0.0.2');
  });

  it('counts an IPv6 client as its /64, and text that is no address as none', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    for (const bad of ['', 'localhost', '1.2.3', '256.1.1.1', '1::2::3', 'g::1', '1:2:3:4:5:6:7:8:9']) expect(addressKey(bad), bad).toBeUndefined();
  });
});

describe('sales inquiries per client address', () => {
  it('answers 429 with Retry-After and SVC-974 once the address has sent its inquiries, and takes them again after the window', async () => {
    const { w, call, close } = await served({ inquiries: limiter(2) });
    try {
      for (let i = 0; i < 2; i++) expect((await call('POST', '/api/deal', { body: inquiry, auth: null })).status).not.toBe(429);
      w.clock.advance(15_000);
      // A client writing another address in X-Forwarded-For is still itself: no proxy is trusted.
      const refused = await call('POST', '/api/deal', { body: inquiry, auth: null, headers: { 'x-forwarded-for': '198.51.100.1' } });
      expect(refused.status).toBe(429);
      // The two leave the sliding window with their slot (6 s, a tenth of the window): 66 s after they came.
      expect(refused.headers.get('retry-after')).toBe('51');
      expect(refused.headers.get('svc-errorcode')).toBe('SVC-974');
      expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: expect.stringContaining('too many inquiries') });
      // Even a malformed inquiry counts (and is refused) before it is read.
      expect((await call('POST', '/api/deal', { raw: '{', auth: null })).status).toBe(429);
      // Other routes are not touched by the inquiry limit.
      expect((await call('GET', GET_IRN)).status).not.toBe(429);
      w.clock.advance(50_000);
      expect((await call('POST', '/api/deal', { raw: '{', auth: null })).status).toBe(429);
      w.clock.advance(1_000);
      expect((await call('POST', '/api/deal', { body: inquiry, auth: null })).status).not.toBe(429);
    } finally {
      await close();
    }
  });

  it('counts each client apart behind a trusted proxy', async () => {
    const { call, close } = await served({ inquiries: limiter(1), trustedProxies: 1 });
    try {
      const from = (ip: string) => call('POST', '/api/deal', { body: inquiry, auth: null, headers: { 'x-forwarded-for': ip } });
      expect((await from('198.51.100.1')).status).not.toBe(429);
      expect((await from('198.51.100.1')).status).toBe(429);
      expect((await from('198.51.100.2')).status).not.toBe(429);
      // A client's own entry before the proxy's does not make it someone else.
      expect((await from('203.0.113.50, 198.51.100.2')).status).toBe(429);
    } finally {
      await close();
    }
  });
});

describe('the client address on every binding', () => {
  // Every binding passes the connection's peer; only the handler reads X-Forwarded-For, and only as far as
  // trustedProxies says. A binding that took the header itself would let a client pick a fresh address.
  for (const target of targets.filter((t) => t.name !== 'fetch handler')) {
    it(`${target.name}: a forged X-Forwarded-For does not make a client someone else`, async () => {
      const { call, close } = await served({ inquiries: limiter(1), failedLogins: limiter(1, 300_000) }, {}, target);
      try {
        const forged = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}`, 'cf-connecting-ip': `198.51.100.${n}` });
        expect((await call('POST', '/api/deal', { body: inquiry, auth: null, headers: forged(1) })).status).not.toBe(429);
        expect((await call('POST', '/api/deal', { body: inquiry, auth: null, headers: forged(2) })).status).toBe(429);
        expect((await call('GET', GET_IRN, { auth: wrongA, headers: forged(3) })).status).toBe(401);
        expect((await call('GET', GET_IRN, { auth: wrongA, headers: forged(4) })).status).toBe(429);
      } finally {
        await close();
      }
    });

    it(`${target.name}: behind a trusted proxy, the address it names`, async () => {
      const { call, close } = await served({ inquiries: limiter(1), trustedProxies: 1 }, {}, target);
      try {
        const from = (ip: string) => call('POST', '/api/deal', { body: inquiry, auth: null, headers: { 'x-forwarded-for': ip } });
        expect((await from('198.51.100.1')).status).not.toBe(429);
        expect((await from('198.51.100.1')).status).toBe(429);
        expect((await from('198.51.100.2')).status).not.toBe(429);
      } finally {
        await close();
      }
    });
  }
});

describe('refused credentials per client address', () => {
  it('refuses every request with credentials once the address has spent its refusals, the right ones too, until the window ends', async () => {
    const { w, call, close } = await served({ failedLogins: limiter(3, 300_000) });
    try {
      for (let i = 0; i < 3; i++) {
        const r = await call('GET', GET_IRN, { auth: wrongA });
        expect(r.status).toBe(401);
      }
      // No credentials at all guess nothing and do not count; they are still 401.
      for (let i = 0; i < 5; i++) expect((await call('GET', GET_IRN, { auth: null })).status).toBe(401);
      w.clock.advance(60_000);
      const blocked = await call('GET', GET_IRN, { auth: authA });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe('270');
      expect(blocked.body.Errors[0]).toMatchObject({ Code: 'SVC-974', Message: expect.stringContaining('refused credentials') });
      // The GSTR style says it in its headers.
      const pull = await call('POST', '/api/svc/gstr2b/pull', {
        body: { gstin: '29AAGCK4821M1Z4', returnPeriod: '2026-10' },
        headers: { 'svc-company': 'acme' },
      });
      expect([pull.status, pull.headers.get('svc-errorcode')]).toEqual([429, 'SVC-974']);
      w.clock.advance(270_000);
      expect((await call('GET', GET_IRN, { auth: authA })).status).not.toBe(429);
    } finally {
      await close();
    }
  });

  it('does not count good credentials, and lets an address with a few mistakes keep working', async () => {
    const { call, close } = await served({ failedLogins: limiter(3, 300_000) });
    try {
      for (let i = 0; i < 20; i++) expect((await call('GET', GET_IRN, { auth: authA })).status).not.toBe(429);
      for (let i = 0; i < 2; i++) expect((await call('GET', GET_IRN, { auth: wrongA })).status).toBe(401);
      for (let i = 0; i < 20; i++) expect((await call('GET', GET_IRN, { auth: authA })).status).not.toBe(429);
    } finally {
      await close();
    }
  });

  it('serves the request when the limiter fails, and says so to onError', async () => {
    const errors: unknown[] = [];
    const broken = createRateLimiter({
      counter: { hit: async () => Promise.reject(new Error('counter down')) },
      defaultLimit: { requests: 1, windowMs: 60_000 },
    });
    const { call, close } = await served({ failedLogins: broken, inquiries: broken }, { onError: (e) => errors.push(e) });
    try {
      expect((await call('GET', GET_IRN, { auth: wrongA })).status).toBe(401);
      expect((await call('GET', GET_IRN, { auth: wrongA })).status).toBe(401);
      expect((await call('GET', GET_IRN)).status).not.toBe(429);
      expect((await call('POST', '/api/deal', { body: inquiry, auth: null })).status).not.toBe(429);
      expect(errors.length).toBeGreaterThanOrEqual(4);
      expect(errors.every((e) => (e as Error).message === 'counter down')).toBe(true);
    } finally {
      await close();
    }
  });
});

/** `peek` reads a count without adding to it, on whichever counter holds it. */
async function peeksWithoutCounting(counter: RateCounter): Promise<void> {
  const limit = createRateLimiter({ counter, defaultLimit: { requests: 2, windowMs: 60_000 }, prefix: `peek-${process.pid}-${Date.now()}` });
  const now = new Date(Date.UTC(2026, 10, 14, 5, 30, 10));
  for (let i = 0; i < 5; i++) expect(await limit.peek!('203.0.113.7', now)).toMatchObject({ allowed: true, remaining: 1 });
  expect((await limit.take('203.0.113.7', now)).allowed).toBe(true);
  expect(await limit.peek!('203.0.113.7', now)).toMatchObject({ allowed: true, remaining: 0 });
  expect((await limit.take('203.0.113.7', now)).allowed).toBe(true);
  // Both sit in the slot of 05:30:06 to 05:30:12, which leaves the window at 05:31:12.
  expect(await limit.peek!('203.0.113.7', now)).toMatchObject({ allowed: false, retryAfterSeconds: 62 });
  expect((await limit.peek!('203.0.113.7', new Date(now.getTime() + 61_000))).allowed).toBe(false);
  expect((await limit.peek!('203.0.113.7', new Date(now.getTime() + 62_000))).allowed).toBe(true);
}

describe('reading a count without counting', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('in memory', () => peeksWithoutCounting(memoryRateCounter()));
  it('in the memory store', () => peeksWithoutCounting(storeRateCounter(createMemoryStore())));
  it('in PGlite', async () => {
    const store = await openPgliteStore('memory://');
    closers.push(() => store.close());
    await peeksWithoutCounting(storeRateCounter(store));
  }, 60_000);
  it.runIf(need(databaseUrl))(
    'in PostgreSQL',
    async () => {
      const db = await freshDatabase(databaseUrl as string);
      const store = await openPostgresStore(db.url);
      closers.push(db.drop, () => store.close());
      await peeksWithoutCounting(storeRateCounter(store));
    },
    60_000,
  );
  it.runIf(need(redisUrl))(
    'in Redis',
    async () => {
      const counter = await redisRateCounter(redisUrl as string, { prefix: 'gstkit-test' });
      closers.push(async () => counter.close?.());
      await peeksWithoutCounting(counter);
    },
    60_000,
  );
});
