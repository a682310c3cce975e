/**
 * Named secrets on SQL: the first server to store one wins, and every server reads that one back.
 * @module
 */
import type { SecretStore } from '../../ports/store.js';
import type { SqlClient } from '../sql-client.js';

/** The secret store over `client`. */
export function sqlSecretStore(client: SqlClient): SecretStore {
  return {
    async secret(name, create) {
      const existing = await client.query('select value from gst_secret where name = $1', [name]);
      if (existing[0]) return String(existing[0]['value']);
      await client.query('insert into gst_secret (name, value) values ($1, $2) on conflict (name) do nothing', [name, create()]);
      const rows = await client.query('select value from gst_secret where name = $1', [name]);
      return String(rows[0]!['value']);
    },
  };
}
