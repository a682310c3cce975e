/**
 * Rate limiting per API key as a client meets it: 429 with Retry-After and a coded body once the key's
 * requests in the window are spent, served again when Retry-After says (injected clock), each key counted
 * on its own; the window slides, so no span of one window length holds more than the limit, on every
 * counter; the in-memory counter stays bounded; and servers sharing PostgreSQL or Redis share one count.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { authB, targets, world } from '../http/harness.js';
import { createRateLimiter, memoryRateCounter, parseKeyRateLimits, parseRateLimit, redisRateCounter, storeRateCounter } from '../../src/ratelimit/index.js';
import type { RateCounter } from '../../src/ports/ratelimit.js';
import { createMemoryStore, openPgliteStore, openPostgresStore } from '../../src/store/index.js';
import { databaseUrl, freshDatabase, need, redisUrl } from '../support/services.js';

const GET_IRN = '/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=' + 'a'.repeat(64);
const PULL = '/api/svc/gstr2b/pull';

describe('rate limits per API key over HTTP', () => {
  it('answers 429 with Retry-After and SVC-974 once the limit is spent, and serves again after the window', async () => {
    const limiter = createRateLimiter({ counter: memoryRateCounter(), defaultLimit: { requests: 3, windowMs: 60_000 } });
    const w = world({ rateLimit: limiter });
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      w.clock.set(new Date(Date.UTC(2026, 10, 14, 5, 30, 0))); // the start of a minute
      for (let i = 0; i < 3; i++) expect((await call('GET', GET_IRN)).status).not.toBe(429);
      w.clock.advance(20_000);
      const refused = await call('GET', GET_IRN);
      expect(refused.status).toBe(429);
      // The three leave the sliding window with their slot (a tenth of the window, 6 s): 66 s after they came.
      expect(refused.headers.get('retry-after')).toBe('46');
      expect(refused.body.Success).toBe(false);
      expect(refused.body.Errors[0].Code).toBe('SVC-974');
      // The GSTR style says it in its headers.
      const gstr = await call('POST', PULL, { body: { gstin: '29AAGCK4821M1Z4', returnPeriod: '2026-10' }, headers: { 'svc-company': 'acme' } });
      expect(gstr.status).toBe(429);
      expect(gstr.headers.get('svc-errorcode')).toBe('SVC-974');
      // Another key has its own count.
      expect((await call('GET', '/api/svc/einvoice/getirn?gstin=29AADCN7314Q1ZU&irn=' + 'a'.repeat(64), { auth: authB })).status).not.toBe(429);
      w.clock.advance(45_000);
      expect((await call('GET', GET_IRN)).status).toBe(429);
      w.clock.advance(1_000);
      expect((await call('GET', GET_IRN)).status).not.toBe(429);
      // The refused pull, a state-changing call, is in the audit log with its code.
      const log = await call('GET', '/api/svc/audit?limit=1');
      expect(log.body.entries[0]).toMatchObject({ operation: 'pullGstr2b', keyId: 'keyA', status: 429, code: 'SVC-974' });
      // Unauthenticated and bad credentials are answered 401 without counting against the key.
      expect((await call('GET', GET_IRN, { auth: null })).status).toBe(401);
    } finally {
      await close();
    }
  });

  it('applies a key its own limit, or none', async () => {
    const perKey = parseKeyRateLimits('keyA:1/10,keyB:off');
    if (!perKey.ok) throw new Error(perKey.message);
    const w = world({
      rateLimit: createRateLimiter({ counter: memoryRateCounter(), defaultLimit: { requests: 100, windowMs: 60_000 }, perKey: perKey.limits }),
    });
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      expect((await call('GET', GET_IRN)).status).not.toBe(429);
      expect((await call('GET', GET_IRN)).status).toBe(429);
      for (let i = 0; i < 150; i++)
        expect((await call('GET', '/api/svc/einvoice/getirn?gstin=29AADCN7314Q1ZU&irn=' + 'a'.repeat(64), { auth: authB })).status).not.toBe(429);
    } finally {
      await close();
    }
  });

  it('serves the request when the limiter fails, and says so to onError', async () => {
    const seen: unknown[] = [];
    const broken: RateCounter = { hit: async () => Promise.reject(new Error('counter down')) };
    const w = world({ rateLimit: createRateLimiter({ counter: broken, defaultLimit: { requests: 1, windowMs: 1000 } }), onError: (e) => seen.push(e) });
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      expect((await call('GET', GET_IRN)).status).not.toBe(429);
      expect(String(seen[0])).toContain('counter down');
    } finally {
      await close();
    }
  });
});

describe('the limiter', () => {
  it('never lets more than the limit through in any span of one window, whatever the timing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), arrivals, async (requests, offsets) => slides(memoryRateCounter(), requests, offsets)),
      { numRuns: 200 },
    );
  });

  it('keeps the in-memory count bounded however many keys call', async () => {
    const counter = memoryRateCounter({ maxBuckets: 100 });
    const limiter = createRateLimiter({ counter, defaultLimit: { requests: 5, windowMs: 60_000 } });
    for (let i = 0; i < 5_000; i++) await limiter.take(`key${i}`, new Date(0));
    expect(counter.size).toBe(100);
    // The most recent keys are still counted.
    for (let i = 0; i < 4; i++) await limiter.take('key4999', new Date(0));
    expect((await limiter.take('key4999', new Date(0))).allowed).toBe(false);
  });

  it('reads limits as written in the settings', () => {
    expect(parseRateLimit('600/60')).toEqual({ ok: true, limit: { requests: 600, windowMs: 60_000 } });
    expect(parseRateLimit('OFF')).toEqual({ ok: true, limit: null });
    for (const bad of ['600', '0/60', '10/0', 'lots/60', '-1/5']) expect(parseRateLimit(bad).ok).toBe(false);
    expect(parseKeyRateLimits('k1:5/1, k2:off')).toMatchObject({ ok: true });
    expect(parseKeyRateLimits('5/1').ok).toBe(false);
  });
});

/** Request times (ms) over three windows of 1 s, bunched at the edges where a fixed window would let twice through. */
const arrivals = fc.array(fc.oneof(fc.integer({ min: 0, max: 2_999 }), fc.integer({ min: 900, max: 1_100 }), fc.integer({ min: 1_900, max: 2_100 })), {
  maxLength: 60,
});

/**
 * Takes requests at `offsets` (ms, from a fresh bucket) with a limit of `requests` a second, and checks what a
 * client sees: no closed span of 1 s holds more than the limit let through; a refusal's Retry-After is right
 * (a request then is let through) and not needlessly long (the span before the refusal, widened by one
 * slot, already holds the limit).
 */
async function slides(counter: RateCounter, requests: number, offsets: number[]): Promise<void> {
  const windowMs = 1_000;
  const base = Date.UTC(2026, 10, 14, 5, 30, 0) + Math.floor(Math.random() * 1e6) * 10_000;
  const limiter = createRateLimiter({ counter, defaultLimit: { requests, windowMs }, prefix: `slide-${process.pid}-${base}-${Math.random()}` });
  const allowed: number[] = [];
  for (const at of [...offsets].sort((a, b) => a - b)) {
    const d = await limiter.take('k', new Date(base + at));
    if (d.allowed) {
      allowed.push(at);
      continue;
    }
    expect(allowed.filter((t) => t >= at - windowMs - windowMs / 10).length).toBeGreaterThanOrEqual(requests);
    expect((await limiter.peek!('k', new Date(base + at + d.retryAfterSeconds * 1_000))).allowed).toBe(true);
  }
  for (const start of allowed) expect(allowed.filter((t) => t >= start && t <= start + windowMs).length).toBeLessThanOrEqual(requests);
}

/** Two servers, each with its own limiter and connection, share one count through the store or Redis. */
async function sharedByTwo(counters: [RateCounter, RateCounter]): Promise<void> {
  const limit = { requests: 25, windowMs: 60_000 };
  const [a, b] = counters.map((counter) => createRateLimiter({ counter, defaultLimit: limit }));
  const now = new Date();
  const bucket = `shared-${process.pid}-${Date.now()}`;
  const decisions = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a! : b!).take(bucket, now)));
  expect(decisions.filter((d) => d.allowed)).toHaveLength(25);
  expect((await a!.take(bucket, now)).allowed).toBe(false);
  // One window and one slot (a tenth of it) later, the 25 have left the window.
  expect((await b!.take(bucket, new Date(now.getTime() + 66_000))).allowed).toBe(true);
}

describe('the sliding window on every counter', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });
  const property = (counter: RateCounter, numRuns: number) =>
    fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), arrivals, async (requests, offsets) => slides(counter, requests, offsets)),
      { numRuns },
    );
  // Burst at the end of one window and again at the start of the next: a fixed window lets both through.
  const edge = (counter: RateCounter) => slides(counter, 5, [...Array(5).fill(990), ...Array(5).fill(1_010), ...Array(5).fill(1_995), 2_100]);

  it('in memory', async () => {
    await edge(memoryRateCounter());
    await property(memoryRateCounter(), 50);
  });
  it('in the memory store', async () => {
    const counter = storeRateCounter(createMemoryStore());
    await edge(counter);
    await property(counter, 50);
  });
  it('in PGlite', async () => {
    const store = await openPgliteStore('memory://');
    closers.push(() => store.close());
    await edge(storeRateCounter(store));
    await property(storeRateCounter(store), 10);
  }, 120_000);
  it.runIf(need(databaseUrl))(
    'in PostgreSQL',
    async () => {
      const db = await freshDatabase(databaseUrl as string);
      const store = await openPostgresStore(db.url);
      closers.push(db.drop, () => store.close());
      await edge(storeRateCounter(store));
      await property(storeRateCounter(store), 15);
    },
    120_000,
  );
  it.runIf(need(redisUrl))(
    'in Redis',
    async () => {
      const counter = await redisRateCounter(redisUrl as string, { prefix: 'gstkit-test' });
      closers.push(async () => counter.close?.());
      await edge(counter);
      await property(counter, 15);
    },
    120_000,
  );
});

describe.runIf(need(databaseUrl))('rate limits shared through PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of closers) await c();
    await drop?.();
  });

  it('gives two servers on one database one count', async () => {
    const db = await freshDatabase(databaseUrl as string);
    drop = db.drop;
    const [s1, s2] = await Promise.all([openPostgresStore(db.url), openPostgresStore(db.url)]);
    closers.push(
      () => s1.close(),
      () => s2.close(),
    );
    await sharedByTwo([storeRateCounter(s1), storeRateCounter(s2)]);
  }, 60_000);
});

describe.runIf(need(redisUrl))('rate limits shared through Redis', () => {
  it('gives two servers on one Redis one count', async () => {
    const counters = [
      await redisRateCounter(redisUrl as string, { prefix: 'gstkit-test' }),
      await redisRateCounter(redisUrl as string, { prefix: 'gstkit-test' }),
    ] as [RateCounter, RateCounter];
    try {
      await sharedByTwo(counters);
    } finally {
      for (const c of counters) await c.close?.();
    }
  }, 60_000);
});
