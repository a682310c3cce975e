/**
 * PostgreSQL ending every connection (as a restart or a failover does; here pg_terminate_backend, over and
 * over) while two `gstkit serve` processes and a `gstkit worker` are busy: every process lives on, each
 * request in the meantime succeeds or gets a coded 503, service resumes by itself, and everything that was
 * acknowledged (registered IRNs, accepted jobs) is there afterwards.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, freshDatabase, need, redisUrl } from '../support/services.js';
import { root, startServer, type RunningServer } from '../support/server.js';
import { startWorker, type RunningWorker } from '../support/worker.js';

const ready = need(databaseUrl) && need(redisUrl);
const company = { 'svc-company': 'acme' };
const example = JSON.parse(readFileSync(join(root, 'docs/examples/irn.json'), 'utf8'));
const TERMINATIONS = 6;

describe.runIf(ready)('PostgreSQL connections terminated under two servers and a worker', () => {
  let a: RunningServer;
  let b: RunningServer;
  let worker: RunningWorker;
  let db: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    db = await freshDatabase(databaseUrl as string);
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl as string,
      GSTKIT_QUEUE: `gstkit-terminated-${process.pid}-${Date.now()}`,
      GSTKIT_API_KEYS: 'k1:s3cret:acme',
      GSTKIT_SANDBOX_GSTINS: 'acme:29AAGCK4821M1Z4,33AAHCT2290K1Z6,29AADCN7314Q1ZU',
      GSTKIT_RATE_LIMIT: 'off',
      GSTKIT_DATA_DIR: '/nonexistent/never-used',
    };
    [a, b] = await Promise.all([startServer(env, { key: 'k1:s3cret' }), startServer(env, { key: 'k1:s3cret' })]);
    worker = await startWorker(env);
  }, 180_000);

  afterAll(async () => {
    for (const p of [a, b, worker]) await p?.stop();
    await db?.drop();
  });

  it('keeps every process alive, answers 200 or a coded 503, and loses nothing acknowledged', async () => {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const irns: string[] = [];
    const jobs: string[] = [];
    const answers = new Map<string, number>();
    const wrong: string[] = [];
    let stop = false;
    let n = 0;
    /** Counts the answer; anything but 200 and a coded 503 with Retry-After is wrong. */
    const judge = (what: string, res: Response, code: string | undefined): void => {
      const key = `${res.status}${code ? ` ${code}` : ''}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
      if (res.status === 200) return;
      if (res.status === 503 && code === 'SVC-951' && res.headers.get('retry-after')) return;
      wrong.push(`${what}: ${key}`);
    };
    const traffic = async (server: RunningServer, lane: number): Promise<void> => {
      while (!stop) {
        const i = ++n;
        if (i % 5 === 0) {
          const res = await server.call('/api/svc/gstr2b/pull', { body: { gstin: '29AADCN7314Q1ZU', returnPeriod: '2026-10' }, headers: company });
          const body = (await res.json()) as any;
          judge('pull', res, res.headers.get('svc-errorcode') ?? undefined);
          if (res.status === 200) jobs.push(body.jobId);
        } else {
          const invoice = { ...example, DocDtls: { ...example.DocDtls, No: `TERM/${lane}/${i}` } };
          const res = await server.call('/api/svc/einvoice/generateirn', { body: invoice });
          const body = (await res.json()) as any;
          judge('generateirn', res, body.Errors?.[0]?.Code);
          if (res.status === 200) irns.push(body.Irn);
        }
      }
    };
    const lanes = [traffic(a, 1), traffic(b, 2), traffic(a, 3), traffic(b, 4)];
    let terminated = 0;
    for (let t = 0; t < TERMINATIONS; t++) {
      await new Promise((r) => setTimeout(r, 600));
      const ended = await admin.query(
        'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) t',
      );
      terminated += ended.rows[0].n;
    }
    await new Promise((r) => setTimeout(r, 600));
    stop = true;
    await Promise.all(lanes);
    await admin.end();

    expect(terminated).toBeGreaterThan(TERMINATIONS);
    expect(wrong).toEqual([]);
    for (const p of [a.process, b.process, worker.process]) expect(p.exitCode).toBeNull();
    expect(irns.length).toBeGreaterThan(10);

    // Service is back on both servers, and everything acknowledged is there.
    for (const s of [a, b]) {
      const res = await s.call('/api/svc/einvoice/generateirn', {
        body: { ...example, DocDtls: { ...example.DocDtls, No: `TERM/after/${s === a ? 'a' : 'b'}` } },
      });
      expect(res.status).toBe(200);
    }
    for (const [i, irn] of irns.entries()) {
      const res = await (i % 2 ? a : b).call(`/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=${irn}`);
      expect(res.status, irn).toBe(200);
    }
    for (const jobId of jobs) {
      const end = Date.now() + 100_000;
      for (;;) {
        const s = (await (await a.call(`/api/svc/robot/jobstatus/${jobId}`, { headers: company })).json()) as any;
        if (s.jobStatus === 100) break;
        expect(s.jobStatus, JSON.stringify(s)).not.toBe(101);
        expect(Date.now(), `job ${jobId} still ${JSON.stringify(s)}`).toBeLessThan(end);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    for (const p of [a.process, b.process, worker.process]) expect(p.exitCode).toBeNull();
    console.log(
      `terminated ${terminated} connections in ${TERMINATIONS} rounds; answers ${JSON.stringify(Object.fromEntries(answers))}; ${irns.length} IRNs and ${jobs.length} jobs acknowledged, all there`,
    );
  }, 240_000);
});
