/**
 * The sales inquiry outbox: a CRM that is down costs the caller BACKEND_ERROR with a reference, never the
 * inquiry; it is kept in the store and delivered later with growing pauses, also after a restart.
 */
import { describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { createInquiryOutbox } from '../../src/jobs/outbox.js';
import type { Inquiry } from '../../src/ports/inquiry.js';
import { createSandbox, manualClock } from '../../src/sandbox/index.js';
import { createMemoryStore } from '../../src/store/index.js';

const form = {
  contactName: 'Asha Rao',
  businessName: 'Rao Traders',
  email: 'asha@example.in',
  mobile: '9876543210',
  turnstileToken: 'token',
};

describe('sales inquiry outbox', () => {
  it('keeps an inquiry the CRM refused and delivers it once the CRM is back, after a restart', async () => {
    const store = createMemoryStore();
    const clock = manualClock(new Date('2026-11-10T06:30:00Z'));
    let crmUp = false;
    const delivered: Inquiry[] = [];
    const crm = {
      async forward(inquiry: Inquiry) {
        if (!crmUp) throw new Error('the CRM could not be reached');
        delivered.push(inquiry);
      },
    };
    const sandbox = createSandbox({ companies: { acme: ['29AAGCM4821K1Z6'] }, store, clock });
    const outbox = createInquiryOutbox({ store, forwarder: crm, clock, backoffMs: (n) => 60_000 * n });
    const handler = createGstHandler({
      ...sandbox.providers,
      authenticate: () => ({ ok: false, status: 401, message: 'no' }),
      deal: { captcha: { verify: async () => ({ ok: true }) }, ...outbox.deal },
    });
    const res = await handler(
      new Request('http://x/api/deal', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) }),
    );
    const body = (await res.json()) as { success: boolean; code?: string; resolution?: string };
    expect(res.status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'BACKEND_ERROR' });
    const due = await store.dueInquiries('9999-01-01T00:00:00.000Z', 10);
    expect(due).toHaveLength(1);
    // The caller is given the reference the inquiry is kept under.
    expect(body.resolution).toContain(due[0]!.inquiryId);
    expect(due[0]).toMatchObject({ state: 'pending', attempts: 1, lastError: 'the CRM could not be reached' });
    expect(due[0]!.payload).toMatchObject({ email: 'asha@example.in' });

    // Not due before its pause; still down at the next try: the pause grows.
    expect(await outbox.deliverDue()).toBe(0);
    clock.advance(60_000);
    expect(await outbox.deliverDue()).toBe(0);
    const retried = await store.getInquiry(due[0]!.inquiryId);
    expect(retried).toMatchObject({ attempts: 2, state: 'pending' });
    expect(Date.parse(retried!.nextAttemptAt) - clock.now().getTime()).toBe(120_000);

    // A restart: a new outbox over the same store; the CRM is back.
    await outbox.close();
    crmUp = true;
    const again = createInquiryOutbox({ store, forwarder: crm, clock, backoffMs: (n) => 60_000 * n });
    clock.advance(120_000);
    expect(await again.deliverDue()).toBe(1);
    expect(delivered.map((d) => d.email)).toEqual(['asha@example.in']);
    expect((await store.getInquiry(due[0]!.inquiryId))?.state).toBe('delivered');
    clock.advance(3_600_000);
    expect(await again.deliverDue()).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it('marks an inquiry delivered at once when the CRM takes it on the first try', async () => {
    const store = createMemoryStore();
    const outbox = createInquiryOutbox({ store, forwarder: { forward: async () => {} } });
    const inquiry: Inquiry = {
      inquiryId: 'i-1',
      receivedAt: '10/11/2026 12:00:00',
      contactName: 'A',
      businessName: 'B',
      email: 'a@b.in',
      mobile: '9876543210',
    };
    await outbox.deal.onInquiry!(inquiry);
    await outbox.deal.forwarder!.forward(inquiry);
    expect((await store.getInquiry('i-1'))?.state).toBe('delivered');
  });
});
