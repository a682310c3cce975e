/**
 * A BullMQ worker killed mid-job on real Redis and PostgreSQL: the job is picked up by another worker and
 * ends done, well before BullMQ's own stalled-job check (30 s lock) would have handed its message back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBullJobRunner, startBullWorker } from '../../src/jobs/bullmq.js';
import type { JobRunner, JobStatusRecord } from '../../src/ports/jobs.js';
import type { Store } from '../../src/ports/store.js';
import { openPostgresStore } from '../../src/store/index.js';
import { databaseUrl, freshDatabase, need, redisUrl } from '../support/services.js';
import { root } from '../support/server.js';

const ready = need(databaseUrl) && need(redisUrl);

/** Starts test/support/bull-worker.ts; resolves once it is connected. */
async function childWorker(env: Record<string, string>): Promise<{ child: ChildProcess; printed: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/bull-worker.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (printed += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${printed}`)), 60_000);
    child.stdout!.on('data', () => {
      if (printed.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${printed}`)));
  });
  return { child, printed: () => printed };
}

async function until(runner: JobRunner, jobId: string, test: (s: JobStatusRecord) => boolean, ms: number): Promise<JobStatusRecord> {
  const end = Date.now() + ms;
  for (;;) {
    const s = await runner.status('acme', jobId);
    if (s && test(s)) return s;
    if (Date.now() > end) throw new Error(`job ${jobId} stayed ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(ready)('a BullMQ worker killed mid-job', () => {
  let store: Store;
  let runner: JobRunner;
  let drop: () => Promise<void>;
  let dbUrl: string;
  const queueName = `gstkit-crash-${process.pid}-${Date.now()}`;
  beforeAll(async () => {
    const db = await freshDatabase(databaseUrl as string);
    drop = db.drop;
    dbUrl = db.url;
    store = await openPostgresStore(db.url);
    runner = await createBullJobRunner({ store, redisUrl: redisUrl as string, queueName });
  }, 60_000);
  afterAll(async () => {
    await runner?.close?.();
    await store?.close();
    await drop?.();
  });

  it('hands the job to another worker, which ends it done; it is never left working', async () => {
    const doomed = await childWorker({ DATABASE_URL: dbUrl, REDIS_URL: redisUrl as string, QUEUE: queueName, HANG: '1', LEASE_MS: '1000' });
    const { jobId } = await runner.submit({ type: 'gstr2b/export', companyId: 'acme', params: {} });
    const working = await until(runner, jobId, (s) => s.jobStatus === 1 && s.done === 40, 30_000);
    expect(working).toMatchObject({ jobStatusText: 'working', done: 40, total: 100 });
    expect(doomed.printed()).toContain(`working ${jobId}`);
    doomed.child.kill('SIGKILL');
    await new Promise((r) => doomed.child.once('exit', r));
    const killedAt = Date.now();

    // A second worker (in this process) with a healthy executor.
    const survivor = await startBullWorker({
      store,
      redisUrl: redisUrl as string,
      queueName,
      leaseMs: 1000,
      executor: async (_job, progress) => {
        progress(100, { done: 100, total: 100 });
        return { ok: true, result: { by: 'survivor' } };
      },
    });
    try {
      const end = await until(runner, jobId, (s) => s.jobStatus >= 100, 25_000);
      expect(end).toMatchObject({ jobStatus: 100, jobStatusText: 'done', result: { by: 'survivor' }, done: 100, total: 100 });
      // Picked up once the dead worker's lease ran out, not after BullMQ's 30 s lock.
      expect(Date.now() - killedAt).toBeLessThan(25_000);
      const row = await store.getJob('acme', jobId);
      expect(row?.attempts).toBe(2);
      expect(row?.owner).toBe(survivor.owner);
    } finally {
      await survivor.close();
    }
  }, 120_000);
});
