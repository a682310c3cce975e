/**
 * Named counters on SQL: one upsert, so every server gets its own number.
 * @module
 */
import type { CounterStore } from '../../ports/store.js';
import type { SqlClient } from '../sql-client.js';

/** The counter store over `client`. */
export function sqlCounterStore(client: SqlClient): CounterStore {
  return {
    async nextNumber(name, start) {
      const rows = await client.query(
        'insert into gst_counter (name, value) values ($1, $2) on conflict (name) do update set value = gst_counter.value + 1 returning value',
        [name, start],
      );
      return Number(rows[0]!['value']);
    },
  };
}
