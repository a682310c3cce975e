/**
 * The embedded store: PGlite (PostgreSQL compiled to WebAssembly) in a data folder, so the reference
 * server keeps its records across restarts with no database to install. One process owns a folder at a
 * time; a lock file says which, and a second process is refused with a clear message.
 * @module
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Store } from '../ports/store.js';
import type { Row, SqlClient, SqlQuery } from './sql-client.js';
import { wellFormedParams } from './pglite-params.js';
import { createSqlStore } from './sql-store.js';
import { spawnThread } from '../spawn-thread.js';
import { pgliteOptions } from './pglite-options.js';
import { loadTemplateOption, pgliteTemplateFile, unpackPgliteTemplate } from './pglite-template.js';
import type { PgliteReply, PgliteRequest } from './pglite-thread.js';
import { PGLITE_UPKEEP_MS, startPgliteUpkeep, type PgliteUpkeep } from './pglite-upkeep.js';

/** The young generation of the PGlite thread, MB. */
const PGLITE_THREAD_YOUNG_MB = Number(process.env['GSTKIT_PGLITE_THREAD_YOUNG_MB'] ?? 8);

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

export interface PgliteStoreOptions {
  /**
   * Run PGlite in a thread of its own, so its work (and its synchronous file writes) never holds up the
   * serving thread's event loop. `gstkit serve` does; the default keeps it in this thread.
   */
  thread?: boolean;
  /**
   * How often the upkeep PostgreSQL's background processes would do runs (pglite-upkeep.ts: the
   * vacuum of the table that most needs one, then a checkpoint), ms; 0 runs none. Default PGLITE_UPKEEP_MS.
   */
  upkeepMs?: number;
}

/** Opens (creating if needed) a PGlite store; `dataDir` undefined or `memory://` keeps it in memory. */
export async function openPgliteStore(dataDir?: string, options: PgliteStoreOptions = {}): Promise<Store> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockFolder(dataDir);
  try {
    const client = options.thread
      ? await threadClient(inMemory ? undefined : join(dataDir, 'pg'), true)
      : await inProcessClient(inMemory ? undefined : join(dataDir, 'pg'), true);
    const close = client.close;
    let upkeep: PgliteUpkeep | undefined;
    client.close = async () => {
      await upkeep?.stop();
      await close();
      unlock();
    };
    const store = await createSqlStore(client, 'pglite');
    upkeep = startPgliteUpkeep(client, options.upkeepMs ?? PGLITE_UPKEEP_MS);
    return store;
  } catch (e) {
    unlock();
    throw e;
  }
}

/**
 * The bare SQL client a PGlite store runs on, in memory, with the same settings and thread: what the
 * benchmarks set gstkit's store beside.
 */
export function openPgliteClient(options: PgliteStoreOptions = {}): Promise<SqlClient> {
  return options.thread ? threadClient(undefined, false) : inProcessClient(undefined, false);
}

/** `fromTemplate`: a new database starts as the build's template (a store's schema); otherwise bare, by initdb. */
async function inProcessClient(folder: string | undefined, fromTemplate: boolean): Promise<SqlClient> {
  const { PGlite } = await import('@electric-sql/pglite');
  const template = fromTemplate ? pgliteTemplateFile() : undefined;
  if (template && folder && !existsSync(join(folder, 'PG_VERSION'))) unpackPgliteTemplate(template, folder);
  const db = await PGlite.create(folder, { ...pgliteOptions(), ...(template && !folder ? loadTemplateOption() : {}) });
  const run = async (
    target: { query: (t: string, p?: unknown[]) => Promise<{ rows: unknown[] }> },
    text: string,
    params?: readonly unknown[],
  ): Promise<Row[]> => (await target.query(text, params ? wellFormedParams(params) : undefined)).rows as Row[];
  return {
    query: (text, params) => run(db, text, params),
    transaction: (work) => db.transaction((tx) => work({ query: (text, params) => run(tx, text, params) } satisfies SqlQuery)),
    exec: async (script) => {
      await db.exec(script);
    },
    close: async () => {
      await db.close();
    },
  };
}

/** PGlite in its own thread (pglite-thread.ts), driven over messages. */
async function threadClient(folder: string | undefined, fromTemplate: boolean): Promise<SqlClient> {
  // A new folder is unpacked from the build's template when there is one (no PGlite runs for it); without
  // one, initdb runs in a process of its own.
  if (folder && !existsSync(join(folder, 'PG_VERSION'))) {
    const template = fromTemplate ? pgliteTemplateFile() : undefined;
    if (template) unpackPgliteTemplate(template, folder);
    else await initialiseInChildProcess(folder);
  }
  return threadClientOn(folder, fromTemplate);
}

/**
 * Creates a new data folder by initdb in a short-lived process. In a thread of this process, as before, the
 * memory initdb touched (about 200 MB) stayed in the server's RSS after the thread ended, since the
 * allocator keeps freed memory for reuse; a process gives it all back when it exits.
 */
async function initialiseInChildProcess(folder: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(folder)}).then((db) => db.close()).then(
    () => process.exit(0),
    (e) => { process.stderr.write(String(e && e.message || e)); process.exit(1); })`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { timeout: 300_000, maxBuffer: 1 << 20 }, (e, _out, err) =>
      e ? reject(new Error(`could not create the PGlite data folder ${folder}: ${String(err).trim() || e.message}`)) : resolve(),
    );
  });
}

async function threadClientOn(folder: string | undefined, fromTemplate: boolean): Promise<SqlClient> {
  // A small young generation: the thread's JavaScript is a thin layer over the WebAssembly memory, and
  // V8's default (up to about 32 MB) would stay in RSS.
  const worker = spawnThread(import.meta.url, 'pglite-thread', { resourceLimits: { maxYoungGenerationSizeMb: PGLITE_THREAD_YOUNG_MB } });
  let next = 0;
  let dead: Error | undefined;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  worker.on('message', (m: PgliteReply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(Object.assign(new Error(m.error.message), m.error.fields));
  });
  const fail = (e: Error): void => {
    dead ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PGlite thread stopped (exit code ${code})`)));
  const ask = <T>(request: DistributiveOmit<PgliteRequest, 'id'>): Promise<T> => {
    if (dead) return Promise.reject(dead);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  try {
    await ask({ op: 'open', fromTemplate, ...(folder ? { dataDir: folder } : {}) });
  } catch (e) {
    await worker.terminate();
    throw e;
  }
  const query = (text: string, params: readonly unknown[] | undefined, tx?: number): Promise<Row[]> =>
    ask<Row[]>({ op: 'query', text, ...(params ? { params: wellFormedParams(params) } : {}), ...(tx !== undefined ? { tx } : {}) });
  return {
    query: (text, params) => query(text, params),
    async transaction(work) {
      const tx = await ask<number>({ op: 'begin' });
      const result = await work({ query: (text, params) => query(text, params, tx) }).catch(async (e: unknown) => {
        await ask({ op: 'end', tx, commit: false }).catch(() => {});
        throw e;
      });
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    exec: async (script) => {
      await ask({ op: 'exec', script });
    },
    close: async () => {
      await ask({ op: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
