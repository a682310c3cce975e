/**
 * The sales inquiry outbox on SQL: a delivery try claims its rows with `for update skip locked`, so two
 * servers never send one inquiry at once.
 * @module
 */
import type { OutboxRow, OutboxStore } from '../../ports/store.js';
import type { Row, SqlClient } from '../sql-client.js';
import { iso, json, text } from './values.js';

function outboxRow(r: Row): OutboxRow {
  return {
    inquiryId: String(r['inquiry_id']),
    payload: json(r['payload']),
    state: String(r['state']) as OutboxRow['state'],
    attempts: Number(r['attempts']),
    nextAttemptAt: iso(r['next_attempt_at']),
    ...(r['last_error'] ? { lastError: String(r['last_error']) } : {}),
    createdAt: iso(r['created_at']),
  };
}

/** The outbox store over `client`. */
export function sqlOutboxStore(client: SqlClient): OutboxStore {
  return {
    async addInquiry(row) {
      await client.query(
        `insert into gst_inquiry (inquiry_id, payload, state, attempts, next_attempt_at, last_error, created_at)
         values ($1, $2::jsonb, $3, $4, $5, $6, $7) on conflict (inquiry_id) do nothing`,
        [row.inquiryId, text(row.payload), row.state, row.attempts, row.nextAttemptAt, row.lastError ?? null, row.createdAt],
      );
    },

    async dueInquiries(now, limit) {
      const rows = await client.query(`select * from gst_inquiry where state = 'pending' and next_attempt_at <= $1 order by next_attempt_at limit $2`, [
        now,
        limit,
      ]);
      return rows.map(outboxRow);
    },

    async claimDueInquiries(now, leaseUntil, limit) {
      // Rows another server is claiming are skipped, and the claim is re-checked on the row it locks.
      const rows = await client.query(
        `with picked as materialized (
           select inquiry_id from gst_inquiry where state = 'pending' and next_attempt_at <= $1
           order by next_attempt_at limit $3 for update skip locked)
         update gst_inquiry g set next_attempt_at = $2 from picked
         where g.inquiry_id = picked.inquiry_id and g.state = 'pending' and g.next_attempt_at <= $1
         returning g.*`,
        [now, leaseUntil, limit],
      );
      return rows.map(outboxRow).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    async markInquiryDelivered(inquiryId) {
      await client.query(`update gst_inquiry set state = 'delivered', attempts = attempts + 1, last_error = null where inquiry_id = $1`, [inquiryId]);
    },

    async markInquiryRetry(inquiryId, nextAttemptAt, error, claim) {
      await client.query(
        `update gst_inquiry set attempts = attempts + 1, next_attempt_at = $2, last_error = $3
         where inquiry_id = $1 and state = 'pending' and ($4::timestamptz is null or next_attempt_at = $4::timestamptz)`,
        [inquiryId, nextAttemptAt, error, claim ?? null],
      );
    },

    async getInquiry(inquiryId) {
      const rows = await client.query('select * from gst_inquiry where inquiry_id = $1', [inquiryId]);
      return rows[0] ? outboxRow(rows[0]) : undefined;
    },
  };
}
