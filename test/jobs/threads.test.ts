/**
 * GSTR pulls and exports on job worker threads: the work runs off the serving thread, the export's
 * progress moves through documents done of total, the workbook is byte for byte the one built in line,
 * and a thread that dies fails its job with a clear error and leaves no file to download.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { threadId } from 'node:worker_threads';
import { createGstHandler } from '../../src/http/index.js';
import { createEmbeddedJobRunner } from '../../src/jobs/embedded.js';
import type { ThreadPool } from '../../src/jobs/thread-pool.js';
import { watchedPool } from '../support/watched-pool.js';
import type { JobStatusRecord } from '../../src/ports/jobs.js';
import { createSandbox, createSigningIdentity } from '../../src/sandbox/index.js';
import { manualClock } from '../../src/clock.js';
import { createMemoryStore } from '../../src/store/index.js';
import type { Store } from '../../src/ports/store.js';

const gstin = '29AADCN7314Q1ZU';
const identity = createSigningIdentity();
const pools: ThreadPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

async function world(threads: ThreadPool | undefined, perPeriod: number, store: Store = createMemoryStore()) {
  const clock = manualClock(new Date('2026-04-20T10:00:00+05:30'));
  const sandbox = createSandbox({ companies: { acme: [gstin] }, store, identity, clock, seed: 7, syntheticDocumentsPerPeriod: perPeriod });
  const jobs = createEmbeddedJobRunner({ store, clock, pollMs: 50, leaseMs: 400, exclusive: true, ...(threads ? { threads } : {}) });
  const handler = createGstHandler({ ...sandbox.providers, jobs, authenticate: () => ({ ok: true, company: sandbox.companies.get('acme')! }) });
  const headers = { 'content-type': 'application/json', 'svc-company': 'acme' };
  const post = async (path: string, body: unknown): Promise<{ jobId: string }> =>
    (await handler(new Request(`http://x/api/svc/${path}`, { method: 'POST', headers, body: JSON.stringify(body) }))).json();
  const status = async (jobId: string): Promise<JobStatusRecord> =>
    (await handler(new Request(`http://x/api/svc/robot/jobstatus/${jobId}`, { headers }))).json();
  const file = async (jobId: string): Promise<Response> => handler(new Request(`http://x/api/svc/robot/jobfile/${jobId}`, { headers }));
  /** Polls until the job ends, keeping every status seen on the way. */
  const follow = async (jobId: string): Promise<JobStatusRecord[]> => {
    const seen: JobStatusRecord[] = [];
    for (;;) {
      const s = await status(jobId);
      seen.push(s);
      if (s.jobStatus >= 100) return seen;
      await new Promise((r) => setTimeout(r, 15));
    }
  };
  const close = async (): Promise<void> => {
    await jobs.close!();
  };
  return { post, follow, file, close };
}

const periods = ['2025-04', '2025-05', '2025-06'];
const exportBody = { gstins: [gstin], startReturnPeriod: periods[0], endReturnPeriod: periods[2], reportType: 100 };

describe('GSTR jobs on worker threads', () => {
  it('pulls and exports off the serving thread, with progress in documents, and the same workbook as in line', async () => {
    const { pool, ranOn } = watchedPool(pools);
    const threaded = await world(pool, 2500);
    const inline = await world(undefined, 2500);
    try {
      for (const w of [threaded, inline]) {
        for (const p of periods) {
          const seen = await w.follow((await w.post('gstr2b/pull', { gstin, returnPeriod: p })).jobId);
          expect(seen.at(-1)).toMatchObject({ jobStatus: 100, result: { total: 2500 }, done: 2500, total: 2500 });
        }
      }
      // Three pulls ran on a worker thread, not on this one.
      expect(ranOn).toHaveLength(3);
      expect(ranOn.every((id) => id !== threadId && pool.threadIds.includes(id))).toBe(true);

      const seen = await threaded.follow((await threaded.post('gstr2b/export', exportBody)).jobId);
      const last = seen.at(-1)!;
      expect(last.jobStatus).toBe(100);
      expect(ranOn).toHaveLength(4);
      expect(ranOn[3]).not.toBe(threadId);
      // Progress went through values between the start and the end, counted in documents of all 7,500.
      const between = seen.filter((s) => s.jobStatus === 1 && s.total === 7500 && s.done! > 0 && s.done! < 7500);
      expect(between.length).toBeGreaterThan(0);
      for (const s of between) expect(s.progress).toBeCloseTo((s.done! / 7500) * 100, 0);
      const dones = seen.map((s) => s.done ?? 0);
      expect(dones).toEqual([...dones].sort((a, b) => a - b));
      expect(last).toMatchObject({ done: 7500, total: 7500, progress: 100 });

      const inlineJob = (await inline.post('gstr2b/export', exportBody)).jobId;
      const inlineLast = (await inline.follow(inlineJob)).at(-1)!;
      expect(inlineLast.result).toEqual(last.result);
      const a = new Uint8Array(await (await threaded.file(last.jobId)).arrayBuffer());
      const b = new Uint8Array(await (await inline.file(inlineJob)).arrayBuffer());
      expect(a.byteLength).toBeGreaterThan(100_000);
      expect(Buffer.compare(a, b)).toBe(0);
    } finally {
      await threaded.close();
      await inline.close();
    }
  }, 120_000);

  it('fails an export whose thread runs out of memory with a clear error, and keeps no file', async () => {
    const store = createMemoryStore();
    const inline = await world(undefined, 20_000, store);
    const pulled = (await inline.follow((await inline.post('gstr2b/pull', { gstin, returnPeriod: periods[0] })).jobId)).at(-1)!;
    expect(pulled.jobStatus).toBe(100);
    await inline.close();
    // A thread allowed 16 MB cannot read a month of 20,000 documents.
    const { pool } = watchedPool(pools, 16);
    const small = await world(pool, 20_000, store);
    try {
      const jobId = (await small.post('gstr2b/export', { ...exportBody, endReturnPeriod: periods[0] })).jobId;
      const last = (await small.follow(jobId)).at(-1)!;
      expect(last.jobStatus).toBe(101);
      expect(last.error?.message).toMatch(/more than the 16 MB a job thread may use/);
      expect(last.url).toBeUndefined();
      expect((await small.file(jobId)).status).toBe(404);
    } finally {
      await small.close();
    }
  }, 120_000);
});
