/**
 * The audit log in the store: appended to by the HTTP adapter (as its `AuditSink`), read back newest first,
 * and pruned by age (store/audit-retention.ts). An entry stands whatever happens to the call it records.
 * @module
 */
import type { AuditEntry, AuditQuery, AuditRow } from '../audit.js';

/** Where the audit log is kept. */
export interface AuditStore {
  /** Appends one entry to the audit log. */
  addAudit(entry: AuditEntry): Promise<void>;
  /** A company's audit entries, newest first. */
  listAudit(companyId: string, query: AuditQuery): Promise<AuditRow[]>;
  /** Deletes every company's audit entries older than `before` (ISO 8601); answers how many. */
  pruneAudit(before: string): Promise<number>;
}
