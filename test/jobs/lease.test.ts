/**
 * A live job keeps its lease: renewals run on their own timer, not behind progress writes, and a runner
 * never takes back a job it is itself running, however late a loaded machine ran its timers.
 */
import { describe, expect, it } from 'vitest';
import { createEmbeddedJobRunner } from '../../src/jobs/embedded.js';
import type { JobExecutor } from '../../src/ports/jobs.js';
import type { Store } from '../../src/ports/store.js';
import { createMemoryStore } from '../../src/store/index.js';

const LEASE_MS = 300;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Counts the runs of each job and ends each with the runner that ran it. */
function counted(name: string, work: () => Promise<void>): { executor: JobExecutor; runs: string[] } {
  const runs: string[] = [];
  const executor: JobExecutor = async (job, progress) => {
    runs.push(job.jobId);
    progress(1);
    await work();
    return { ok: true, result: { ranBy: name } };
  };
  return { executor, runs };
}

async function finished(store: Store, jobId: string): Promise<NonNullable<Awaited<ReturnType<Store['getJob']>>>> {
  for (;;) {
    const row = await store.getJob('acme', jobId);
    if (row && row.state >= 100) return row;
    await sleep(20);
  }
}

describe('job leases', () => {
  it('are kept while a job is silent, even when its progress writes take longer than the lease', async () => {
    const memory = createMemoryStore();
    // Progress writes take three leases to land (a slow or loaded database); plain renewals are quick.
    const store: Store = {
      ...memory,
      touchJob: async (jobId, owner, patch) => {
        if (patch.progress !== undefined) await sleep(3 * LEASE_MS);
        return memory.touchJob(jobId, owner, patch);
      },
    };
    const a = counted('a', () => sleep(5 * LEASE_MS));
    const b = counted('b', async () => {});
    const runnerA = createEmbeddedJobRunner({ store, leaseMs: LEASE_MS, pollMs: 20 });
    // Another runner on the same store would take over any job whose lease ran out.
    const runnerB = createEmbeddedJobRunner({ store, leaseMs: LEASE_MS, pollMs: 20 });
    runnerA.attach(a.executor);
    const { jobId } = await runnerA.submit({ type: 'gstr2b/export', companyId: 'acme', params: {} });
    await sleep(60);
    expect(a.runs).toEqual([jobId]);
    runnerB.attach(b.executor);
    try {
      const row = await finished(store, jobId);
      expect(row).toMatchObject({ state: 100, attempts: 1, result: { ranBy: 'a' } });
      expect(b.runs).toEqual([]);
    } finally {
      await runnerA.close!();
      await runnerB.close!();
    }
  }, 30_000);

  it('are not taken back by their own runner after its event loop was held for longer than the lease', async () => {
    const store = createMemoryStore();
    const held = counted('a', async () => {
      await sleep(10);
      // The serving thread is held (a loaded machine, a long synchronous step): no timer runs meanwhile.
      const until = Date.now() + 3 * LEASE_MS;
      while (Date.now() < until);
      // The runner's timers now all fire at once, the poll that claims jobs among them.
      await sleep(4 * LEASE_MS);
    });
    const runner = createEmbeddedJobRunner({ store, leaseMs: LEASE_MS, pollMs: 10 });
    runner.attach(held.executor);
    try {
      const { jobId } = await runner.submit({ type: 'gstr2b/export', companyId: 'acme', params: {} });
      const row = await finished(store, jobId);
      expect(row).toMatchObject({ state: 100, attempts: 1 });
      expect(held.runs).toEqual([jobId]);
    } finally {
      await runner.close!();
    }
  }, 30_000);
});
