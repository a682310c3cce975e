/**
 * The audit log on SQL.
 * @module
 */
import type { AuditRow } from '../../ports/audit.js';
import type { AuditStore } from '../../ports/store.js';
import type { Row, SqlClient } from '../sql-client.js';
import { iso } from './values.js';

function auditRow(r: Row): AuditRow {
  const optional = (name: string): string | undefined => (r[name] === null || r[name] === undefined ? undefined : String(r[name]));
  const gstin = optional('gstin');
  const document = optional('document');
  const result = optional('result');
  const code = optional('code');
  return {
    seq: Number(r['seq']),
    at: iso(r['at']),
    companyId: String(r['company_id']),
    keyId: String(r['key_id']),
    operation: String(r['operation']),
    method: String(r['method']),
    path: String(r['path']),
    ...(gstin !== undefined ? { gstin } : {}),
    ...(document !== undefined ? { document } : {}),
    ...(result !== undefined ? { result } : {}),
    status: Number(r['status']),
    ...(code !== undefined ? { code } : {}),
  };
}

/** The audit store over `client`. */
export function sqlAuditStore(client: SqlClient): AuditStore {
  return {
    async addAudit(e) {
      await client.query(
        `insert into gst_audit (at, company_id, key_id, operation, method, path, gstin, document, result, status, code)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [e.at, e.companyId, e.keyId, e.operation, e.method, e.path, e.gstin ?? null, e.document ?? null, e.result ?? null, e.status, e.code ?? null],
      );
    },
    async listAudit(companyId, query) {
      const rows = await client.query(
        `select * from gst_audit where company_id = $1
           and ($2::bigint is null or seq < $2) and ($3::timestamptz is null or at >= $3) and ($4::timestamptz is null or at < $4)
         order by seq desc limit $5`,
        [companyId, query.beforeSeq ?? null, query.since ?? null, query.until ?? null, query.limit],
      );
      return rows.map(auditRow);
    },
    async pruneAudit(before) {
      const gone = await client.query('delete from gst_audit where at < $1 returning seq', [before]);
      return gone.length;
    },
  };
}
