/**
 * The shared store: PostgreSQL through the `pg` client (an optional peer dependency: install it
 * next to gstkit when you set DATABASE_URL). Any number of servers and workers share one database.
 * @module
 */
import type { Store } from '../ports/store.js';
import type { Row, SqlClient } from './sql-client.js';
import { createSqlStore } from './sql-store.js';

export interface PostgresStoreOptions {
  /** Connections in the pool. Default 10. */
  max?: number;
}

/** Connects to `url` (postgres://...), brings the schema up to date and answers the store. */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<Store> {
  let pg: typeof import('pg');
  try {
    pg = (await import('pg')).default as unknown as typeof import('pg');
  } catch {
    throw new Error('DATABASE_URL is set but the "pg" package is not installed: npm install pg');
  }
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const client: SqlClient = {
    query: async (text, params) => (await pool.query(text, params ? [...params] : [])).rows as Row[],
    transaction: async (work) => {
      const c = await pool.connect();
      try {
        await c.query('begin');
        const out = await work({ query: async (text, params) => (await c.query(text, params ? [...params] : [])).rows as Row[] });
        await c.query('commit');
        return out;
      } catch (e) {
        await c.query('rollback').catch(() => {});
        throw e;
      } finally {
        c.release();
      }
    },
    exec: async (script) => {
      await pool.query(script);
    },
    close: () => pool.end(),
  };
  try {
    await client.query('select 1');
  } catch (e) {
    await pool.end().catch(() => {});
    throw new Error(`cannot reach PostgreSQL at DATABASE_URL: ${(e as Error).message}`);
  }
  return createSqlStore(client, 'postgres');
}
