/**
 * Registered and rejected IRNs on SQL. The duplicate check is the schema's: `on conflict do nothing` on the
 * IRN and on the document, so two servers racing cannot both register one.
 * @module
 */
import type { IrnRow, IrnStore, RejectedIrnRow } from '../../ports/store.js';
import type { Row, SqlClient } from '../sql-client.js';
import { json, text } from './values.js';

function irnRow(r: Row): IrnRow {
  return {
    companyId: String(r['company_id']),
    irn: String(r['irn']),
    sellerGstin: String(r['seller_gstin']),
    financialYear: String(r['financial_year']),
    docType: String(r['doc_type']),
    docKey: String(r['doc_key']),
    docDate: String(r['doc_date']),
    docPeriod: String(r['doc_period']),
    buyerGstin: String(r['buyer_gstin']),
    status: String(r['status']),
    record: json(r['record']),
  };
}

/** The IRN store over `client`. */
export function sqlIrnStore(client: SqlClient): IrnStore {
  return {
    async insertIrn(row) {
      const inserted = await client.query(
        `insert into gst_irn (irn, company_id, seller_gstin, financial_year, doc_type, doc_key, doc_date, doc_period, buyer_gstin, status, record)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb) on conflict do nothing returning irn`,
        [
          row.irn,
          row.companyId,
          row.sellerGstin,
          row.financialYear,
          row.docType,
          row.docKey,
          row.docDate,
          row.docPeriod,
          row.buyerGstin,
          row.status,
          text(row.record),
        ],
      );
      if (inserted.length > 0) return { inserted: true };
      const existing = await client.query(
        `select * from gst_irn where irn = $1 or (seller_gstin = $2 and financial_year = $3 and doc_type = $4 and doc_key = $5) limit 1`,
        [row.irn, row.sellerGstin, row.financialYear, row.docType, row.docKey],
      );
      if (existing.length === 0) throw new Error('the IRN conflicted with a row that is gone; retry');
      return { inserted: false, existing: irnRow(existing[0]!) };
    },

    async getIrn(companyId, irn) {
      const rows = await client.query('select * from gst_irn where irn = $1 and company_id = $2', [irn, companyId]);
      return rows[0] ? irnRow(rows[0]) : undefined;
    },

    async updateIrn(companyId, irn, status, record) {
      await client.query('update gst_irn set status = $3, record = $4::jsonb where irn = $1 and company_id = $2', [irn, companyId, status, text(record)]);
    },

    async irnsOfSeller(companyId, sellerGstin, period) {
      const rows = await client.query(`select * from gst_irn where company_id = $1 and seller_gstin = $2 and doc_period = $3 order by created_at, irn`, [
        companyId,
        sellerGstin,
        period,
      ]);
      return rows.map(irnRow);
    },

    async irnsForBuyer(buyerGstin, period) {
      const rows = await client.query(`select * from gst_irn where buyer_gstin = $1 and doc_period = $2 and status = 'ACT' order by created_at, irn`, [
        buyerGstin,
        period,
      ]);
      return rows.map(irnRow);
    },

    async addRejectedIrn(row) {
      await client.query(
        `insert into gst_rejected_irn (company_id, irn, irp, seller_gstin, rejected_on, entry) values ($1, $2, $3, $4, $5, $6::jsonb)
         on conflict do nothing`,
        [row.companyId, row.irn, row.irp, row.sellerGstin, row.rejectedOn, text(row.entry)],
      );
    },

    async rejectedIrns(companyId, irp, sellerGstin, rejectedOn) {
      const rows = await client.query(
        'select * from gst_rejected_irn where company_id = $1 and irp = $2 and seller_gstin = $3 and rejected_on = $4 order by seq',
        [companyId, irp, sellerGstin, rejectedOn],
      );
      return rows.map((r): RejectedIrnRow => ({ companyId, irp, sellerGstin, irn: String(r['irn']), rejectedOn, entry: json(r['entry']) }));
    },
  };
}
