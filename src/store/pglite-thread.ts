/**
 * The entry of the thread PGlite runs in (see pglite.ts): PostgreSQL compiled to WebAssembly does its
 * work, and its synchronous file writes, here rather than on the serving thread. It answers statements,
 * scripts and transactions sent over its port; a transaction holds PGlite's one connection until the
 * serving thread ends it, as it would in process.
 * @module
 */
import { parentPort } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.js';
import { loadTemplateOption } from './pglite-template.js';

export type PgliteRequest =
  | { id: number; op: 'open'; dataDir?: string; fromTemplate: boolean }
  | { id: number; op: 'query'; text: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'exec'; script: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** An error as it crosses the thread: PostgreSQL's fields (code, constraint, ...) kept. */
export interface PgliteError {
  message: string;
  fields: Record<string, unknown>;
}

export type PgliteReply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: PgliteError };

const ROLLBACK = Symbol('rollback');
let db: PGlite | undefined;
let nextTx = 1;
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; settled: Promise<void> }>();

function errorOf(e: unknown): PgliteError {
  if (!(e instanceof Error)) return { message: String(e), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (typeof v === 'string' || typeof v === 'number') fields[k] = v;
  return { message: e.message, fields };
}

async function handle(m: PgliteRequest): Promise<unknown> {
  if (m.op === 'open') {
    const { PGlite } = await import('@electric-sql/pglite');
    // A database in memory starts from the build's template (a folder was unpacked from it already, pglite.ts).
    db = await PGlite.create(m.dataDir, { ...pgliteOptions(), ...(m.fromTemplate && !m.dataDir ? loadTemplateOption() : {}) });
    return undefined;
  }
  if (!db) throw new Error('PGlite is not open');
  switch (m.op) {
    case 'query': {
      const target = m.tx === undefined ? db : open.get(m.tx)?.tx;
      if (!target) throw new Error(`transaction ${m.tx} is not open`);
      return (await target.query(m.text, m.params)).rows;
    }
    case 'exec':
      await db.exec(m.script);
      return undefined;
    case 'begin': {
      const id = nextTx++;
      return new Promise<number>((started, failed) => {
        let end!: (commit: boolean) => void;
        const decided = new Promise<boolean>((r) => (end = r));
        const entry: { tx?: Transaction; end: (commit: boolean) => void; settled?: Promise<void> } = { end };
        entry.settled = db!
          .transaction(async (tx) => {
            entry.tx = tx;
            open.set(id, entry as { tx: Transaction; end: (commit: boolean) => void; settled: Promise<void> });
            started(id);
            // Held open until the serving thread commits or rolls back.
            if (!(await decided)) throw ROLLBACK;
          })
          .then(
            () => undefined,
            (e: unknown) => {
              if (e !== ROLLBACK) throw e;
            },
          )
          .finally(() => open.delete(id));
        // A transaction that could not start fails the begin; one that fails at commit fails the end.
        entry.settled.catch(failed);
      });
    }
    case 'end': {
      const t = open.get(m.tx);
      if (!t) throw new Error(`transaction ${m.tx} is not open`);
      t.end(m.commit);
      await t.settled;
      return undefined;
    }
    case 'close':
      await db.close();
      db = undefined;
      return undefined;
  }
}

parentPort?.on('message', (m: PgliteRequest) => {
  handle(m).then(
    (value) => parentPort!.postMessage({ id: m.id, ok: true, value } satisfies PgliteReply),
    (e: unknown) => parentPort!.postMessage({ id: m.id, ok: false, error: errorOf(e) } satisfies PgliteReply),
  );
});
