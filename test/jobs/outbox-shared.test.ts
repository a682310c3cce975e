/**
 * The sales inquiry outbox on a PostgreSQL shared by several servers: delivery loops running at the same
 * moment on separate connections never carry one inquiry twice, and an inquiry claimed by a server that
 * died is delivered by another once the claim runs out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInquiryOutbox } from '../../src/jobs/outbox.js';
import type { Inquiry } from '../../src/ports/inquiry.js';
import type { Store } from '../../src/ports/store.js';
import { manualClock } from '../../src/sandbox/index.js';
import { openPostgresStore } from '../../src/store/index.js';
import { databaseUrl, freshDatabase, need } from '../support/services.js';

const hasPg = need(databaseUrl);

const inquiry = (n: number): Inquiry => ({
  inquiryId: `shared-${String(n).padStart(3, '0')}`,
  receivedAt: '24/11/2026 10:00:00',
  contactName: `Buyer ${n}`,
  businessName: 'Rao Traders',
  email: `buyer${n}@example.in`,
  mobile: '9876543210',
});

describe.runIf(hasPg)('sales inquiry outbox shared by servers on PostgreSQL', () => {
  let servers: Store[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await freshDatabase(databaseUrl as string);
    drop = db.drop;
    // Four servers, each with its own connection pool to the one database.
    servers = [];
    for (let i = 0; i < 4; i++) servers.push(await openPostgresStore(db.url, { max: 4 }));
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    await drop?.();
  });

  it('delivers each of 60 waiting inquiries exactly once while four servers retry at the same moment', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    for (let n = 0; n < 60; n++) {
      const i = inquiry(n);
      await servers[n % 4]!.addInquiry({ inquiryId: i.inquiryId, payload: { ...i }, state: 'pending', attempts: 1, nextAttemptAt: past, createdAt: past });
    }
    const deliveries = new Map<string, string[]>();
    const outboxes = servers.map((store, s) =>
      createInquiryOutbox({
        store,
        forwarder: {
          async forward(i) {
            deliveries.set(i.inquiryId, [...(deliveries.get(i.inquiryId) ?? []), `server-${s}`]);
            // A CRM that takes a little while: the other servers' loops run meanwhile.
            await new Promise((r) => setTimeout(r, 5 + Math.random() * 10));
          },
        },
      }),
    );
    const counts = await Promise.all(outboxes.map((o) => o.deliverDue()));
    // A second round finds nothing left.
    const second = await Promise.all(outboxes.map((o) => o.deliverDue()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(second).toEqual([0, 0, 0, 0]);
    expect(deliveries.size).toBe(60);
    const repeated = [...deliveries].filter(([, by]) => by.length > 1);
    expect(repeated).toEqual([]);
    // The work was shared, not done by one server while the others waited.
    expect(counts.filter((c) => c > 0).length).toBeGreaterThan(1);
    for (let n = 0; n < 60; n++) expect((await servers[0]!.getInquiry(inquiry(n).inquiryId))?.state).toBe('delivered');
  }, 60_000);

  it('delivers an inquiry claimed by a server that died once its claim runs out, and not before', async () => {
    const clock = manualClock(new Date());
    const i = inquiry(900);
    const now = clock.now().toISOString();
    await servers[0]!.addInquiry({ inquiryId: i.inquiryId, payload: { ...i }, state: 'pending', attempts: 1, nextAttemptAt: now, createdAt: now });
    // Server 0 claims it for a minute and dies mid-delivery.
    const [claimed] = await servers[0]!.claimDueInquiries(now, new Date(clock.now().getTime() + 60_000).toISOString(), 5);
    expect(claimed?.inquiryId).toBe(i.inquiryId);
    const delivered: string[] = [];
    const survivor = createInquiryOutbox({ store: servers[1]!, clock, forwarder: { forward: async (x) => void delivered.push(x.inquiryId) } });
    expect(await survivor.deliverDue()).toBe(0);
    clock.advance(59_000);
    expect(await survivor.deliverDue()).toBe(0);
    clock.advance(1_000);
    expect(await survivor.deliverDue()).toBe(1);
    expect(delivered).toEqual([i.inquiryId]);
    expect((await servers[2]!.getInquiry(i.inquiryId))?.state).toBe('delivered');
  }, 30_000);
});
