/**
 * A full disk, told apart from other failures: PostgreSQL's SQLSTATE 53100 (disk_full: "could not extend
 * file ...: No space left on device", which PGlite raises too) and the operating system's ENOSPC. Such a
 * call wrote nothing; reads still work; writes work again once space is freed.
 * @module
 */
import { StoreFullError } from '../ports/store.js';
import type { SqlClient } from './sql-client.js';

/** Whether `e` says the disk is full. */
export function isDiskFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === '53100' || code === 'ENOSPC') return true;
  return e instanceof Error && /No space left on device|ENOSPC/i.test(e.message);
}

/** The error a caller sees: {@link StoreFullError} for a full disk, else the error itself. */
export function fullOr(e: unknown): unknown {
  return isDiskFull(e) && !(e instanceof StoreFullError) ? new StoreFullError((e as Error).message) : e;
}

/** The client with every failure for a full disk raised as {@link StoreFullError}. */
export function reportingDiskFull(client: SqlClient): SqlClient {
  const mapped = <T>(call: () => Promise<T>): Promise<T> =>
    call().catch((e: unknown) => {
      throw fullOr(e);
    });
  return {
    query: (text, params) => mapped(() => client.query(text, params)),
    transaction: (work) => mapped(() => client.transaction(work)),
    exec: (script) => mapped(() => client.exec(script)),
    close: () => client.close(),
  };
}
