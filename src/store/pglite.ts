/**
 * The embedded store: PGlite (PostgreSQL compiled to WebAssembly) in a data folder, so the reference
 * server keeps its records across restarts with no database to install. One process owns a folder at a
 * time; a lock file says which, and a second process is refused with a clear message.
 * @module
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../ports/store.js';
import type { Row, SqlClient, SqlQuery } from './sql-client.js';
import { createSqlStore } from './sql-store.js';

/** The default data folder of `gstkit serve`. */
export const DEFAULT_DATA_DIR = './.gstkit-data';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock file, or throws when a live process holds it. */
function lockFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'gstkit.pid');
  let holder = 0;
  try {
    holder = Number(readFileSync(file, 'utf8').trim());
  } catch {
    // no lock yet
  }
  if (holder && holder !== process.pid && alive(holder)) {
    throw new Error(`the data folder ${dir} is in use by process ${holder}; one process owns a PGlite folder (use DATABASE_URL to share a store)`);
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** Opens (creating if needed) a PGlite store; `dataDir` undefined or `memory://` keeps it in memory. */
export async function openPgliteStore(dataDir?: string): Promise<Store> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockFolder(dataDir);
  try {
    const db = await PGlite.create(inMemory ? undefined : join(dataDir, 'pg'));
    const run = async (target: { query: (t: string, p?: unknown[]) => Promise<{ rows: unknown[] }> }, text: string, params?: readonly unknown[]): Promise<Row[]> =>
      (await target.query(text, params ? [...params] : undefined)).rows as Row[];
    const client: SqlClient = {
      query: (text, params) => run(db, text, params),
      transaction: (work) => db.transaction((tx) => work({ query: (text, params) => run(tx, text, params) } satisfies SqlQuery)),
      exec: async (script) => {
        await db.exec(script);
      },
      close: async () => {
        await db.close();
        unlock();
      },
    };
    return await createSqlStore(client, 'pglite');
  } catch (e) {
    unlock();
    throw e;
  }
}
