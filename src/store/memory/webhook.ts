/**
 * Webhook subscriptions and their delivery outbox in memory, with the SQL store's behaviour (the contract
 * suite runs on both).
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { ClaimedWebhookDelivery, WebhookDeliveryRow, WebhookRow, WebhookStore } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The webhook store in memory; its maps report to the transaction open in `slot`. */
export function memoryWebhookStore(slot: JournalSlot): WebhookStore {
  const webhooks = new JournaledMap<string, WebhookRow>(slot);
  const deliveries = new JournaledMap<string, WebhookDeliveryRow>(slot);
  const ofCompany = (companyId: string, webhookId: string, deliveryId: string): WebhookDeliveryRow | undefined => {
    const d = deliveries.get(deliveryId);
    return d && d.companyId === companyId && d.webhookId === webhookId ? d : undefined;
  };
  return {
    async addWebhook(row) {
      if (webhooks.has(row.webhookId)) throw new Error(`webhook ${row.webhookId} exists`);
      webhooks.set(row.webhookId, copyRow(row));
    },
    async listWebhooks(companyId) {
      return [...webhooks.values()]
        .filter((w) => w.companyId === companyId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.webhookId.localeCompare(b.webhookId))
        .map(copyRow);
    },
    async getWebhook(companyId, webhookId) {
      const w = webhooks.get(webhookId);
      return w && w.companyId === companyId ? copyRow(w) : undefined;
    },
    async deleteWebhook(companyId, webhookId) {
      const w = webhooks.get(webhookId);
      if (!w || w.companyId !== companyId) return false;
      webhooks.delete(webhookId);
      for (const [id, d] of [...deliveries]) if (d.webhookId === webhookId) deliveries.delete(id);
      return true;
    },
    async addWebhookEvent({ companyId, eventType, body, at }) {
      let added = 0;
      for (const w of webhooks.values()) {
        if (w.companyId !== companyId || !w.events.includes(eventType)) continue;
        const deliveryId = `msg_${randomUUID().replace(/-/g, '')}`;
        deliveries.set(deliveryId, {
          deliveryId,
          webhookId: w.webhookId,
          companyId,
          eventType,
          body,
          state: 'pending',
          attempts: 0,
          nextAttemptAt: at,
          retryFrom: at,
          createdAt: at,
          recent: [],
        });
        added++;
      }
      return added;
    },
    async claimWebhookDeliveries(now, leaseUntil, limit) {
      const due = [...deliveries.values()]
        .filter((d) => d.state === 'pending' && d.nextAttemptAt <= now && webhooks.has(d.webhookId))
        .sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt))
        .slice(0, limit);
      const claimed: ClaimedWebhookDelivery[] = [];
      for (const d of due) {
        deliveries.set(d.deliveryId, { ...d, nextAttemptAt: leaseUntil });
        const w = webhooks.get(d.webhookId)!;
        claimed.push({ ...copyRow(d), nextAttemptAt: leaseUntil, url: w.url, secret: w.secret });
      }
      return claimed.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    async endWebhookAttempt(deliveryId, claim, end) {
      const d = deliveries.get(deliveryId);
      if (d?.state !== 'pending' || d.nextAttemptAt !== claim) return false;
      deliveries.set(deliveryId, {
        ...d,
        state: end.state,
        attempts: d.attempts + 1,
        nextAttemptAt: end.nextAttemptAt,
        recent: copyRow(end.recent),
        ...(end.state === 'delivered' ? { deliveredAt: end.attempt.at } : {}),
      });
      return true;
    },
    async listWebhookDeliveries(companyId, webhookId, limit) {
      return [...deliveries.values()]
        .filter((d) => d.companyId === companyId && d.webhookId === webhookId)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.deliveryId.localeCompare(b.deliveryId))
        .slice(0, limit)
        .map(copyRow);
    },
    async getWebhookDelivery(companyId, webhookId, deliveryId) {
      const d = ofCompany(companyId, webhookId, deliveryId);
      return d ? copyRow(d) : undefined;
    },
    async retryWebhookDelivery(companyId, webhookId, deliveryId, now) {
      const d = ofCompany(companyId, webhookId, deliveryId);
      if (!d) return undefined;
      if (d.state !== 'pending') deliveries.set(deliveryId, { ...d, state: 'pending', nextAttemptAt: now, retryFrom: now });
      return copyRow(deliveries.get(deliveryId)!);
    },
  };
}
