/**
 * API key revocations on SQL.
 * @module
 */
import type { RevokedKeyStore } from '../../ports/store.js';
import type { SqlClient } from '../sql-client.js';
import { iso } from './values.js';

/** The revoked-key store over `client`. */
export function sqlRevokedKeyStore(client: SqlClient): RevokedKeyStore {
  return {
    async revokeApiKey(keyId, at) {
      await client.query('insert into gst_revoked_key (key_id, revoked_at) values ($1, $2) on conflict (key_id) do nothing', [keyId, at]);
    },

    async restoreApiKey(keyId) {
      const rows = await client.query('delete from gst_revoked_key where key_id = $1 returning key_id', [keyId]);
      return rows.length > 0;
    },

    async revokedApiKeys() {
      const rows = await client.query('select key_id, revoked_at from gst_revoked_key order by key_id', []);
      return rows.map((r) => ({ keyId: String(r['key_id']), revokedAt: iso(r['revoked_at']) }));
    },
  };
}
