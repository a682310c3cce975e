/**
 * The upkeep PostgreSQL's background processes do, done for PGlite, which runs PostgreSQL as a single
 * backend without them: no checkpointer and no autovacuum. Without checkpoints the write-ahead log is never
 * recycled (it grew by the size of everything written, for as long as the process ran: in memory for a
 * `memory://` store, on disk for a folder, and all of it replayed at the next start after a crash); without
 * vacuum, dead rows and the index-only scans that must still visit the table grow with the data held.
 * Every `everyMs` this vacuums the one table that most needs it, as autovacuum would choose (with ANALYZE
 * when enough of it changed, so the planner knows its size), and then runs a CHECKPOINT: each pause of
 * PGlite's one connection stays short.
 * @module
 */
import type { SqlClient } from './sql-client.js';

/** How often a step runs by default, ms. */
export const PGLITE_UPKEEP_MS = 10_000;

/**
 * The table that most needs a vacuum by autovacuum's default thresholds (dead rows over 50 + 20% of the
 * table, rows inserted since the last vacuum over 1,000 + 20%), and whether it needs ANALYZE too (rows
 * changed since the last over 50 + 10%); none when no table does. A table that has not changed is left
 * alone, so a large store is not read again every few minutes.
 */
const NEEDIEST = `
  select s.relname, s.n_mod_since_analyze > 50 + 0.1 * t.n as analyze
    from pg_stat_user_tables s, lateral (select greatest(c.reltuples, 0) as n from pg_class c where c.oid = s.relid) t
   where s.schemaname = current_schema()
     and (s.n_dead_tup > 50 + 0.2 * t.n or s.n_ins_since_vacuum > 1000 + 0.2 * t.n)
   order by greatest(s.n_dead_tup / (50 + 0.2 * t.n), s.n_ins_since_vacuum / (1000 + 0.2 * t.n)) desc
   limit 1`;

export interface PgliteUpkeep {
  /** Stops the steps and waits for one under way. */
  stop(): Promise<void>;
  /** Runs one step now (the neediest table's vacuum, then a checkpoint); what the timer runs. */
  step(): Promise<void>;
}

/** Starts the upkeep of a PGlite client; `everyMs` 0 starts none (steps run only when asked). */
export function startPgliteUpkeep(client: SqlClient, everyMs = PGLITE_UPKEEP_MS): PgliteUpkeep {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const step = async (): Promise<void> => {
    const table = (await client.query(NEEDIEST))[0];
    if (table) {
      // The name comes from the catalogue; quoting keeps any name a name.
      const name = `"${String(table['relname']).replaceAll('"', '""')}"`;
      await client.query(table['analyze'] === true ? `vacuum (analyze) ${name}` : `vacuum ${name}`);
    }
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
