/**
 * Webhook subscriptions and their delivery outbox on SQL. An event becomes its deliveries in one
 * `insert ... select`; an attempt claims its rows with `for update skip locked`, and writes its end only
 * while the row is still under its claim, so two servers never make the same attempt.
 * @module
 */
import type { ClaimedWebhookDelivery, WebhookDeliveryRow, WebhookRow, WebhookStore } from '../../ports/store.js';
import type { Row, SqlClient } from '../sql-client.js';
import { iso, json, text } from './values.js';

function webhookRow(r: Row): WebhookRow {
  return {
    webhookId: String(r['webhook_id']),
    companyId: String(r['company_id']),
    url: String(r['url']),
    events: json<string[]>(r['events']),
    secret: String(r['secret']),
    createdAt: iso(r['created_at']),
  };
}

function deliveryRow(r: Row): WebhookDeliveryRow {
  return {
    deliveryId: String(r['delivery_id']),
    webhookId: String(r['webhook_id']),
    companyId: String(r['company_id']),
    eventType: String(r['event_type']),
    body: String(r['body']),
    state: String(r['state']) as WebhookDeliveryRow['state'],
    attempts: Number(r['attempts']),
    nextAttemptAt: iso(r['next_attempt_at']),
    retryFrom: iso(r['retry_from']),
    createdAt: iso(r['created_at']),
    ...(r['delivered_at'] ? { deliveredAt: iso(r['delivered_at']) } : {}),
    recent: json(r['recent']),
  };
}

/** The webhook store over `client`. */
export function sqlWebhookStore(client: SqlClient): WebhookStore {
  const getWebhookDelivery: WebhookStore['getWebhookDelivery'] = async (companyId, webhookId, deliveryId) => {
    const rows = await client.query('select * from gst_webhook_delivery where company_id = $1 and webhook_id = $2 and delivery_id = $3', [
      companyId,
      webhookId,
      deliveryId,
    ]);
    return rows[0] ? deliveryRow(rows[0]) : undefined;
  };
  return {
    async addWebhook(row) {
      await client.query(`insert into gst_webhook (webhook_id, company_id, url, events, secret, created_at) values ($1, $2, $3, $4::jsonb, $5, $6)`, [
        row.webhookId,
        row.companyId,
        row.url,
        text(row.events),
        row.secret,
        row.createdAt,
      ]);
    },

    async listWebhooks(companyId) {
      const rows = await client.query('select * from gst_webhook where company_id = $1 order by created_at, webhook_id', [companyId]);
      return rows.map(webhookRow);
    },

    async getWebhook(companyId, webhookId) {
      const rows = await client.query('select * from gst_webhook where company_id = $1 and webhook_id = $2', [companyId, webhookId]);
      return rows[0] ? webhookRow(rows[0]) : undefined;
    },

    async deleteWebhook(companyId, webhookId) {
      const rows = await client.query('delete from gst_webhook where company_id = $1 and webhook_id = $2 returning webhook_id', [companyId, webhookId]);
      return rows.length > 0;
    },

    async addWebhookEvent({ companyId, eventType, body, at }) {
      // The id is random and carries no order: `msg_` and 32 hex digits.
      const rows = await client.query(
        `insert into gst_webhook_delivery (delivery_id, webhook_id, company_id, event_type, body, state, attempts, next_attempt_at, retry_from, created_at, recent)
         select 'msg_' || replace(gen_random_uuid()::text, '-', ''), w.webhook_id, w.company_id, $2, $3, 'pending', 0, $4, $4, $4, '[]'::jsonb
         from gst_webhook w where w.company_id = $1 and w.events @> jsonb_build_array($2::text)
         returning delivery_id`,
        [companyId, eventType, body, at],
      );
      return rows.length;
    },

    async claimWebhookDeliveries(now, leaseUntil, limit) {
      const rows = await client.query(
        `with picked as materialized (
           select delivery_id from gst_webhook_delivery where state = 'pending' and next_attempt_at <= $1
           order by next_attempt_at limit $3 for update skip locked)
         update gst_webhook_delivery d set next_attempt_at = $2 from picked, gst_webhook w
         where d.delivery_id = picked.delivery_id and w.webhook_id = d.webhook_id and d.state = 'pending' and d.next_attempt_at <= $1
         returning d.*, w.url, w.secret`,
        [now, leaseUntil, limit],
      );
      return rows
        .map((r): ClaimedWebhookDelivery => ({ ...deliveryRow(r), url: String(r['url']), secret: String(r['secret']) }))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    async endWebhookAttempt(deliveryId, claim, end) {
      const rows = await client.query(
        `update gst_webhook_delivery set state = $3, attempts = attempts + 1, next_attempt_at = $4, recent = $5::jsonb,
           delivered_at = case when $3 = 'delivered' then $6::timestamptz else delivered_at end
         where delivery_id = $1 and state = 'pending' and next_attempt_at = $2::timestamptz
         returning delivery_id`,
        [deliveryId, claim, end.state, end.nextAttemptAt, text(end.recent), end.attempt.at],
      );
      return rows.length > 0;
    },

    async listWebhookDeliveries(companyId, webhookId, limit) {
      const rows = await client.query(
        'select * from gst_webhook_delivery where company_id = $1 and webhook_id = $2 order by created_at desc, delivery_id limit $3',
        [companyId, webhookId, limit],
      );
      return rows.map(deliveryRow);
    },

    getWebhookDelivery,

    async retryWebhookDelivery(companyId, webhookId, deliveryId, now) {
      await client.query(
        `update gst_webhook_delivery set state = 'pending', next_attempt_at = $4, retry_from = $4
         where company_id = $1 and webhook_id = $2 and delivery_id = $3 and state <> 'pending'`,
        [companyId, webhookId, deliveryId, now],
      );
      return getWebhookDelivery(companyId, webhookId, deliveryId);
    },
  };
}
