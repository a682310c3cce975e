/**
 * Idle job threads: a thread that has finished its task is kept for the next one for a while, then exits
 * (a thread that wrote a big export would otherwise keep its grown heap), and the pool starts a fresh one
 * when work comes again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createThreadPool, type ThreadPool } from '../../src/jobs/thread-pool.js';

const pools: ThreadPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

// An export the thread refuses at once (no GSTINs): a real task that needs nothing from this thread.
const quickTask = { request: { returnType: 'gstr2b', gstins: [], startPeriod: '2025-04', endPeriod: '2025-04' }, now: '2025-05-01T00:00:00Z' };
const run = async (pool: ThreadPool): Promise<number> => {
  let ranOn = -1;
  const out = (await pool.run('gstr/export', quickTask, { started: (id: number) => void (ranOn = id) })) as { ok: boolean; errors: { path: string }[] };
  expect(out.ok).toBe(false);
  expect(out.errors[0]!.path).toBe('/gstins');
  return ranOn;
};
const until = async (check: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('idle job threads', () => {
  it('keeps a thread for the next task while it is wanted', async () => {
    const pool = createThreadPool({ size: 1, idleMs: 60_000 });
    pools.push(pool);
    const first = await run(pool);
    const second = await run(pool);
    expect(second).toBe(first);
    expect(pool.threadIds).toEqual([first]);
  }, 60_000);

  it('lets an idle thread exit and starts a fresh one for the next task', async () => {
    const pool = createThreadPool({ size: 1, idleMs: 300 });
    pools.push(pool);
    const first = await run(pool);
    expect(pool.threadIds).toEqual([first]);
    expect(await until(() => pool.threadIds.length === 0, 20_000)).toBe(true);
    const second = await run(pool);
    expect(second).not.toBe(first);
    expect(pool.threadIds).toEqual([second]);
  }, 60_000);
});
