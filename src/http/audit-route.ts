/**
 * `GET /api/svc/audit`: the calling company's audit log, newest first. Query: `limit` (1..1000, default
 * 100), `before` (a `seq` from an earlier page), `since` and `until` (ISO 8601 instants or dates; without a
 * zone, India time). Entries' `at` is given in India time too (`2026-11-14T11:00:00.000+05:30`), like every
 * other time of the API; the store keeps UTC, which sorts and compares as text.
 * @module
 */
import { IST_OFFSET_MS } from '../compute/dates.js';
import { httpCodes } from './codes.js';
import { headerFailure, json } from './responses.js';
import type { AuditQuery } from '../ports/audit.js';
import type { RouteContext } from './types.js';

const MAX_PAGE = 1000;

function readQuery(params: URLSearchParams): { ok: true; query: AuditQuery } | { ok: false; message: string } {
  const query: AuditQuery = { limit: 100 };
  const limit = params.get('limit');
  if (limit !== null) {
    const n = Number(limit);
    if (!/^\d{1,4}$/.test(limit) || n < 1 || n > MAX_PAGE) return { ok: false, message: `query parameter limit must be a whole number from 1 to ${MAX_PAGE}` };
    query.limit = n;
  }
  const before = params.get('before');
  if (before !== null) {
    if (!/^\d{1,15}$/.test(before)) return { ok: false, message: 'query parameter before must be the seq of an entry' };
    query.beforeSeq = Number(before);
  }
  for (const name of ['since', 'until'] as const) {
    const value = params.get(name);
    if (value === null) continue;
    const shape = /^(\d{4}-\d{2}-\d{2})(?:[T ]([\d:.]+)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
    // A date or a time without a zone is read on an Indian clock, as the API's other dates are.
    const at = shape ? new Date(shape[3] ? value : `${shape[1]}T${shape[2] ?? '00:00:00'}+05:30`) : undefined;
    if (!at || Number.isNaN(at.getTime())) return { ok: false, message: `query parameter ${name} must be an ISO 8601 date or instant` };
    query[name] = at.toISOString();
  }
  return { ok: true, query };
}

export async function auditLogRoute(ctx: RouteContext): Promise<Response> {
  const log = ctx.options.audit;
  if (!log?.listAudit) return headerFailure(404, httpCodes.notFound, 'this server keeps no readable audit log');
  const read = readQuery(ctx.url.searchParams);
  if (!read.ok) return headerFailure(400, httpCodes.badParameter, read.message);
  const entries = (await log.listAudit(ctx.company.id, read.query)).map((e) => ({ ...e, at: istInstant(e.at) }));
  const last = entries[entries.length - 1];
  return json(200, { entries, ...(entries.length === read.query.limit && last ? { next: `before=${last.seq}` } : {}) });
}

/** An instant as ISO 8601 on an Indian clock: `2026-11-14T05:30:00.000Z` gives `2026-11-14T11:00:00.000+05:30`. */
function istInstant(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(t + IST_OFFSET_MS).toISOString().slice(0, 23)}+05:30`;
}
