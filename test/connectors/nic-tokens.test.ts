import { afterEach, describe, expect, it } from 'vitest';
import { createNicEwbProvider, createNicIrpProvider } from '../../src/connectors/nic/index.js';
import type { FakeNic } from '../support/fake-nic.js';
import { ctx, ewbRequest, invoice, options, SELLER, SHIPPER, startFake } from './helpers.js';

describe('NIC sessions', () => {
  let fake: FakeNic | undefined;
  afterEach(async () => {
    await fake?.stop();
    fake = undefined;
  });

  it('logs in once per GSTIN however many calls start together', async () => {
    fake = await startFake();
    const irp = createNicIrpProvider(options(fake));
    const outs = await Promise.all(Array.from({ length: 30 }, (_, i) => irp.generateIrn(ctx, invoice(`T/${i}`))));
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(fake.logins).toEqual([{ service: 'einv', gstin: SELLER, force: false }]);
    const ewb = createNicEwbProvider(options(fake));
    await Promise.all([ewb.listByDate(ctx, SHIPPER, '01/11/2026'), ewb.listByDate(ctx, SHIPPER, '02/11/2026'), ewb.listByDate(ctx, SELLER, '02/11/2026')]);
    expect(
      fake.logins
        .filter((l) => l.service === 'ewb')
        .map((l) => l.gstin)
        .sort(),
    ).toEqual([SELLER, SHIPPER].sort());
  });

  it('renews the e-invoice token before it expires, with ForceRefreshAccessToken', async () => {
    let now = Date.parse('2026-11-20T05:00:00Z');
    const clock = (): number => now;
    fake = await startFake({ now: clock });
    const irp = createNicIrpProvider(options(fake, { now: clock, renewBeforeMs: 5 * 60_000 }));
    expect((await irp.generateIrn(ctx, invoice('R/1'))).ok).toBe(true);
    now += 50 * 60_000;
    expect((await irp.generateIrn(ctx, invoice('R/2'))).ok).toBe(true);
    expect(fake.logins).toHaveLength(1);
    now += 6 * 60_000; // 56 minutes into a 60-minute token
    expect((await irp.generateIrn(ctx, invoice('R/3'))).ok).toBe(true);
    expect(fake.logins.map((l) => l.force)).toEqual([false, true]);
  });

  it('logs in again once when the portal says the token expired (1005), then succeeds', async () => {
    fake = await startFake();
    const irp = createNicIrpProvider(options(fake));
    expect((await irp.generateIrn(ctx, invoice('X/1'))).ok).toBe(true);
    fake.expireTokens();
    const outs = await Promise.all([irp.generateIrn(ctx, invoice('X/2')), irp.generateIrn(ctx, invoice('X/3')), irp.getIrn(ctx, SELLER, 'b'.repeat(64))]);
    expect(outs[0].ok && outs[1].ok).toBe(true);
    expect(outs[2]).toMatchObject({ ok: false, errors: [{ code: '2154' }] });
    expect(fake.logins).toHaveLength(2);
  });

  it('does not loop when the portal keeps refusing a fresh token', async () => {
    fake = await startFake({ tokenLifetimeMs: -1 }); // every token is born expired
    const irp = createNicIrpProvider(options(fake));
    const out = await irp.generateIrn(ctx, invoice('X/9'));
    expect(out).toMatchObject({ ok: false, errors: [{ code: '1005' }] });
    expect(fake.logins).toHaveLength(2);
  });

  it('logs in again on the e-waybill codes 238 (superseded) and 106 (expired)', async () => {
    fake = await startFake();
    const ewb = createNicEwbProvider(options(fake));
    const first = await ewb.generate(ctx, SHIPPER, ewbRequest());
    expect(first.ok).toBe(true);
    // Another client logs in with the same user: the first token is superseded (238).
    const other = createNicEwbProvider(options(fake));
    expect((await other.listByDate(ctx, SHIPPER, '01/11/2026')).ok).toBe(true);
    const detail = first.ok ? await ewb.get(ctx, SHIPPER, first.value.EwbNo) : undefined;
    expect(detail?.ok).toBe(true);
    expect(ewb.loginCount).toBe(2);
    fake.expireTokens(); // 106
    expect((await ewb.listByDate(ctx, SHIPPER, '01/11/2026')).ok).toBe(true);
    expect(ewb.loginCount).toBe(3);
  });
});
