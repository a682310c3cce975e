/**
 * Brings a database to the schema the code expects, once, even when several servers start together
 * (a transaction-scoped advisory lock serialises them).
 * @module
 */
import { migrations } from './schema.js';
import type { SqlClient } from './sql-client.js';

const LOCK = 72_617_013;

/** Applies the migrations not yet applied; answers the versions it applied. */
export async function migrate(client: SqlClient): Promise<number[]> {
  return client.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK]);
    await tx.query(
      'create table if not exists gst_schema_version (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const done = new Set((await tx.query('select version from gst_schema_version')).map((r) => Number(r['version'])));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('insert into gst_schema_version (version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    const newest = Math.max(0, ...done);
    const known = migrations[migrations.length - 1]!.version;
    if (newest > known) throw new Error(`the database schema is version ${newest}, newer than this gstkit (${known}); upgrade gstkit`);
    return applied;
  });
}

/** Splits a migration script on the semicolons that end statements (the scripts hold no literals with `;`). */
function splitStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}
