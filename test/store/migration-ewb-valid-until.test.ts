/**
 * Migration 13 on a database made by the gstkit before it (schema version 12): the e-waybills already stored
 * get the end of their validity from their entries, so the watch pass finds the ones ending soon by index.
 */
import { describe, expect, it } from 'vitest';
import { migrations, schemaVersion } from '../../src/store/schema.js';
import { createSqlStore } from '../../src/store/sql-store.js';
import { barePglite } from '../support/pglite-client.js';

describe('migration 13 (when e-waybills stop being valid)', () => {
  it('fills the end of validity of stored e-waybills, and leaves it empty without a readable validUpto', async () => {
    const client = await barePglite();
    try {
      for (const m of migrations.filter((m) => m.version <= 12)) await client.exec(m.sql);
      await client.exec(
        "create table gst_schema_version (version integer primary key, name text not null, applied_at timestamptz not null default now()); insert into gst_schema_version (version, name) select g, 'v' || g from generate_series(1, 12) g",
      );
      const insert = (ewbNo: string, entry: Record<string, unknown>, status = 'ACT') =>
        client.query(
          `insert into gst_ewb (ewb_no, company_id, gen_gstin, from_gstin, to_gstin, doc_type, doc_key, gen_date, status, entry)
           values ($1, 'acme', '29AAGCK4821M1Z4', '29AAGCK4821M1Z4', '33AAHCT2290K1Z6', 'INV', $1, '27/11/2026', $2, $3::jsonb)`,
          [ewbNo, status, JSON.stringify(entry)],
        );
      await insert('381000000001', { validUpto: '28/11/2026 23:59:00' });
      await insert('381000000002', {});
      await insert('381000000003', { validUpto: 'tomorrow' });
      await insert('381000000004', { validUpto: '28/11/2026 23:59:00' }, 'CNL');

      const store = await createSqlStore(client, 'pglite');
      expect((await client.query('select max(version) as v from gst_schema_version'))[0]!['v']).toBe(schemaVersion);
      const rows = await client.query('select ewb_no, valid_until from gst_ewb order by ewb_no');
      expect(rows.map((r) => [r['ewb_no'], r['valid_until'] === null ? null : Number(r['valid_until'])])).toEqual([
        ['381000000001', Date.parse('2026-11-28T18:30:00Z')],
        ['381000000002', null],
        ['381000000003', null],
        ['381000000004', Date.parse('2026-11-28T18:30:00Z')],
      ]);
      const ending = await store.ewbsEndingBetween(Date.parse('2026-11-28T10:00:00Z'), Date.parse('2026-11-29T02:00:00Z'), 10);
      expect(ending.map((r) => r.ewbNo)).toEqual(['381000000001']);
    } finally {
      await client.close();
    }
  });
});
