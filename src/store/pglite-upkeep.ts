/**
 * The upkeep PostgreSQL's background processes do, done for PGlite, which runs PostgreSQL as a single
 * backend without them: no checkpointer and no autovacuum. Without checkpoints the write-ahead log is never
 * recycled (it grew by the size of everything written, for as long as the process ran: in memory for a
 * `memory://` store, on disk for a folder, and all of it replayed at the next start after a crash); without
 * vacuum, dead rows and the index-only scans that must still visit the table grow with the data held.
 * Every `everyMs` this vacuums one table in turn and then runs a CHECKPOINT (with ANALYZE, so the planner
 * knows the table's size), so that each pause of PGlite's one connection stays short.
 * @module
 */
import type { SqlClient } from './sql-client.js';

/** How often a step runs by default, ms: a table is vacuumed every (tables x this). */
export const PGLITE_UPKEEP_MS = 10_000;

export interface PgliteUpkeep {
  /** Stops the steps and waits for one under way. */
  stop(): Promise<void>;
  /** Runs one step now (the next table's vacuum, then a checkpoint); what the timer runs. */
  step(): Promise<void>;
}

/** Starts the upkeep of a PGlite client; `everyMs` 0 starts none (steps run only when asked). */
export function startPgliteUpkeep(client: SqlClient, everyMs = PGLITE_UPKEEP_MS): PgliteUpkeep {
  let tables: string[] = [];
  let turn = 0;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const step = async (): Promise<void> => {
    if (turn >= tables.length) {
      tables = (await client.query(`select tablename from pg_tables where schemaname = current_schema() order by tablename`)).map((r) =>
        String(r['tablename']),
      );
      turn = 0;
    }
    const table = tables[turn++];
    // The names come from the catalogue; quoting keeps any name a name.
    if (table) await client.query(`vacuum (analyze) "${table.replaceAll('"', '""')}"`);
    // After the vacuum, whose page changes would otherwise each log a whole page image after the checkpoint.
    await client.query('checkpoint');
  };
  const tick = (): void => {
    if (stopped) return;
    // A failed step (a full disk, the store closing) is left for the next tick: upkeep must never fail a request.
    running = running.then(() => step().catch(() => {}));
  };
  const timer = everyMs > 0 ? setInterval(tick, everyMs) : undefined;
  timer?.unref();
  return {
    step: () => {
      const run = running.then(step);
      running = run.catch(() => {});
      return run;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
