/** Queues and caches that stay in memory are bounded. */
import { describe, expect, it } from 'vitest';
import { JobQueueFullError, type JobExecutor } from '../../src/ports/index.js';
import { createMemoryJobRunner } from '../../src/sandbox/index.js';
import { authA, world } from '../http/harness.js';

const job = (n: number) => ({ type: 'gstr2a/export' as const, companyId: 'acme', params: { n } });
const never: JobExecutor = () => new Promise(() => undefined);
const instant: JobExecutor = async () => ({ ok: true, result: { done: true } });

describe('the in-memory job runner', () => {
  it('refuses a job when every job it holds is unfinished', async () => {
    const runner = createMemoryJobRunner({ maxJobs: 3, concurrency: 1 });
    runner.attach(never);
    for (let i = 0; i < 3; i++) await runner.submit(job(i));
    await expect(runner.submit(job(3))).rejects.toBeInstanceOf(JobQueueFullError);
  });

  it('makes room by dropping the oldest finished jobs, keeping the newest', async () => {
    const runner = createMemoryJobRunner({ maxJobs: 3 });
    runner.attach(instant);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push((await runner.submit(job(i))).jobId);
      await runner.idle();
    }
    const held = await Promise.all(ids.map((id) => runner.status('acme', id)));
    expect(held.filter((s) => s !== undefined)).toHaveLength(3);
    expect(held.slice(-3).every((s) => s?.jobStatus === 100)).toBe(true);
    expect(held.slice(0, 7).every((s) => s === undefined)).toBe(true);
  });
});

describe('over HTTP', () => {
  it('a full job queue answers 503 SVC-951 with Retry-After, not 500', async () => {
    const runner = createMemoryJobRunner({ maxJobs: 1 });
    const attach = runner.attach.bind(runner);
    runner.attach = () => attach(never); // every job stays running
    const failures: unknown[] = [];
    const { handler } = world({ jobs: runner, onError: (e) => failures.push(e) });
    const exportOnce = () =>
      handler(
        new Request('http://localhost/api/svc/gstr2a/export', {
          method: 'POST',
          headers: { authorization: authA, 'svc-company': 'acme', 'content-type': 'application/json' },
          body: JSON.stringify({ gstins: ['29AAGCK4821M1Z4'], startReturnPeriod: '2026-01', endReturnPeriod: '2026-02' }),
        }),
      );
    expect((await exportOnce()).status).toBe(200);
    const full = await exportOnce();
    expect(full.status).toBe(503);
    expect(full.headers.get('svc-errorcode')).toBe('SVC-951');
    expect(full.headers.get('retry-after')).toBe('5');
    expect(failures).toEqual([]);
  });
});
