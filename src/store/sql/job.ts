/**
 * Jobs and their files on SQL. A claim takes the oldest waiting row with `for update skip locked`, so
 * runners on many servers never claim one job twice.
 * @module
 */
import type { FileMeta, JobRow, JobStore } from '../../ports/store.js';
import type { Row, SqlClient } from '../sql-client.js';
import { iso, json, text } from './values.js';

function jobRow(r: Row): JobRow {
  return {
    jobId: String(r['job_id']),
    companyId: String(r['company_id']),
    type: String(r['type']),
    params: json(r['params']),
    state: Number(r['state']) as JobRow['state'],
    done: Number(r['done']),
    total: Number(r['total']),
    progress: Number(r['progress']),
    attempts: Number(r['attempts']),
    ...(r['error'] ? { error: json(r['error']) } : {}),
    ...(r['result'] !== null && r['result'] !== undefined ? { result: json(r['result']) } : {}),
    ...(r['file_id'] ? { fileId: String(r['file_id']) } : {}),
    createdAt: iso(r['created_at']),
    updatedAt: iso(r['updated_at']),
    ...(r['lease_until'] ? { leaseUntil: iso(r['lease_until']) } : {}),
    ...(r['owner'] ? { owner: String(r['owner']) } : {}),
  };
}

/** The job store over `client`. */
export function sqlJobStore(client: SqlClient): JobStore {
  const store: JobStore = {
    async insertJob(row) {
      await client.query(
        `insert into gst_job (job_id, company_id, type, params, state, done, total, progress, attempts, created_at, updated_at, lease_until, owner)
         values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          row.jobId,
          row.companyId,
          row.type,
          text(row.params),
          row.state,
          row.done,
          row.total,
          row.progress,
          row.attempts,
          row.createdAt,
          row.updatedAt,
          row.leaseUntil ?? null,
          row.owner ?? null,
        ],
      );
    },

    async getJob(companyId, jobId) {
      const rows = await client.query('select * from gst_job where job_id = $1 and company_id = $2', [jobId, companyId]);
      return rows[0] ? jobRow(rows[0]) : undefined;
    },

    async claimJob(owner, now, leaseUntil, policy, only = {}) {
      await store.recoverJobs(now, policy);
      const rows = await client.transaction(async (tx) => {
        const pick = await tx.query(
          `select job_id from gst_job where state = 0 and ($1::text[] is null or type = any($1::text[])) and ($2::text is null or job_id = $2)
           order by created_at, job_id limit 1 for update skip locked`,
          [only.types ? [...only.types] : null, only.jobId ?? null],
        );
        if (pick.length === 0) return [];
        return tx.query(
          `update gst_job set state = 1, owner = $2, lease_until = $3, attempts = attempts + 1, updated_at = $4, progress = 0, done = 0
           where job_id = $1 returning *`,
          [pick[0]!['job_id'], owner, leaseUntil, now],
        );
      });
      return rows[0] ? jobRow(rows[0]) : undefined;
    },

    async touchJob(jobId, owner, patch) {
      // greatest(): a write that lands late (a slow progress write overtaken by a renewal) never shortens the lease.
      const rows = await client.query(
        `update gst_job set lease_until = greatest(lease_until, $3::timestamptz), updated_at = $4, done = coalesce($5, done), total = coalesce($6, total), progress = coalesce($7, progress)
         where job_id = $1 and owner = $2 and state = 1 returning job_id`,
        [jobId, owner, patch.leaseUntil, patch.updatedAt, patch.done ?? null, patch.total ?? null, patch.progress ?? null],
      );
      return rows.length > 0;
    },

    async finishJob(jobId, owner, end) {
      const rows = await client.query(
        `update gst_job set state = $3::smallint, updated_at = $4, result = $5::jsonb, error = $6::jsonb, file_id = $7, lease_until = null,
           progress = case when $3::smallint = 100 then 100 else progress end, done = case when $3::smallint = 100 and total > 0 then total else done end
         where job_id = $1 and state = 1 and ($2::text is null or owner = $2) returning job_id`,
        [
          jobId,
          owner ?? null,
          end.state,
          end.updatedAt,
          end.result === undefined ? null : text(end.result),
          end.error ? text(end.error) : null,
          end.fileId ?? null,
        ],
      );
      return rows.length > 0;
    },

    async waitingJobs(limit) {
      const rows = await client.query('select * from gst_job where state = 0 order by updated_at, job_id limit $1', [limit]);
      return rows.map(jobRow);
    },

    async recoverJobs(now, policy) {
      const failed = await client.query(
        `update gst_job set state = 101, error = $3::jsonb, updated_at = $1, owner = null, lease_until = null
         where state = 1 and coalesce(lease_until, '-infinity') < $1 and attempts >= $2 returning job_id`,
        [now, policy.maxAttempts, text(policy.error)],
      );
      const requeued = await client.query(
        `update gst_job set state = 0, updated_at = $1, owner = null, lease_until = null where state = 1 and coalesce(lease_until, '-infinity') < $1 returning job_id`,
        [now],
      );
      return { requeued: requeued.length, failed: failed.length };
    },

    async pruneJobs(before) {
      return client.transaction(async (tx) => {
        const gone = await tx.query('delete from gst_job where state >= 100 and updated_at < $1 returning file_id', [before]);
        const files = gone.map((r) => r['file_id']).filter(Boolean);
        if (files.length > 0) await tx.query('delete from gst_file where file_id = any($1::text[])', [files]);
        await tx.query('delete from gst_file where complete = false and created_at < $1', [before]);
        return gone.length;
      });
    },

    async createFile(meta) {
      await client.query('insert into gst_file (file_id, company_id, file_name, content_type) values ($1, $2, $3, $4)', [
        meta.fileId,
        meta.companyId,
        meta.fileName,
        meta.contentType,
      ]);
    },

    async appendFileChunk(fileId, seq, bytes) {
      await client.query('insert into gst_file_chunk (file_id, seq, bytes) values ($1, $2, $3)', [fileId, seq, bytes]);
    },

    async completeFile(fileId, size) {
      await client.query('update gst_file set size = $2, complete = true where file_id = $1', [fileId, size]);
    },

    async getFile(companyId, fileId): Promise<FileMeta | undefined> {
      const rows = await client.query('select * from gst_file where file_id = $1 and company_id = $2', [fileId, companyId]);
      const r = rows[0];
      return r
        ? {
            fileId,
            companyId,
            fileName: String(r['file_name']),
            contentType: String(r['content_type']),
            size: Number(r['size']),
            complete: r['complete'] === true,
          }
        : undefined;
    },

    readFile(fileId) {
      return {
        async *[Symbol.asyncIterator]() {
          for (let seq = 0; ; seq++) {
            const rows = await client.query('select bytes from gst_file_chunk where file_id = $1 and seq = $2', [fileId, seq]);
            const bytes = rows[0]?.['bytes'];
            if (!bytes) return;
            yield bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes as ArrayBuffer);
          }
        },
      };
    },

    async putJobSteps(jobId, steps) {
      if (steps.length === 0) return;
      // One statement for the lot; a step already done keeps its outcome.
      await client.query(
        `insert into gst_job_step (job_id, step, state, data)
         select $1, s.step, s.state, s.data from unnest($2::integer[], $3::text[], $4::jsonb[]) as s(step, state, data)
         on conflict (job_id, step) do update set state = excluded.state, data = excluded.data where gst_job_step.state <> 'done'`,
        [jobId, steps.map((s) => s.step), steps.map((s) => s.state), steps.map((s) => (s.data === undefined ? null : text(s.data)))],
      );
    },

    async jobSteps(jobId) {
      const rows = await client.query('select step, state, data from gst_job_step where job_id = $1 order by step', [jobId]);
      return rows.map((r) => ({
        step: Number(r['step']),
        state: r['state'] === 'done' ? ('done' as const) : ('started' as const),
        ...(r['data'] !== null && r['data'] !== undefined ? { data: json(r['data']) } : {}),
      }));
    },
  };
  return store;
}
