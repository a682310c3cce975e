/**
 * The audit log: one entry for every state-changing call (every authenticated route that is not a GET),
 * saying who (the API key's id, never its secret), for which company, on which document, through which
 * route, with what outcome, and when. Request bodies are never kept.
 * @module
 */

/** One audited call. */
export interface AuditEntry {
  /** ISO 8601 instant the answer was given. */
  at: string;
  companyId: string;
  /** The API key's id (or whatever the authenticate hook names as the caller); never a secret. */
  keyId: string;
  /** The route's operation id (`generateIrn`, `cancelEwb`, ...). */
  operation: string;
  method: string;
  /** The route's path as the route table writes it. */
  path: string;
  /** The company's GSTIN the call acted for, when the request names one. */
  gstin?: string;
  /** The document the request named (`INV INV/1 01/07/2025`, `IRN <irn>`, `EWB <number>`). */
  document?: string;
  /** What the call produced (`IRN <irn>`, `EWB <number>`, `job <id>`). */
  result?: string;
  /** HTTP status of the answer. */
  status: number;
  /** The answer's error code (`2150`, `SVC-943`, ...); absent on success. */
  code?: string;
}

/** A stored entry with its place in the log (increasing). */
export interface AuditRow extends AuditEntry {
  seq: number;
}

/** Which entries to read: newest first, `limit` of them, before `beforeSeq` (for paging) and within `since`/`until`. */
export interface AuditQuery {
  limit: number;
  beforeSeq?: number;
  /** ISO 8601, inclusive. */
  since?: string;
  /** ISO 8601, exclusive. */
  until?: string;
}

/** Where the HTTP adapter writes its audit entries, and (for `GET /api/svc/audit`) reads them back. A store is one. */
export interface AuditSink {
  addAudit(entry: AuditEntry): Promise<void>;
  /** A company's entries, newest first; without it the log cannot be read over HTTP. */
  listAudit?(companyId: string, query: AuditQuery): Promise<AuditRow[]>;
}
