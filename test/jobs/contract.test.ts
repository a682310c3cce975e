/**
 * The job runner contract, on every runner and store: jobs end done or failed, progress is granular,
 * files come back byte for byte in chunks, companies are kept apart, and a job whose runner died is run
 * again or, after too many tries, failed with SVC-956: never left working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedJobRunner } from '../../src/jobs/embedded.js';
import { createBullJobRunner, startBullWorker } from '../../src/jobs/bullmq.js';
import { defaultRecovery } from '../../src/jobs/run-job.js';
import type { JobExecutor, JobRunner, JobStatusRecord } from '../../src/ports/jobs.js';
import type { Store } from '../../src/ports/store.js';
import { createMemoryStore, openPgliteStore, openPostgresStore } from '../../src/store/index.js';
import { databaseUrl, freshDatabase, need, redisUrl } from '../support/services.js';

const hasPg = need(databaseUrl);
const hasRedis = need(redisUrl);

/** Jobs wait at a gate until the test opens it. */
const gates = new Map<string, () => void>();
const gate = (name: string): Promise<void> => new Promise((resolve) => gates.set(name, resolve));

const executor: JobExecutor = async (job, progress, context) => {
  const p = job.params;
  if (p['throw']) throw new Error('exploded');
  if (p['fail']) return { ok: false, error: { code: '1001', message: 'nothing stored' } };
  const total = Number(p['rows'] ?? 10);
  progress(50, { done: total / 2, total });
  if (p['gate']) await gate(String(p['gate']));
  const file = await context!.openFile!('out.bin', 'application/octet-stream');
  // 3 MiB in uneven pieces: the store keeps it in chunks and hands it back in order.
  for (let i = 0; i < 48; i++) await file.write(new Uint8Array(65_536 + (i % 3)).fill(i));
  progress(100, { done: total, total });
  return { ok: true, result: { rows: total } };
};

interface World {
  runner: JobRunner;
  store: Store;
  done: () => Promise<void>;
}

const worlds: Array<[string, () => Promise<World>]> = [
  [
    'embedded on memory',
    async () => {
      const store = createMemoryStore();
      const runner = createEmbeddedJobRunner({ store, pollMs: 50, leaseMs: 1000 });
      runner.attach(executor);
      return { runner, store, done: () => runner.close!() };
    },
  ],
  [
    'embedded on PGlite',
    async () => {
      const store = await openPgliteStore('memory://');
      const runner = createEmbeddedJobRunner({ store, pollMs: 50, leaseMs: 1000 });
      runner.attach(executor);
      return { runner, store, done: async () => (await runner.close!(), await store.close()) };
    },
  ],
];
if (hasPg) {
  worlds.push([
    'embedded on PostgreSQL',
    async () => {
      const db = await freshDatabase(databaseUrl as string);
      const store = await openPostgresStore(db.url);
      const runner = createEmbeddedJobRunner({ store, pollMs: 50, leaseMs: 1000 });
      runner.attach(executor);
      return { runner, store, done: async () => (await runner.close!(), await store.close(), await db.drop()) };
    },
  ]);
}
if (hasPg && hasRedis) {
  worlds.push([
    'BullMQ on Redis with PostgreSQL',
    async () => {
      const db = await freshDatabase(databaseUrl as string);
      const store = await openPostgresStore(db.url);
      const queueName = `gstkit-test-${process.pid}-${Date.now()}`;
      const runner = await createBullJobRunner({ store, redisUrl: redisUrl as string, queueName });
      const worker = await startBullWorker({ store, redisUrl: redisUrl as string, queueName, executor, leaseMs: 1000 });
      return { runner, store, done: async () => (await worker.close(), await runner.close!(), await store.close(), await db.drop()) };
    },
  ]);
}

async function until(runner: JobRunner, companyId: string, jobId: string, test: (s: JobStatusRecord) => boolean, ms = 60_000): Promise<JobStatusRecord> {
  const end = Date.now() + ms;
  for (;;) {
    const s = await runner.status(companyId, jobId);
    if (s && test(s)) return s;
    if (Date.now() > end) throw new Error(`job ${jobId} stayed ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(worlds)('job runner contract: %s', (_name, open) => {
  let w: World;
  beforeAll(async () => {
    w = await open();
  }, 120_000);
  afterAll(async () => w?.done());

  it('runs a job to done with progress in rows, and streams its file back byte for byte', async () => {
    const { jobId } = await w.runner.submit({ type: 'gstr2b/export', companyId: 'acme', params: { rows: 1000, gate: 'first' } });
    const working = await until(w.runner, 'acme', jobId, (s) => s.jobStatus === 1 && s.done === 500);
    expect(working).toMatchObject({ jobStatusText: 'working', done: 500, total: 1000, progress: 50 });
    expect(await w.runner.file('acme', jobId)).toBeUndefined();
    gates.get('first')!();
    const done = await until(w.runner, 'acme', jobId, (s) => s.jobStatus >= 100);
    expect(done).toMatchObject({ jobStatus: 100, jobStatusText: 'done', progress: 100, done: 1000, total: 1000, result: { rows: 1000 } });
    expect(done.url).toBe(`/api/svc/robot/jobfile/${jobId}`);
    const file = await w.runner.file('acme', jobId);
    expect(file).toBeDefined();
    const parts: Uint8Array[] = [];
    for await (const c of 'data' in file! ? [file.data] : file!.chunks()) parts.push(c);
    const bytes = Buffer.concat(parts);
    expect(bytes.length).toBe(48 * 65_536 + 16 * (0 + 1 + 2));
    expect(parts.length).toBeGreaterThan(1);
    let offset = 0;
    for (let i = 0; i < 48; i++) {
      const n = 65_536 + (i % 3);
      expect(bytes[offset]).toBe(i);
      expect(bytes[offset + n - 1]).toBe(i);
      offset += n;
    }
  }, 90_000);

  it('ends a refused job failed with its code, and a throwing one with SVC-950', async () => {
    const a = await w.runner.submit({ type: 'gstr2b/export', companyId: 'acme', params: { fail: true } });
    const b = await w.runner.submit({ type: 'gstr2b/export', companyId: 'acme', params: { throw: true } });
    expect(await until(w.runner, 'acme', a.jobId, (s) => s.jobStatus >= 100)).toMatchObject({
      jobStatus: 101,
      jobStatusText: 'failed',
      error: { code: '1001' },
    });
    expect(await until(w.runner, 'acme', b.jobId, (s) => s.jobStatus >= 100)).toMatchObject({
      jobStatus: 101,
      error: { code: 'SVC-950', message: 'exploded' },
    });
  }, 60_000);

  it('shows a job to its company only', async () => {
    const { jobId } = await w.runner.submit({ type: 'gstr2b/export', companyId: 'acme', params: { rows: 2 } });
    await until(w.runner, 'acme', jobId, (s) => s.jobStatus === 100);
    expect(await w.runner.status('beta', jobId)).toBeUndefined();
    expect(await w.runner.file('beta', jobId)).toBeUndefined();
  }, 60_000);

  // Rows left by a dead runner with no message anywhere: BullMQ workers find them by sweeping the store.
  it('runs again a job whose runner died, and fails one that keeps being interrupted', async () => {
    const at = new Date().toISOString();
    const base = { companyId: 'acme', type: 'gstr2b/export', state: 0 as const, done: 0, total: 0, progress: 0, createdAt: at, updatedAt: at };
    // Rows left "working" by a runner that stopped renewing its lease.
    const soon = new Date(Date.now() + 300).toISOString();
    const dead = { state: 1 as const, owner: 'dead-runner', leaseUntil: soon };
    await w.store.insertJob({ ...base, ...dead, jobId: 'orphan-once', params: { rows: 4 }, attempts: 1 });
    await w.store.insertJob({ ...base, ...dead, jobId: 'orphan-often', params: { rows: 4 }, attempts: defaultRecovery.maxAttempts });
    expect((await w.runner.status('acme', 'orphan-once'))?.jobStatusText).toBe('working');
    const rerun = await until(w.runner, 'acme', 'orphan-once', (s) => s.jobStatus >= 100, 30_000);
    expect(rerun).toMatchObject({ jobStatus: 100, result: { rows: 4 } });
    const given = await until(w.runner, 'acme', 'orphan-often', (s) => s.jobStatus >= 100, 30_000);
    expect(given).toMatchObject({ jobStatus: 101, error: { code: 'SVC-956' } });
  }, 90_000);
});
