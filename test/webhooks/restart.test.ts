/**
 * A restart loses no webhook delivery: events kept while the receiver hangs, with attempts cut off by the
 * shutdown, are all delivered after the PGlite data folder is opened again, each with the webhook-id it
 * carried before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteStore } from '../../src/store/pglite.js';
import { createWebhookDelivery, newWebhookSecret, storeEventSink } from '../../src/webhooks/index.js';
import { startReceiver } from '../support/webhook-receiver.js';

const dir = mkdtempSync(join(tmpdir(), 'gstkit-webhook-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const policy = { allowPrivate: true, allowHttp: true };

describe('webhook deliveries across a restart', () => {
  it('delivers every event kept before the restart, with the same ids, once the folder is opened again', async () => {
    const receiver = await startReceiver();
    receiver.answer = 'hang';
    const secret = newWebhookSecret();
    receiver.secret = secret;

    let store = await openPgliteStore(dir);
    await store.addWebhook({
      webhookId: 'wh_restart',
      companyId: 'acme',
      url: receiver.url,
      events: ['job.done'],
      secret,
      createdAt: new Date().toISOString(),
    });
    const sink = storeEventSink(store);
    for (let i = 0; i < 20; i++) await sink.emit({ type: 'job.done', companyId: 'acme', data: { jobId: `job-${i}` } });
    const first = createWebhookDelivery({ store, policy, timeoutMs: 30_000, leaseMs: 1500, pollMs: 20, batch: 4 });
    first.start();
    await receiver.waitFor(4);
    // Stopped mid-attempt: the attempts in flight are cut off, never recorded, and left to their lease.
    await first.close();
    const cutOff = new Set(receiver.received.map((r) => r.id));
    await store.close();

    store = await openPgliteStore(dir);
    const before = receiver.received.length;
    receiver.answer = 204;
    const second = createWebhookDelivery({ store, policy, pollMs: 20 });
    second.start();
    try {
      const delivered = async (): Promise<number> =>
        (await store.listWebhookDeliveries('acme', 'wh_restart', 100)).filter((d) => d.state === 'delivered').length;
      const until = Date.now() + 20_000;
      while ((await delivered()) < 20 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const rows = await store.listWebhookDeliveries('acme', 'wh_restart', 100);
      expect(rows.map((r) => r.state)).toEqual(Array(20).fill('delivered'));
      // After the restart, each delivery was sent once and acknowledged.
      const after = receiver.received.slice(before);
      expect(after).toHaveLength(20);
      expect(new Set(after.map((r) => r.id))).toEqual(new Set(rows.map((r) => r.deliveryId)));
      // The attempts cut off were made again with the ids they had.
      for (const id of cutOff) expect(receiver.received.filter((r) => r.id === id).length).toBe(2);
      expect(new Set(receiver.received.map((r) => r.event.data['jobId']))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => `job-${i}`)));
      expect(receiver.received.every((r) => r.verified)).toBe(true);
    } finally {
      await second.close();
      await store.close();
      await receiver.close();
    }
  }, 60_000);
});
