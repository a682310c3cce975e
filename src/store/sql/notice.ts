/**
 * Once-only notices on SQL: one insert that does nothing on a key already there, so of servers racing for a
 * notice exactly one gets its row back.
 * @module
 */
import type { NoticeStore } from '../../ports/store.js';
import type { SqlClient } from '../sql-client.js';

/** The notice store over `client`. */
export function sqlNoticeStore(client: SqlClient): NoticeStore {
  return {
    async claimNotice(key, at) {
      const rows = await client.query('insert into gst_notice (key, created_at) values ($1, $2) on conflict (key) do nothing returning key', [key, at]);
      return rows.length > 0;
    },
    async hasNotice(key) {
      return (await client.query('select 1 from gst_notice where key = $1', [key])).length > 0;
    },
  };
}
