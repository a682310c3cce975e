/**
 * Scale-out as a host runs it: two `gstkit serve` processes and one `gstkit worker` on one PostgreSQL
 * and one Redis. Requests spread across the servers see one world: one IRN for 100 identical requests,
 * one certificate, and jobs started on one server read and downloaded through the other.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, freshDatabase, need, redisUrl } from '../support/services.js';
import { root, startServer, type RunningServer } from '../support/server.js';

const ready = need(databaseUrl) && need(redisUrl);
const example = (kind: string): any => JSON.parse(readFileSync(join(root, 'docs/examples', `${kind}.json`), 'utf8'));
const company = { 'svc-company': 'acme' };
// A key of this run only: its count lives in Redis, which outlasts the run.
const limitedKey = `rl${process.pid}x${Date.now()}`;

describe.runIf(ready)('two servers and a worker on PostgreSQL and Redis', () => {
  let a: RunningServer;
  let b: RunningServer;
  let worker: RunningServer | undefined;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabase(databaseUrl as string);
    drop = db.drop;
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl as string,
      GSTKIT_QUEUE: `gstkit-multi-${process.pid}-${Date.now()}`,
      // One key has a small limit of its own, counted in Redis, so both servers must share its count.
      GSTKIT_API_KEYS: `k1:s3cret:acme,${limitedKey}:other:acme`,
      GSTKIT_KEY_RATE_LIMITS: `${limitedKey}:10/8640000`,
      GSTKIT_SANDBOX_GSTINS: 'acme:29AAGCK4821M1Z4,33AAHCT2290K1Z6,29AADCN7314Q1ZU',
      GSTKIT_DATA_DIR: '/nonexistent/never-used',
    };
    // Both servers start at once: the schema migration and the signing key are made once between them.
    [a, b] = await Promise.all([startServer(env, { key: 'k1:s3cret' }), startServer(env, { key: 'k1:s3cret' })]);
    worker = await startWorker(env);
  }, 180_000);

  afterAll(async () => {
    for (const s of [a, b, worker]) await s?.stop();
    await drop?.();
  });

  it('publishes one certificate from both servers', async () => {
    const [ca, cb] = await Promise.all([a.call('/api/sandbox/certificate'), b.call('/api/sandbox/certificate')]);
    const pem = await ca.text();
    expect(pem).toMatch(/BEGIN CERTIFICATE/);
    expect(await cb.text()).toBe(pem);
  });

  it('gives 100 identical generateirn requests across both servers one IRN and 99 times 2150', async () => {
    const body = example('irn');
    const replies = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await (i % 2 ? a : b).call('/api/svc/einvoice/generateirn', { body });
        return (await res.json()) as any;
      }),
    );
    const ok = replies.filter((r) => r.Success === true);
    expect(ok).toHaveLength(1);
    const dup = replies.filter((r) => r.Errors?.[0]?.Code === '2150');
    expect(dup).toHaveLength(99);
    for (const d of dup) expect(d).toMatchObject({ Irn: ok[0].Irn, AckNo: ok[0].AckNo });
    // Either server reads it back, with the signature of the shared certificate.
    const back = await (await a.call(`/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=${ok[0].Irn}`)).json();
    expect(back.SignedInvoice).toBe(ok[0].SignedInvoice);
  }, 120_000);

  it('runs a job started on one server in the worker, and serves its status and file on the other', async () => {
    const period = '2026-10';
    const pull = await (await a.call('/api/svc/gstr2b/pull', { body: { gstin: '29AADCN7314Q1ZU', returnPeriod: period }, headers: company })).json();
    expect((await waitForJob(b, pull.jobId)).jobStatusText).toBe('done');
    const exported = await (
      await b.call('/api/svc/gstr2b/export', { body: { gstins: ['29AADCN7314Q1ZU'], startReturnPeriod: period, endReturnPeriod: period }, headers: company })
    ).json();
    const status = await waitForJob(a, exported.jobId);
    expect(status).toMatchObject({ jobStatus: 100, progress: 100 });
    expect(status.result.rows).toBeGreaterThan(0);
    const file = await a.call(`/api/svc/robot/jobfile/${exported.jobId}`, { headers: company });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.length).toBe(Number(file.headers.get('content-length')));
  }, 120_000);

  it('shares one rate limit and one audit log between the servers', async () => {
    const k2 = 'Basic ' + Buffer.from(`${limitedKey}:other`).toString('base64');
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        fetch(`${(i % 2 ? a : b).base}/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=${'f'.repeat(64)}`, { headers: { authorization: k2 } }),
      ),
    );
    const limited = replies.filter((r) => r.status === 429);
    expect(limited).toHaveLength(6);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited[0]!.json()) as any).Errors[0].Code).toBe('SVC-974');
    // The 100 registrations tried through both servers are in one log, read through either.
    const log = (await (await a.call('/api/svc/audit?limit=1000')).json()) as any;
    const tries = log.entries.filter((e: any) => e.operation === 'generateIrn');
    expect(tries).toHaveLength(100);
    expect(tries.filter((e: any) => e.status === 200)).toHaveLength(1);
    expect(tries.filter((e: any) => e.code === '2150')).toHaveLength(99);
    for (const e of tries) expect(e).toMatchObject({ keyId: 'k1', companyId: 'acme' });
    expect(JSON.stringify(log)).not.toContain('s3cret');
  }, 120_000);
});

async function startWorker(env: Record<string, string>): Promise<RunningServer> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'worker'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${printed}`)), 90_000);
    child.stdout!.on('data', (c: Buffer) => {
      printed += c.toString();
      if (printed.includes('running jobs')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (c: Buffer) => (printed += c.toString()));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${printed}`)));
  });
  return {
    process: child,
    base: '',
    auth: '',
    printed,
    call: () => Promise.reject(new Error('a worker serves no HTTP')),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitForJob(server: RunningServer, jobId: string): Promise<any> {
  const end = Date.now() + 90_000;
  for (;;) {
    const s = await (await server.call(`/api/svc/robot/jobstatus/${jobId}`, { headers: company })).json();
    if (s.jobStatus >= 100) return s;
    if (Date.now() > end) throw new Error(`job ${jobId} stayed ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
