/**
 * How PGlite is started: its PostgreSQL settings and how byte strings cross into it and back.
 * @module
 */
import type { PGliteOptions } from '@electric-sql/pglite';

/** PostgreSQL's type id of bytea. */
const BYTEA = 17;

/**
 * `postgresql.conf` lines. PostgreSQL's default shared_buffers (128 MB) is allocated and touched inside
 * PGlite's WebAssembly memory when it starts, so it would sit in the server's RSS for good (WebAssembly
 * memory never shrinks); one embedded connection does not need it, and the operating system's file cache
 * still holds the data folder. Measured on an opened store: about 250 MB of RSS with the defaults, about
 * 120 MB with these.
 */
export const PGLITE_SETTINGS: readonly string[] = [
  'shared_buffers = 16MB',
  'wal_buffers = 1MB',
  'maintenance_work_mem = 16MB',
  'temp_buffers = 2MB',
  // The log files kept for reuse after a checkpoint (pglite-upkeep.ts runs them): two or three segments,
  // not the 80 MB to 1 GB a server with a checkpointer of its own keeps.
  'min_wal_size = 32MB',
  'max_wal_size = 64MB',
];

/**
 * bytea as hex text through Node's Buffer. PGlite's own conversion builds one JavaScript string per byte:
 * a 1 MiB file chunk took about a tenth of a second and tens of MB of garbage each way.
 */
const byteaSerializer = (value: unknown): string => {
  if (!(value instanceof Uint8Array)) throw new Error('a bytea value must be a Uint8Array');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
};
const byteaParser = (text: string): Uint8Array => Buffer.from(text.slice(2), 'hex');

/** The options every PGlite store is created with. */
export function pgliteOptions(): PGliteOptions {
  return {
    postgresqlconf: [...PGLITE_SETTINGS],
    serializers: { [BYTEA]: byteaSerializer },
    parsers: { [BYTEA]: byteaParser },
  };
}
