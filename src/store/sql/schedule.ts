/**
 * Schedules on SQL: a run is claimed with `for update skip locked`, so two servers never run one schedule's
 * occurrence at once.
 * @module
 */
import type { ScheduleRow, ScheduleStore } from '../../ports/store.js';
import type { Row, SqlClient } from '../sql-client.js';
import { iso, json, text } from './values.js';

function scheduleRow(r: Row): ScheduleRow {
  return {
    scheduleId: String(r['schedule_id']),
    companyId: String(r['company_id']),
    type: String(r['type']),
    gstins: json(r['gstins']),
    when: String(r['cron']),
    params: json(r['params']),
    nextRunAt: iso(r['next_run_at']),
    ...(r['claimed_until'] ? { claimedUntil: iso(r['claimed_until']) } : {}),
    ...(r['last_run_at'] ? { lastRunAt: iso(r['last_run_at']) } : {}),
    ...(r['last_outcome'] ? { lastOutcome: json(r['last_outcome']) } : {}),
    memo: json(r['memo']),
    runs: Number(r['runs']),
    createdAt: iso(r['created_at']),
  };
}

/** The schedule store over `client`. */
export function sqlScheduleStore(client: SqlClient): ScheduleStore {
  return {
    async addSchedule(row) {
      await client.query(
        `insert into gst_schedule (schedule_id, company_id, type, gstins, cron, params, next_run_at, memo, runs, created_at)
         values ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7, $8::jsonb, $9, $10) on conflict (schedule_id) do nothing`,
        [row.scheduleId, row.companyId, row.type, text(row.gstins), row.when, text(row.params), row.nextRunAt, text(row.memo), row.runs, row.createdAt],
      );
    },

    async listSchedules(companyId) {
      const rows = await client.query('select * from gst_schedule where company_id = $1 order by created_at, schedule_id', [companyId]);
      return rows.map(scheduleRow);
    },

    async getSchedule(companyId, id) {
      const rows = await client.query('select * from gst_schedule where company_id = $1 and schedule_id = $2', [companyId, id]);
      return rows[0] ? scheduleRow(rows[0]) : undefined;
    },

    async updateSchedule(companyId, id, change) {
      const rows = await client.query(
        `update gst_schedule set cron = $3, params = $4::jsonb, next_run_at = $5 where company_id = $1 and schedule_id = $2 returning schedule_id`,
        [companyId, id, change.when, text(change.params), change.nextRunAt],
      );
      return rows.length > 0;
    },

    async deleteSchedule(companyId, id) {
      const rows = await client.query('delete from gst_schedule where company_id = $1 and schedule_id = $2 returning schedule_id', [companyId, id]);
      return rows.length > 0;
    },

    async claimDueSchedules(now, leaseUntil, limit) {
      // Rows another server is claiming are skipped, and the claim is re-checked on the row it locks.
      const rows = await client.query(
        `with picked as materialized (
           select schedule_id from gst_schedule
           where next_run_at <= $1 and (claimed_until is null or claimed_until <= $1)
           order by next_run_at limit $3 for update skip locked)
         update gst_schedule s set claimed_until = $2 from picked
         where s.schedule_id = picked.schedule_id and s.next_run_at <= $1 and (s.claimed_until is null or s.claimed_until <= $1)
         returning s.*`,
        [now, leaseUntil, limit],
      );
      return rows.map(scheduleRow).sort((a, b) => a.nextRunAt.localeCompare(b.nextRunAt));
    },

    async recordScheduleRun(id, claim, record) {
      const rows = await client.query(
        `update gst_schedule set next_run_at = $3, last_run_at = $4, last_outcome = $5::jsonb, memo = $6::jsonb, runs = runs + 1, claimed_until = null
         where schedule_id = $1 and claimed_until = $2 returning schedule_id`,
        [id, claim, record.nextRunAt, record.lastRunAt, text(record.lastOutcome), text(record.memo)],
      );
      return rows.length > 0;
    },
  };
}
