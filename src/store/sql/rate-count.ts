/**
 * Request counts on SQL: one bucket's step at a time across every server, under an advisory lock.
 * @module
 */
import type { RateCountStore } from '../../ports/store.js';
import type { SqlClient } from '../sql-client.js';

/** The advisory-lock class of the rate counts (the second key is the bucket's hash). */
const RATE_LOCK = 0x67737472;

/** The rate count store over `client`. */
export function sqlRateCountStore(client: SqlClient): RateCountStore {
  return {
    async countRequest(bucket, slotStart, since, cap, by = 1) {
      return client.transaction(async (tx) => {
        // One bucket's step at a time across every server: the check and the addition must not interleave.
        await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [RATE_LOCK, bucket]);
        // Only a step that adds forgets old slots: a read changes nothing.
        if (by !== 0) await tx.query('delete from gst_rate_window where bucket = $1 and window_start < $2', [bucket, since]);
        const rows = await tx.query('select window_start, hits from gst_rate_window where bucket = $1 and window_start >= $2 order by window_start', [
          bucket,
          since,
        ]);
        const slots = rows.map((r) => ({ start: Number(r['window_start']), hits: Number(r['hits']) }));
        const total = slots.reduce((n, s) => n + s.hits, 0);
        const added = by !== 0 && total + by <= cap;
        if (!added) return { slots, added };
        const [row] = await tx.query(
          `insert into gst_rate_window (bucket, window_start, hits) values ($1, $2, $3)
           on conflict (bucket, window_start) do update set hits = gst_rate_window.hits + excluded.hits
           returning hits`,
          [bucket, slotStart, by],
        );
        const others = slots.filter((s) => s.start !== slotStart);
        return { slots: [...others, { start: slotStart, hits: Number(row!['hits']) }].sort((a, b) => a.start - b.start), added };
      });
    },
  };
}
