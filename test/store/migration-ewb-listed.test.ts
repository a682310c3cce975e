/**
 * Migration 8 on a database made by the gstkit before it (schema version 7, e-waybills stored without their
 * listed fields): after the upgrade the store opens, keeps every e-waybill, and the four day lists answer
 * exactly what they answer for the same e-waybills written by this gstkit; a later change gives an old
 * e-waybill its listed fields.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EwbRow, Store } from '../../src/ports/store.js';
import { createSandbox, createSigningIdentity, manualClock, parseIst, type ManualClock, type Sandbox } from '../../src/sandbox/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { migrations, schemaVersion } from '../../src/store/schema.js';
import { createSqlStore } from '../../src/store/sql-store.js';
import { barePglite } from '../support/pglite-client.js';

const G = '33AAHCT2290K1Z6';
const R = '33AAEFV6613B1ZL';
const T = '33AAFCP8841N1ZX';
const DAY = '14/11/2026';
const example = JSON.parse(readFileSync(new URL('../../docs/examples/ewb.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const identity = createSigningIdentity();

/** A sandbox over `store` with one company owning the consignor, the consignee and the transporter. */
function sandboxOn(store: Store, clock: ManualClock): Sandbox {
  return createSandbox({ companies: { acme: [G, R, T] }, clock, identity, store, seed: 7 });
}

/** Every day list of DAY, as the portal answers them (pages joined). */
async function lists(s: Sandbox): Promise<Record<string, unknown>> {
  const ctx = { company: s.companies.get('acme')! };
  const whole = async (out: unknown): Promise<unknown[]> => {
    const value = (out as { ok: true; value: unknown[] | AsyncIterable<unknown[]> }).value;
    if (Array.isArray(value)) return value;
    const all: unknown[] = [];
    for await (const page of value) all.push(...page);
    return all;
  };
  return {
    byDate: await whole(await s.ewb.listByDate(ctx, G, DAY)),
    otherParty: await whole(await s.ewb.listOfOtherParty(ctx, R, DAY)),
    transporter: await whole(await s.ewb.listForTransporter!(ctx, T, DAY)),
    rejected: await whole(await s.ewb.listRejectedByOthers!(ctx, G, DAY)),
  };
}

describe('migration 8 (listed fields of e-waybills)', () => {
  it('keeps the e-waybills of a version-7 store, lists them as before, and gives an old one its listed fields at its next change', async () => {
    // The e-waybills, written by this gstkit into a memory store: 1,200 of them (more than two pages of a list),
    // a few rejected, cancelled, handed to another transporter, and one Part-A slip.
    const reference = createMemoryStore();
    const clock = manualClock(parseIst(`${DAY} 09:00:00`)!);
    const made = sandboxOn(reference, clock);
    const ctx = { company: made.companies.get('acme')! };
    const numbers: string[] = [];
    for (let i = 0; i < 1200; i++) {
      const partA = i === 5 ? { ...example, docNo: `M/${i}`, vehicleNo: '' } : { ...example, docNo: `M/${i}` };
      const out = await made.ewb.issue(ctx, G, partA);
      if (!out.ok) throw new Error(JSON.stringify(out.errors));
      numbers.push(out.value.ewbNo);
    }
    for (const n of [numbers[1]!, numbers[700]!]) expect((await made.ewb.reject!(ctx, R, { ewbNo: Number(n) } as never)).ok).toBe(true);
    expect((await made.ewb.cancel(ctx, G, { ewbNo: numbers[2]!, cancelRsnCode: '1', cancelRmrk: 'x' })).ok).toBe(true);
    expect((await made.ewb.updateTransporter!(ctx, G, { ewbNo: Number(numbers[3]), transporterId: '29AABCS1429B1ZQ' } as never)).ok).toBe(true);
    const expected = await lists(made);
    expect((expected['byDate'] as unknown[]).length).toBe(1199);
    expect((expected['rejected'] as unknown[]).length).toBe(2);

    // The same rows in a version-7 database, as the gstkit before migration 8 stored them.
    const client = await barePglite();
    try {
      for (const m of migrations.filter((m) => m.version <= 7)) await client.exec(m.sql);
      await client.exec(
        "create table gst_schema_version (version integer primary key, name text not null, applied_at timestamptz not null default now()); insert into gst_schema_version (version, name) select g, 'v' || g from generate_series(1, 7) g",
      );
      for (const n of numbers) {
        const row = (await reference.getEwb(n)) as EwbRow;
        await client.query(
          `insert into gst_ewb (ewb_no, company_id, gen_gstin, from_gstin, to_gstin, doc_type, doc_key, gen_date, status, irn, entry, transporter_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)`,
          [
            row.ewbNo,
            row.companyId,
            row.genGstin,
            row.fromGstin,
            row.toGstin,
            row.docType,
            row.docKey,
            row.genDate,
            row.status,
            row.irn ?? null,
            JSON.stringify(row.entry),
            row.transporterId ?? null,
          ],
        );
      }
      await client.query("insert into gst_counter (name, value) values ('ewb-no', 99999999)");

      const store = await createSqlStore(client, 'pglite');
      expect((await client.query('select max(version) as v from gst_schema_version'))[0]!['v']).toBe(schemaVersion);
      expect(Number((await client.query('select count(*) as n from gst_ewb where listed is null'))[0]!['n'])).toBe(1200);
      clock.set(parseIst(`${DAY} 18:00:00`)!);
      const upgraded = sandboxOn(store, clock);
      expect(await lists(upgraded)).toEqual(await lists(made));

      // A change to an old e-waybill writes its listed fields, and the lists still agree.
      const uctx = { company: upgraded.companies.get('acme')! };
      expect((await upgraded.ewb.reject!(uctx, R, { ewbNo: Number(numbers[900]) } as never)).ok).toBe(true);
      expect((await made.ewb.reject!(ctx, R, { ewbNo: Number(numbers[900]) } as never)).ok).toBe(true);
      expect((await client.query('select listed->>$2 as r from gst_ewb where ewb_no = $1', [numbers[900], 'rejectStatus']))[0]!['r']).toBe('Y');
      const after = await lists(upgraded);
      expect((after['rejected'] as unknown[]).length).toBe(3);
      expect(after).toEqual(await lists(made));
    } finally {
      await client.close();
    }
  }, 180_000);
});
