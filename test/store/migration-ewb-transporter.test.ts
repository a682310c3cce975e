/**
 * Migration 2 on a database made by an earlier gstkit: the e-waybills already stored get their assigned
 * transporter from their Part-A, so they appear in the transporter's list after the upgrade.
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/migrate.js';
import { migrations } from '../../src/store/schema.js';
import { barePglite as pglite } from '../support/pglite-client.js';

describe('migration 2 (e-waybill transporter)', () => {
  it('fills in the transporter of e-waybills stored before it', async () => {
    const client = await pglite();
    try {
      // A version-1 database, as the first release left it.
      await client.exec(migrations[0]!.sql);
      await client.exec(
        "create table gst_schema_version (version integer primary key, name text not null, applied_at timestamptz not null default now()); insert into gst_schema_version (version, name) values (1, 'v1')",
      );
      const insert = `insert into gst_ewb (ewb_no, company_id, gen_gstin, from_gstin, to_gstin, doc_type, doc_key, gen_date, status, entry) values ($1, 'acme', '33AAHCT2290K1Z6', '33AAHCT2290K1Z6', '33AAEFV6613B1ZL', 'INV', $2, '14/11/2026', 'ACT', $3::jsonb)`;
      await client.query(insert, ['300000000001', 'A/1', JSON.stringify({ partA: { transporterId: '33AAFCP8841N1ZX' } })]);
      await client.query(insert, ['300000000002', 'A/2', JSON.stringify({ partA: { transporterId: '' } })]);
      await client.query(insert, ['300000000003', 'A/3', JSON.stringify({ partA: {} })]);

      expect(await migrate(client)).toEqual(migrations.slice(1).map((m) => m.version));
      const rows = await client.query('select ewb_no, transporter_id from gst_ewb order by ewb_no');
      expect(rows.map((r) => [r['ewb_no'], r['transporter_id']])).toEqual([
        ['300000000001', '33AAFCP8841N1ZX'],
        ['300000000002', null],
        ['300000000003', null],
      ]);
      expect(await migrate(client)).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
