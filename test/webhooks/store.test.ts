/**
 * The webhook store's contract on every store: an event becomes one delivery per subscription naming it,
 * claims taken at once by several callers never share a delivery, an attempt is recorded only under its
 * claim, and a retry by hand makes a finished delivery pending again with its id.
 */
import { describe, expect, it } from 'vitest';
import { storeAdapters } from '../support/stores.js';

const at = (s: number): string => new Date(Date.UTC(2026, 10, 14, 5, 0, s)).toISOString();
const hook = (webhookId: string, companyId: string, events: string[]) => ({
  webhookId,
  companyId,
  url: 'https://hooks.example.com/x',
  events,
  secret: 'whsec_AAAA',
  createdAt: at(0),
});

describe.each(storeAdapters())('the webhook store on %s', (_name, open) => {
  it('fans an event out to the subscriptions that name it, and claims each delivery once among concurrent callers', async () => {
    const { store, done } = await open();
    try {
      await store.addWebhook(hook('wh_a', 'acme', ['job.done', 'irn.registered']));
      await store.addWebhook(hook('wh_b', 'acme', ['irn.registered']));
      await store.addWebhook(hook('wh_c', 'beta', ['job.done']));
      expect(await store.addWebhookEvent({ companyId: 'acme', eventType: 'irn.registered', body: '{"n":1}', at: at(1) })).toBe(2);
      expect(await store.addWebhookEvent({ companyId: 'acme', eventType: 'job.failed', body: '{}', at: at(1) })).toBe(0);
      for (let i = 0; i < 30; i++) await store.addWebhookEvent({ companyId: 'acme', eventType: 'job.done', body: `{"i":${i}}`, at: at(2) });
      expect(await store.claimWebhookDeliveries(at(0), at(60), 10)).toEqual([]);
      const claims = await Promise.all([0, 1, 2, 3].map(() => store.claimWebhookDeliveries(at(5), at(60), 10)));
      const ids = claims.flat().map((d) => d.deliveryId);
      expect(ids).toHaveLength(32);
      expect(new Set(ids).size).toBe(32);
      const one = claims.flat().find((d) => d.webhookId === 'wh_b')!;
      expect(one).toMatchObject({ url: 'https://hooks.example.com/x', secret: 'whsec_AAAA', body: '{"n":1}', nextAttemptAt: at(60) });
      // Under claim: nothing is due until the lease ends.
      expect(await store.claimWebhookDeliveries(at(59), at(90), 50)).toEqual([]);
      const attempt = { at: at(6), status: 503, error: { code: 'SVC-709', message: 'HTTP 503' }, ms: 3 };
      expect(await store.endWebhookAttempt(one.deliveryId, at(59), { state: 'pending', nextAttemptAt: at(70), attempt, recent: [attempt] })).toBe(false);
      expect(await store.endWebhookAttempt(one.deliveryId, at(60), { state: 'pending', nextAttemptAt: at(70), attempt, recent: [attempt] })).toBe(true);
      // At 70 every lease of 60 has run out: all 32 are due again, the one attempted among them.
      const due = await store.claimWebhookDeliveries(at(70), at(100), 100);
      expect(due).toHaveLength(32);
      const again = due.find((d) => d.deliveryId === one.deliveryId);
      expect(again).toMatchObject({ deliveryId: one.deliveryId, attempts: 1, recent: [attempt] });
      const ok = { at: at(71), status: 204, ms: 2 };
      expect(await store.endWebhookAttempt(one.deliveryId, at(100), { state: 'delivered', nextAttemptAt: at(71), attempt: ok, recent: [attempt, ok] })).toBe(
        true,
      );
      const delivered = await store.getWebhookDelivery('acme', 'wh_b', one.deliveryId);
      expect(delivered).toMatchObject({ state: 'delivered', attempts: 2, deliveredAt: at(71) });
      expect(await store.getWebhookDelivery('beta', 'wh_b', one.deliveryId)).toBeUndefined();
      const retried = await store.retryWebhookDelivery('acme', 'wh_b', one.deliveryId, at(200));
      expect(retried).toMatchObject({ deliveryId: one.deliveryId, state: 'pending', nextAttemptAt: at(200), retryFrom: at(200) });
      expect((await store.listWebhookDeliveries('acme', 'wh_a', 100)).length).toBe(31);
      expect(await store.deleteWebhook('beta', 'wh_a')).toBe(false);
      expect(await store.deleteWebhook('acme', 'wh_a')).toBe(true);
      expect(await store.listWebhookDeliveries('acme', 'wh_a', 100)).toEqual([]);
      expect((await store.listWebhooks('acme')).map((w) => w.webhookId)).toEqual(['wh_b']);
    } finally {
      await done();
    }
  });
});
