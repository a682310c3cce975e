/**
 * Store adapters behind the {@link Store} port: in memory, PGlite in a data folder (the embedded
 * default), and PostgreSQL (shared by many servers). `openStore` picks one from the environment.
 *
 * @example
 * const store = await openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: './.gstkit-data' });
 * @module
 */
import type { Store } from '../ports/store.js';
import { createMemoryStore } from './memory.js';
import { DEFAULT_DATA_DIR, openPgliteStore } from './pglite.js';
import { openPostgresStore, type PostgresStoreOptions } from './postgres.js';

export type { Store } from '../ports/store.js';
export { createMemoryStore } from './memory.js';
export { openPgliteStore, DEFAULT_DATA_DIR, type PgliteStoreOptions } from './pglite.js';
export { openPostgresStore, DEFAULT_DB_TIMEOUT_MS, DEFAULT_DB_CONNECT_TIMEOUT_MS, type PostgresStoreOptions } from './postgres.js';
export { migrations, schemaVersion, type Migration } from './schema.js';
export { storeReturns } from './returns.js';
export { createMemoryReturnStore } from './memory-returns.js';
export {
  startAuditRetention,
  parseAuditRetention,
  DEFAULT_AUDIT_RETENTION_DAYS,
  AUDIT_PRUNE_INTERVAL_MS,
  type AuditRetention,
  type AuditRetentionOptions,
} from './audit-retention.js';

export interface OpenStoreOptions {
  /** postgres://... : the shared PostgreSQL store. */
  databaseUrl?: string;
  /** PGlite data folder when no database URL is given; `memory://` keeps nothing. Default `./.gstkit-data`. */
  dataDir?: string;
  /** `memory` forces the in-memory store. */
  kind?: 'memory';
  /** PGlite in a thread of its own (see {@link PgliteStoreOptions}). Default true. */
  pgliteThread?: boolean;
  /** PostgreSQL's deadlines (see {@link PostgresStoreOptions}). */
  postgres?: Pick<PostgresStoreOptions, 'timeoutMs' | 'connectTimeoutMs'>;
}

/** Opens the store a server's settings name: PostgreSQL, else PGlite in the data folder. */
export async function openStore(options: OpenStoreOptions = {}): Promise<Store> {
  if (options.kind === 'memory') return createMemoryStore();
  if (options.databaseUrl) return openPostgresStore(options.databaseUrl, options.postgres ?? {});
  return openPgliteStore(options.dataDir ?? DEFAULT_DATA_DIR, { thread: options.pgliteThread ?? true });
}
