/**
 * E-waybills and their history on SQL. A change and its event are written in one transaction, and a
 * revision's check and write are one statement, so two servers racing cannot both win.
 * @module
 */
import type { EwbListed, EwbListedRow, EwbRow, EwbStore } from '../../ports/store.js';
import type { Row, SqlClient } from '../sql-client.js';
import { dayPageStatement } from './ewaybill-day-page.js';
import { iso, json, text } from './values.js';
import { ewbValidUntil } from '../ewb-valid-until.js';

function ewbRow(r: Row): EwbRow {
  return {
    ewbNo: String(r['ewb_no']),
    companyId: String(r['company_id']),
    genGstin: String(r['gen_gstin']),
    fromGstin: String(r['from_gstin']),
    toGstin: String(r['to_gstin']),
    docType: String(r['doc_type']),
    docKey: String(r['doc_key']),
    genDate: String(r['gen_date']),
    status: String(r['status']),
    ...(r['irn'] ? { irn: String(r['irn']) } : {}),
    ...(r['transporter_id'] ? { transporterId: String(r['transporter_id']) } : {}),
    entry: json(r['entry']),
  };
}

/** The e-waybill store over `client`. */
export function sqlEwbStore(client: SqlClient): EwbStore {
  return {
    async insertEwb(row, event) {
      return client.transaction(async (tx) => {
        const inserted = await tx.query(
          `insert into gst_ewb (ewb_no, company_id, gen_gstin, from_gstin, to_gstin, doc_type, doc_key, gen_date, status, irn, entry, transporter_id, listed, valid_until)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13::jsonb, $14) on conflict do nothing returning ewb_no`,
          [
            row.ewbNo,
            row.companyId,
            row.genGstin,
            row.fromGstin,
            row.toGstin,
            row.docType,
            row.docKey,
            row.genDate,
            row.status,
            row.irn ?? null,
            text(row.entry),
            row.transporterId ?? null,
            row.listed ? text(row.listed) : null,
            ewbValidUntil(row.entry),
          ],
        );
        if (inserted.length === 0) {
          const existing = await tx.query(`select ewb_no from gst_ewb where from_gstin = $1 and doc_type = $2 and doc_key = $3 and status = 'ACT'`, [
            row.fromGstin,
            row.docType,
            row.docKey,
          ]);
          return { inserted: false as const, existingEwbNo: String(existing[0]?.['ewb_no'] ?? row.ewbNo) };
        }
        await tx.query('insert into gst_ewb_event (ewb_no, at, event, detail) values ($1, $2, $3, $4::jsonb)', [
          event.ewbNo,
          event.at,
          event.event,
          text(event.detail),
        ]);
        return { inserted: true as const };
      });
    },

    async getEwb(ewbNo) {
      const rows = await client.query('select * from gst_ewb where ewb_no = $1', [ewbNo]);
      return rows[0] ? ewbRow(rows[0]) : undefined;
    },

    async updateEwb(ewbNo, status, entry, event) {
      await client.transaction(async (tx) => {
        await tx.query('update gst_ewb set status = $2, entry = $3::jsonb, listed = null, valid_until = $4 where ewb_no = $1', [
          ewbNo,
          status,
          text(entry),
          ewbValidUntil(entry),
        ]);
        await tx.query('insert into gst_ewb_event (ewb_no, at, event, detail) values ($1, $2, $3, $4::jsonb)', [
          event.ewbNo,
          event.at,
          event.event,
          text(event.detail),
        ]);
      });
    },

    async reviseEwb(change) {
      return client.transaction(async (tx) => {
        // The revision check and the write are one statement, so two servers racing cannot both win.
        const updated = await tx.query(
          `update gst_ewb set status = $3, transporter_id = $4, entry = $5::jsonb, listed = $6::jsonb, valid_until = $7
           where ewb_no = $1 and coalesce((entry->>'revision')::bigint, 0) = $2 returning ewb_no`,
          [
            change.ewbNo,
            change.revision,
            change.status,
            change.transporterId,
            text(change.entry),
            change.listed ? text(change.listed) : null,
            ewbValidUntil(change.entry),
          ],
        );
        if (updated.length === 0) return false;
        await tx.query('insert into gst_ewb_event (ewb_no, at, event, detail) values ($1, $2, $3, $4::jsonb)', [
          change.event.ewbNo,
          change.event.at,
          change.event.event,
          text(change.event.detail),
        ]);
        return true;
      });
    },

    async ewbsEndingBetween(after, before, limit) {
      const rows = await client.query(
        `select * from gst_ewb where status = 'ACT' and valid_until > $1 and valid_until <= $2 order by valid_until, ewb_no limit $3`,
        [after, before, limit],
      );
      return rows.map(ewbRow);
    },

    async ewbDayPage(query, after, limit) {
      const { sql, params } = dayPageStatement(query, after, limit);
      const rows = await client.query(sql, params);
      // Rows stored before the listed fields existed: their entries, in a second statement, so the page's
      // own statement reads the covering index alone.
      const unlisted = rows.filter((r) => r['listed'] === null || r['listed'] === undefined).map((r) => String(r['ewb_no']));
      const entries = new Map<string, Record<string, unknown>>();
      if (unlisted.length > 0) {
        for (const r of await client.query('select ewb_no, entry from gst_ewb where ewb_no = any($1::text[])', [unlisted]))
          entries.set(String(r['ewb_no']), json(r['entry']));
      }
      return rows.map((r): EwbListedRow => {
        const ewbNo = String(r['ewb_no']);
        const listed = r['listed'];
        return listed === null || listed === undefined ? { ewbNo, entry: entries.get(ewbNo) ?? {} } : { ewbNo, listed: json<EwbListed>(listed) };
      });
    },

    async ewbsForTransporter(transporterId, genDate) {
      const rows = await client.query('select * from gst_ewb where transporter_id = $1 and gen_date = $2 order by ewb_no', [transporterId, genDate]);
      return rows.map(ewbRow);
    },

    async ewbHistory(ewbNo) {
      const rows = await client.query('select * from gst_ewb_event where ewb_no = $1 order by seq', [ewbNo]);
      return rows.map((r) => ({ ewbNo: String(r['ewb_no']), at: iso(r['at']), event: String(r['event']), detail: json(r['detail']) }));
    },

    async ewbsGeneratedOn(companyId, genGstin, genDate) {
      const rows = await client.query('select * from gst_ewb where company_id = $1 and gen_gstin = $2 and gen_date = $3 order by ewb_no', [
        companyId,
        genGstin,
        genDate,
      ]);
      return rows.map(ewbRow);
    },

    async ewbsOfOtherParty(gstin, genDate) {
      const rows = await client.query('select * from gst_ewb where gen_date = $2 and gen_gstin <> $1 and (to_gstin = $1 or from_gstin = $1) order by ewb_no', [
        gstin,
        genDate,
      ]);
      return rows.map(ewbRow);
    },
  };
}
