/**
 * Trip sheets on SQL.
 * @module
 */
import type { TripSheetRow, TripSheetStore } from '../../ports/store.js';
import type { Row, SqlClient } from '../sql-client.js';
import { json, text } from './values.js';

function tripSheetRow(r: Row): TripSheetRow {
  return {
    tripSheetNo: String(r['trip_sheet_no']),
    companyId: String(r['company_id']),
    genGstin: String(r['gen_gstin']),
    genDate: String(r['gen_date']),
    status: String(r['status']),
    record: json(r['record']),
  };
}

/** The trip sheet store over `client`. */
export function sqlTripSheetStore(client: SqlClient): TripSheetStore {
  return {
    async insertTripSheet(row) {
      const inserted = await client.query(
        `insert into gst_trip_sheet (trip_sheet_no, company_id, gen_gstin, gen_date, status, record)
         values ($1, $2, $3, $4, $5, $6::jsonb) on conflict do nothing returning trip_sheet_no`,
        [row.tripSheetNo, row.companyId, row.genGstin, row.genDate, row.status, text(row.record)],
      );
      return { inserted: inserted.length > 0 };
    },

    async getTripSheet(tripSheetNo) {
      const rows = await client.query('select * from gst_trip_sheet where trip_sheet_no = $1', [tripSheetNo]);
      return rows[0] ? tripSheetRow(rows[0]) : undefined;
    },

    async updateTripSheet(tripSheetNo, status, record) {
      await client.query('update gst_trip_sheet set status = $2, record = $3::jsonb where trip_sheet_no = $1', [tripSheetNo, status, text(record)]);
    },
  };
}
