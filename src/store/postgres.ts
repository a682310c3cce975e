/**
 * The shared store: PostgreSQL through the `pg` client (an optional peer dependency: install it
 * next to gstkit when you set DATABASE_URL). Any number of servers and workers share one database.
 * @module
 */
import { StoreUnavailableError, type Store } from '../ports/store.js';
import type { Row, SqlClient } from './sql-client.js';
import { createSqlStore } from './sql-store.js';

export interface PostgresStoreOptions {
  /** Connections in the pool. Default 10. */
  max?: number;
}

/** Whether a query failed because the connection itself is gone (the server ended it, or the socket closed). */
function connectionLost(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  // 57P01-57P03: the server is shutting down or cannot take connections; 08xxx: connection exceptions.
  if (typeof code === 'string' && (/^57P0[1-3]$/.test(code) || code.startsWith('08'))) return true;
  return e instanceof Error && /Connection terminated|connection ended|ECONNRESET|EPIPE/i.test(e.message);
}

/** The error a caller sees: the store is unavailable when the connection is gone, else the error itself. */
function unavailableOr(e: unknown): unknown {
  return connectionLost(e) || (e as { code?: unknown } | null)?.code === 'ECONNREFUSED' ? new StoreUnavailableError((e as Error).message) : e;
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
    query: async (text, params) => {
      try {
        return (await pool.query(text, params ? [...params] : [])).rows as Row[];
      } catch (e) {
        throw unavailableOr(e);
      }
    },
    transaction: async (work) => {
      const c = await pool.connect().catch((e: unknown) => {
        throw unavailableOr(e);
      });
      // A client checked out of the pool has no listener of the pool's: without one, the database closing
      // the connection (a restart, a failover, pg_terminate_backend) is an unhandled 'error' event that
      // ends the process. The transaction's own query fails instead, and the broken client is discarded.
      let lost: Error | undefined;
      const onError = (e: Error): void => {
        lost = e;
      };
      c.on('error', onError);
      try {
        await c.query('begin');
        const out = await work({ query: async (text, params) => (await c.query(text, params ? [...params] : [])).rows as Row[] });
        await c.query('commit');
        return out;
      } catch (e) {
        lost ??= connectionLost(e) ? (e as Error) : undefined;
        if (!lost) await c.query('rollback').catch(() => {});
        throw lost ? new StoreUnavailableError(lost.message) : e;
      } finally {
        c.off('error', onError);
        // release(error) destroys the client rather than handing a dead connection to the next caller.
        c.release(lost);
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
