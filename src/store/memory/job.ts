/**
 * Jobs and their files in memory: one aggregate, since pruning a job deletes its file and its steps.
 * @module
 */
import type { JobStep } from '../../ports/jobs.js';
import type { FileMeta, JobRow, JobStore } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';
import { JournaledMap, type JournalSlot } from './journal.js';
import { withoutSeq } from './sequenced.js';

/** The job store in memory; its maps report to the transaction open in `slot`. */
export function memoryJobStore(slot: JournalSlot): JobStore {
  const jobs = new JournaledMap<string, JobRow & { seq: number }>(slot);
  const files = new JournaledMap<string, FileMeta & { createdAt: number; chunks: Uint8Array[] }>(slot);
  // Each job's steps by step number, replaced whole on every write.
  const steps = new JournaledMap<string, ReadonlyMap<number, JobStep>>(slot, { replacedWhole: true });
  let seq = 0;

  const store: JobStore = {
    async insertJob(row) {
      if (jobs.has(row.jobId)) throw new Error(`job ${row.jobId} exists`);
      jobs.set(row.jobId, { ...copyRow(row), seq: ++seq });
    },
    async getJob(companyId, jobId) {
      const j = jobs.get(jobId);
      return j && j.companyId === companyId ? withoutSeq(j) : undefined;
    },
    async claimJob(owner, now, leaseUntil, policy, only = {}) {
      await store.recoverJobs(now, policy);
      const next = [...jobs.values()]
        .filter((j) => j.state === 0 && (!only.types || only.types.includes(j.type)) && (!only.jobId || j.jobId === only.jobId))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.seq - b.seq)[0];
      if (!next) return undefined;
      Object.assign(next, { state: 1, owner, leaseUntil, attempts: next.attempts + 1, updatedAt: now, progress: 0, done: 0 });
      return withoutSeq(next);
    },
    async touchJob(jobId, owner, patch) {
      const j = jobs.get(jobId);
      if (!j || j.owner !== owner || j.state !== 1) return false;
      // A write that lands late (a slow progress write overtaken by a renewal) never shortens the lease.
      if (j.leaseUntil === undefined || Date.parse(patch.leaseUntil) > Date.parse(j.leaseUntil)) j.leaseUntil = patch.leaseUntil;
      j.updatedAt = patch.updatedAt;
      if (patch.done !== undefined) j.done = patch.done;
      if (patch.total !== undefined) j.total = patch.total;
      if (patch.progress !== undefined) j.progress = patch.progress;
      return true;
    },
    async finishJob(jobId, owner, end) {
      const j = jobs.get(jobId);
      if (j?.state !== 1 || (owner !== undefined && j.owner !== owner)) return false;
      j.state = end.state;
      j.updatedAt = end.updatedAt;
      delete j.leaseUntil;
      if (end.result !== undefined) j.result = copyRow(end.result);
      else delete j.result;
      if (end.error) j.error = copyRow(end.error);
      else delete j.error;
      if (end.fileId) j.fileId = end.fileId;
      if (end.state === 100) {
        j.progress = 100;
        if (j.total > 0) j.done = j.total;
      }
      return true;
    },
    async waitingJobs(limit) {
      return [...jobs.values()]
        .filter((j) => j.state === 0)
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.seq - b.seq)
        .slice(0, limit)
        .map(withoutSeq);
    },
    async recoverJobs(now, policy) {
      let requeued = 0;
      let failed = 0;
      for (const j of jobs.values()) {
        // A working row without a lease belongs to no live runner.
        if (j.state !== 1 || (j.leaseUntil !== undefined && j.leaseUntil >= now)) continue;
        delete j.leaseUntil;
        delete j.owner;
        j.updatedAt = now;
        if (j.attempts >= policy.maxAttempts) {
          j.state = 101;
          j.error = copyRow(policy.error);
          failed++;
        } else {
          j.state = 0;
          requeued++;
        }
      }
      return { requeued, failed };
    },
    async pruneJobs(before) {
      let n = 0;
      for (const [id, j] of jobs) {
        if (j.state >= 100 && j.updatedAt < before) {
          jobs.delete(id);
          steps.delete(id);
          if (j.fileId) files.delete(j.fileId);
          n++;
        }
      }
      const cutoff = Date.parse(before);
      for (const [id, f] of files) if (!f.complete && f.createdAt < cutoff) files.delete(id);
      return n;
    },

    async createFile(meta) {
      files.set(meta.fileId, { ...meta, size: 0, complete: false, createdAt: Date.now(), chunks: [] });
    },
    async appendFileChunk(fileId, seqNo, bytes) {
      const f = files.get(fileId);
      if (!f) throw new Error(`no file ${fileId}`);
      if (f.chunks[seqNo]) throw new Error(`chunk ${seqNo} of ${fileId} exists`);
      f.chunks[seqNo] = new Uint8Array(bytes);
    },
    async completeFile(fileId, size) {
      const f = files.get(fileId);
      if (f) Object.assign(f, { size, complete: true });
    },
    async getFile(companyId, fileId) {
      const f = files.get(fileId);
      if (!f || f.companyId !== companyId) return undefined;
      const { chunks: _c, createdAt: _t, ...meta } = f;
      return { ...meta };
    },
    readFile(fileId) {
      return {
        async *[Symbol.asyncIterator]() {
          const f = files.get(fileId);
          for (let i = 0; f?.chunks[i]; i++) yield f.chunks[i]!;
        },
      };
    },

    async putJobSteps(jobId, added) {
      if (!jobs.has(jobId)) throw new Error(`no job ${jobId}`);
      const next = new Map(steps.get(jobId));
      for (const s of added) if (next.get(s.step)?.state !== 'done') next.set(s.step, copyRow(s));
      steps.set(jobId, next);
    },
    async jobSteps(jobId) {
      return [...(steps.get(jobId)?.values() ?? [])].sort((a, b) => a.step - b.step).map((s) => copyRow(s));
    },
  };
  return store;
}
