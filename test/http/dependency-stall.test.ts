/**
 * A stalled PostgreSQL, a stopped Redis and a stalled Redis, put between a real `gstkit serve` and the real
 * servers by a TCP proxy the test freezes and stops: each request gets a coded 503 with Retry-After within
 * the deadline set (GSTKIT_DB_TIMEOUT_MS, GSTKIT_REDIS_TIMEOUT_MS), `/health` names the dependency that is
 * down, and service resumes by itself once it is back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, freshDatabase, need, redisUrl } from '../support/services.js';
import { root, startServer, type RunningServer } from '../support/server.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const ready = need(databaseUrl) && need(redisUrl);
const DB_TIMEOUT_MS = 1000;
const REDIS_TIMEOUT_MS = 500;
// Time on top of a deadline for the answer to be written and read on a loaded machine.
const SLACK_MS = 1000;
const company = { 'svc-company': 'acme' };
const example = JSON.parse(readFileSync(join(root, 'docs/examples/irn.json'), 'utf8'));
let documents = 0;
/** The example invoice under a document number of its own. */
const invoice = () => ({ ...example, DocDtls: { ...example.DocDtls, No: `STALL/${process.pid % 1000}/${++documents}` } });

describe.runIf(ready)('PostgreSQL and Redis stalling or stopping under a running server', () => {
  let server: RunningServer;
  let pg: TcpProxy;
  let redis: TcpProxy;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabase(databaseUrl as string);
    drop = db.drop;
    pg = await startTcpProxy(db.url);
    redis = await startTcpProxy(redisUrl as string);
    server = await startServer(
      {
        DATABASE_URL: pg.url,
        REDIS_URL: redis.url,
        GSTKIT_QUEUE: `gstkit-stall-${process.pid}-${Date.now()}`,
        GSTKIT_API_KEYS: 'k1:s3cret:acme',
        GSTKIT_SANDBOX_GSTINS: 'acme:29AAGCK4821M1Z4,33AAHCT2290K1Z6,29AADCN7314Q1ZU',
        GSTKIT_DB_TIMEOUT_MS: String(DB_TIMEOUT_MS),
        GSTKIT_DB_CONNECT_TIMEOUT_MS: String(DB_TIMEOUT_MS),
        GSTKIT_REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
        GSTKIT_DATA_DIR: '/nonexistent/never-used',
      },
      { key: 'k1:s3cret' },
    );
  }, 120_000);

  afterAll(async () => {
    await pg?.close();
    await redis?.close();
    await server?.stop();
    await drop?.();
  });

  const timed = async (call: () => Promise<Response>): Promise<{ res: Response; ms: number }> => {
    const started = Date.now();
    const res = await call();
    await res.clone().arrayBuffer();
    return { res, ms: Date.now() - started };
  };
  const pull = () => server.call('/api/svc/gstr2b/pull', { body: { gstin: '29AADCN7314Q1ZU', returnPeriod: '2026-10' }, headers: company });
  const register = () => server.call('/api/svc/einvoice/generateirn', { body: invoice() });
  /** Calls until a success, for at most `ms`: service resumes by itself. */
  const recovers = async (call: () => Promise<Response>, ms = 10_000): Promise<Response> => {
    const end = Date.now() + ms;
    for (;;) {
      const res = await call();
      if (res.status === 200 || Date.now() > end) return res;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('answers 200 on /health with both dependencies up', async () => {
    const res = await server.call('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', dependencies: { database: { ok: true }, queue: { ok: true } } });
  });

  it('answers a frozen PostgreSQL with 503 SVC-951 and Retry-After within the deadline, then serves again', async () => {
    expect((await register()).status).toBe(200);
    pg.freeze();
    try {
      const body = await timed(register);
      expect(body.ms).toBeLessThan(DB_TIMEOUT_MS + SLACK_MS);
      expect(body.res.status).toBe(503);
      expect(body.res.headers.get('retry-after')).toBe('2');
      expect(((await body.res.json()) as any).Errors[0].Code).toBe('SVC-951');

      const gstr = await timed(pull);
      expect(gstr.ms).toBeLessThan(DB_TIMEOUT_MS + SLACK_MS);
      expect(gstr.res.status).toBe(503);
      expect(gstr.res.headers.get('svc-errorcode')).toBe('SVC-951');
      expect(gstr.res.headers.get('retry-after')).toBe('2');

      const health = await timed(() => server.call('/health'));
      expect(health.ms).toBeLessThan(DB_TIMEOUT_MS + SLACK_MS);
      expect(health.res.status).toBe(503);
      const said = (await health.res.json()) as any;
      expect(said.dependencies.database).toMatchObject({ ok: false, reason: 'no answer within its deadline' });
      expect(said.dependencies.queue.ok).toBe(true);
      console.log(`frozen PostgreSQL (deadline ${DB_TIMEOUT_MS} ms): generateirn 503 in ${body.ms} ms, gstr2b/pull ${gstr.ms} ms, /health ${health.ms} ms`);
    } finally {
      pg.thaw();
    }
    expect((await recovers(register)).status).toBe(200);
    expect((await recovers(() => server.call('/health'))).status).toBe(200);
  }, 60_000);

  it('answers a stopped Redis with 503 SVC-951 on job routes within the deadline, serves the rest, and resumes', async () => {
    await redis.stop();
    try {
      const job = await timed(pull);
      expect(job.ms).toBeLessThan(REDIS_TIMEOUT_MS + SLACK_MS);
      expect(job.res.status).toBe(503);
      expect(job.res.headers.get('svc-errorcode')).toBe('SVC-951');
      expect(job.res.headers.get('retry-after')).toBe('2');
      // Routes that need no queue are served, the rate limit counted nowhere meanwhile.
      const other = await timed(register);
      expect(other.res.status).toBe(200);
      expect(other.ms).toBeLessThan(REDIS_TIMEOUT_MS + SLACK_MS);
      const health = await server.call('/health');
      expect(health.status).toBe(503);
      const said = (await health.json()) as any;
      expect(said.dependencies).toMatchObject({ database: { ok: true }, queue: { ok: false, reason: 'unreachable' } });
      console.log(`stopped Redis (deadline ${REDIS_TIMEOUT_MS} ms): gstr2b/pull 503 in ${job.ms} ms, generateirn 200 in ${other.ms} ms`);
    } finally {
      await redis.start();
    }
    const resumed = await recovers(pull);
    expect(resumed.status).toBe(200);
  }, 60_000);

  it('answers a frozen Redis with 503 SVC-951 within the deadline, and serves again once it answers', async () => {
    redis.freeze();
    let refused: Response;
    try {
      const job = await timed(pull);
      refused = job.res;
      expect(job.ms).toBeLessThan(2 * REDIS_TIMEOUT_MS + SLACK_MS);
      expect(job.res.status).toBe(503);
      expect(job.res.headers.get('svc-errorcode')).toBe('SVC-951');
      console.log(`frozen Redis (deadline ${REDIS_TIMEOUT_MS} ms): gstr2b/pull 503 in ${job.ms} ms`);
    } finally {
      redis.thaw();
    }
    expect(refused.status).toBe(503);
    expect((await recovers(pull)).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  }, 60_000);
});
