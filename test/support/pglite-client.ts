/** A bare PGlite database as a SqlClient, with no migrations run: for tests that build an old schema by hand. */
import { PGlite } from '@electric-sql/pglite';
import type { Row, SqlClient } from '../../src/store/sql-client.js';

export async function barePglite(): Promise<SqlClient & { close(): Promise<void> }> {
  const db = await PGlite.create();
  const run = async (
    target: { query: (t: string, p?: unknown[]) => Promise<{ rows: unknown[] }> },
    text: string,
    params?: readonly unknown[],
  ): Promise<Row[]> => (await target.query(text, params ? [...params] : undefined)).rows as Row[];
  return {
    query: (text, params) => run(db, text, params),
    transaction: (work) => db.transaction((tx) => work({ query: (text, params) => run(tx, text, params) })),
    exec: async (script) => {
      await db.exec(script);
    },
    close: () => db.close(),
  };
}
