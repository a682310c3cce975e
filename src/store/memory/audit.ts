/**
 * The audit log in memory. Outside transactions: an entry stands whatever happens to the call's writes.
 * @module
 */
import type { AuditRow } from '../../ports/audit.js';
import type { AuditStore } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';

/** The audit store in memory. */
export function memoryAuditStore(): AuditStore {
  let audit: AuditRow[] = [];
  let auditSeq = 0;
  return {
    async addAudit(entry) {
      const row = copyRow(entry) as AuditRow;
      row.seq = ++auditSeq;
      audit.push(row);
    },
    async listAudit(companyId, query) {
      const out: AuditRow[] = [];
      for (let i = audit.length - 1; i >= 0 && out.length < query.limit; i--) {
        const r = audit[i]!;
        if (r.companyId !== companyId) continue;
        if (query.beforeSeq !== undefined && r.seq >= query.beforeSeq) continue;
        if (query.since !== undefined && Date.parse(r.at) < Date.parse(query.since)) continue;
        if (query.until !== undefined && Date.parse(r.at) >= Date.parse(query.until)) continue;
        out.push(copyRow(r));
      }
      return out;
    },
    async pruneAudit(before) {
      const cut = Date.parse(before);
      const kept = audit.filter((r) => Date.parse(r.at) >= cut);
      const gone = audit.length - kept.length;
      audit = kept;
      return gone;
    },
  };
}
