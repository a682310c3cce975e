/**
 * The shared store: PostgreSQL through the `pg` client (an optional peer dependency: install it
 * next to gstkit when you set DATABASE_URL). Any number of servers and workers share one database.
 * @module
 */
import { StoreUnavailableError, type Store } from '../ports/store.js';
import { createCircuit } from './circuit.js';
import type { Row, SqlClient } from './sql-client.js';
import { createSqlStore } from './sql-store.js';

/** How long one statement may take, ms, when no deadline is given (GSTKIT_DB_TIMEOUT_MS). */
export const DEFAULT_DB_TIMEOUT_MS = 5000;
/** How long opening a connection, or waiting for a free one, may take, ms (GSTKIT_DB_CONNECT_TIMEOUT_MS). */
export const DEFAULT_DB_CONNECT_TIMEOUT_MS = 5000;
/** How long calls fail at once after one ran out of time, before one is tried again, ms. */
export const DB_CIRCUIT_OPEN_MS = 1000;

export interface PostgresStoreOptions {
  /** Connections in the pool. Default 10. */
  max?: number;
  /**
   * Deadline of each statement, ms: the server cancels it (statement_timeout) and the client stops waiting
   * (a stalled network or server) at this time. Default {@link DEFAULT_DB_TIMEOUT_MS}.
   */
  timeoutMs?: number;
  /** Deadline to open a connection or get a free one from the pool, ms. Default {@link DEFAULT_DB_CONNECT_TIMEOUT_MS}. */
  connectTimeoutMs?: number;
}

/** Whether a query failed because the connection itself is gone (the server ended it, or the socket closed). */
function connectionLost(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  // 57P01-57P03: the server is shutting down or cannot take connections; 08xxx: connection exceptions.
  if (typeof code === 'string' && (/^57P0[1-3]$/.test(code) || code.startsWith('08'))) return true;
  return e instanceof Error && /Connection terminated|connection ended|ECONNRESET|EPIPE/i.test(e.message);
}

/**
 * Whether a call ran out of time: the server cancelled the statement (57014), the client stopped waiting
 * for its answer (pg's query_timeout), or no connection could be had in time.
 */
function timedOut(e: unknown): boolean {
  if (e instanceof StoreUnavailableError) return e.timedOut;
  if ((e as { code?: unknown } | null)?.code === '57014') return true;
  return e instanceof Error && /Query read timeout|timeout exceeded when trying to connect|connection timeout/i.test(e.message);
}

/** The error a caller sees: the store is unavailable when the connection is gone or a deadline ran out, else the error itself. */
function unavailableOr(e: unknown): unknown {
  if (e instanceof StoreUnavailableError) return e;
  if (timedOut(e)) return new StoreUnavailableError((e as Error).message, { timedOut: true });
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
  const timeoutMs = options.timeoutMs ?? DEFAULT_DB_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_DB_CONNECT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Every wait on the database has a deadline: a stalled server or network gives a 503, not a hang.
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    keepAlive: true,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const circuit = createCircuit({
    timedOut,
    openMs: DB_CIRCUIT_OPEN_MS,
    refuse: () => new StoreUnavailableError(`no answer within ${timeoutMs} ms a moment ago; tried again once a second`, { timedOut: true }),
  });
  const guarded = <T>(call: () => Promise<T>): Promise<T> =>
    circuit.run(async () => {
      try {
        return await call();
      } catch (e) {
        throw unavailableOr(e);
      }
    });
  const client: SqlClient = {
    // A client that timed out is released with the error, so the pool destroys it (pg-pool does).
    query: (text, params) => guarded(async () => (await pool.query(text, params ? [...params] : [])).rows as Row[]),
    transaction: (work) => guarded(() => inTransaction(work)),
    exec: (script) =>
      guarded(async () => {
        await pool.query(script);
      }),
    close: () => pool.end(),
  };
  const inTransaction: SqlClient['transaction'] = async (work) => {
    const c = await pool.connect();
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
      // A connection that timed out may still be running the statement: it is destroyed, not rolled back.
      lost ??= connectionLost(e) || timedOut(e) ? (e as Error) : undefined;
      if (!lost) await c.query('rollback').catch(() => {});
      throw lost ? unavailableOr(lost) : e;
    } finally {
      c.off('error', onError);
      // release(error) destroys the client rather than handing a dead connection to the next caller.
      c.release(lost);
    }
  };
  try {
    await client.query('select 1');
  } catch (e) {
    await pool.end().catch(() => {});
    throw new Error(`cannot reach PostgreSQL at DATABASE_URL: ${(e as Error).message}`);
  }
  return createSqlStore(client, 'postgres');
}
