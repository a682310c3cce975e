/**
 * The GSTIN registry's entries on SQL.
 * @module
 */
import type { TaxpayerStore } from '../../ports/store.js';
import type { SqlClient } from '../sql-client.js';
import { json, text } from './values.js';

/** The taxpayer store over `client`. */
export function sqlTaxpayerStore(client: SqlClient): TaxpayerStore {
  return {
    async putTaxpayer(gstin, data) {
      await client.query('insert into gst_taxpayer (gstin, data) values ($1, $2::jsonb) on conflict (gstin) do update set data = excluded.data', [
        gstin,
        text(data),
      ]);
    },

    async listTaxpayers() {
      const rows = await client.query('select gstin, data from gst_taxpayer order by gstin', []);
      return rows.map((r) => ({ gstin: String(r['gstin']), data: json(r['data']) }));
    },
  };
}
