/**
 * The statements of a page of an e-waybill day list (Store.ewbDayPage) on SQL: each a range of the index
 * made for its list (schema.ts, version 8), in number order, reading the number and the listed fields only,
 * which the index carries. The other party's list is two such ranges (as consignee, as consignor) merged.
 * @module
 */
import type { EwbDayList } from '../../ports/store.js';

/** The statement and its parameters. */
export function dayPageStatement(query: EwbDayList, after: string, limit: number): { sql: string; params: unknown[] } {
  switch (query.list) {
    case 'generator':
      return {
        sql: `select ewb_no, listed from gst_ewb where company_id = $1 and gen_gstin = $2 and gen_date = $3 and ewb_no > $4 order by ewb_no limit $5`,
        params: [query.companyId, query.gstin, query.date, after, limit],
      };
    case 'rejected':
      // Rejected ones by their partial index, and any stored before the listed fields (the caller reads their entries).
      return {
        sql: `select ewb_no, listed from (
                (select ewb_no, listed from gst_ewb where company_id = $1 and gen_gstin = $2 and gen_date = $3 and ewb_no > $4
                   and (listed->>'rejectStatus') = 'Y' order by ewb_no limit $5)
                union all
                (select ewb_no, null::jsonb as listed from gst_ewb where company_id = $1 and gen_gstin = $2 and gen_date = $3 and ewb_no > $4
                   and listed is null order by ewb_no limit $5)
              ) page order by ewb_no limit $5`,
        params: [query.companyId, query.gstin, query.date, after, limit],
      };
    case 'other-party':
      // The two ranges are disjoint (the second leaves out bills to the caller), so nothing is listed twice.
      return {
        sql: `select ewb_no, listed from (
                (select ewb_no, listed from gst_ewb where to_gstin = $1 and gen_date = $2 and ewb_no > $3 and gen_gstin <> $1 order by ewb_no limit $4)
                union all
                (select ewb_no, listed from gst_ewb where from_gstin = $1 and gen_date = $2 and ewb_no > $3 and gen_gstin <> $1 and to_gstin <> $1 order by ewb_no limit $4)
              ) page order by ewb_no limit $4`,
        params: [query.gstin, query.date, after, limit],
      };
    case 'transporter':
      return {
        sql: `select ewb_no, listed from gst_ewb where transporter_id = $1 and gen_date = $2 and ewb_no > $3 order by ewb_no limit $4`,
        params: [query.gstin, query.date, after, limit],
      };
  }
}
