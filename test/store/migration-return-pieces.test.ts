/**
 * Migration 6 on a database made by an earlier gstkit: each pulled return stored whole becomes one piece,
 * read back the same, and its document count is unknown (an export then counts it by reading it).
 */
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/store/schema.js';
import { barePglite as pglite } from '../support/pglite-client.js';
import { createSqlStore } from '../../src/store/sql-store.js';

describe('migration 6 (returns in pieces)', () => {
  it('keeps every return stored before it, readable whole and in pieces', async () => {
    const client = await pglite();
    // A version-5 database holding two pulled returns.
    for (const m of migrations.filter((m) => m.version <= 5)) await client.exec(m.sql);
    await client.exec(
      "create table gst_schema_version (version integer primary key, name text not null, applied_at timestamptz not null default now()); insert into gst_schema_version (version, name) values (1, 'v1'), (2, 'v2'), (3, 'v3'), (4, 'v4'), (5, 'v5')",
    );
    const insert =
      "insert into gst_return (company_id, gstin, return_type, period, pulled_at, json) values ('acme', '27AAPFU0939F1ZV', $1, '2025-07', '2025-08-01T00:00:00Z', $2)";
    const old2b = JSON.stringify({ data: { docdata: { b2b: [{ ctin: '29AAACB2894G1ZJ', inv: [{ inum: 'A/1' }] }] } } });
    await client.query(insert, ['gstr2b', old2b]);
    await client.query(insert, ['gstr2a', '{"b2b":[]}']);

    const store = await createSqlStore(client, 'pglite');
    try {
      const whole = await store.getReturn('acme', '27AAPFU0939F1ZV', 'gstr2b', '2025-07');
      expect(whole).toMatchObject({ json: old2b, pulledAt: '2025-08-01T00:00:00.000Z' });
      expect(whole?.documents).toBeUndefined();
      const info = await store.getReturnInfo('acme', '27AAPFU0939F1ZV', 'gstr2a', '2025-07');
      expect(info).toMatchObject({ pieces: 1 });
      expect(await store.getReturnPiece(info!.version, 0)).toBe('{"b2b":[]}');
      // A new pull replaces the migrated copy like any other.
      await store.putReturn({
        companyId: 'acme',
        gstin: '27AAPFU0939F1ZV',
        returnType: 'gstr2a',
        period: '2025-07',
        pulledAt: '2025-09-01T00:00:00Z',
        json: '{"b2b":[{}]}',
        documents: 1,
      });
      expect(await store.getReturnPiece(info!.version, 0)).toBeUndefined();
      expect((await store.getReturn('acme', '27AAPFU0939F1ZV', 'gstr2a', '2025-07'))?.json).toBe('{"b2b":[{}]}');
    } finally {
      await store.close();
    }
  }, 60_000);
});
