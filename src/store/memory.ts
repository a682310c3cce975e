/**
 * The in-memory store: the same behaviour as the SQL store (the contract suite runs on both), kept in
 * maps, for unit tests and for hosts that want nothing persisted. Rows are copied in and out, so a
 * caller never changes a stored record by accident; an IRN record is instead made read-only where it
 * stands (read-only-row.ts): the object handed to insertIrn or updateIrn is frozen, and getIrn returns it
 * frozen.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { AuditRow } from '../ports/audit.js';
import type { EwbDayList, EwbEvent, EwbListedRow, EwbRow, FileMeta, IrnRow, JobRow, OutboxRow, PortalSessionRow, RejectedIrnRow, ReturnInfo, RevokedKeyRow, Store, TripSheetRow } from '../ports/store.js';
import { Journal, JournaledMap, type JournalSlot } from './memory-journal.js';
import { copyRow } from './copy-row.js';
import { keepRecord, readRecord, type KeptRecord } from './read-only-row.js';
import { returnPieces } from './return-pieces.js';
import type { RateSlot } from '../ports/ratelimit.js';
import { countInSlots } from '../ports/rate-slots.js';

const copy = copyRow;

/** The revision an e-waybill entry carries (0 before its first change), as the SQL stores read it. */
const revisionOf = (entry: Record<string, unknown>): number => {
  const n = Number(entry['revision'] ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/**
 * An IRN row as kept: its record frozen where it stands (or copied when it is not JSON-like), so a single
 * row read (getIrn, the duplicate found by insertIrn) hands out the record without copying it. Lists are
 * read for building returns and are copied, so their readers may change what they get.
 */
type StoredIrn = Omit<IrnRow, 'record'> & { record: KeptRecord<Record<string, unknown>>; seq: number };

/** The index of the first of sorted `list` greater than `after`. */
function firstAfter(list: readonly string[], after: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adds `value` to the sorted list under `key`, once (numbers mostly come in order: usually an append). */
function addSorted(lists: Map<string, string[]>, key: string, value: string): void {
  const list = lists.get(key) ?? [];
  lists.set(key, list);
  const at = firstAfter(list, value);
  if (list[at - 1] !== value) list.splice(at, 0, value);
}

/** Whether stored e-waybill `r` of the query's day belongs on its list (as the SQL statements select). */
function onDayList(query: EwbDayList, r: EwbRow): boolean {
  switch (query.list) {
    case 'generator':
      return r.companyId === query.companyId && r.genGstin === query.gstin;
    case 'rejected':
      return r.companyId === query.companyId && r.genGstin === query.gstin && (!r.listed || r.listed.rejectStatus === 'Y');
    case 'other-party':
      return r.genGstin !== query.gstin && (r.toGstin === query.gstin || r.fromGstin === query.gstin);
    case 'transporter':
      return r.transporterId === query.gstin;
  }
}

/** Builds an empty in-memory store. */
export function createMemoryStore(): Store {
  // Every map reports to the open transaction, so a failed one can be rolled back.
  const slot: JournalSlot = {};
  const journaled = <K, V>(): Map<K, V> => new JournaledMap<K, V>(slot);
  // An IRN row is replaced, never changed in place, and its record is read-only: the journal keeps it as it is.
  const irns = new JournaledMap<string, StoredIrn>(slot, { replacedWhole: true });
  const irnByDocument = journaled<string, string>();
  const ewbs = journaled<string, EwbRow>();
  const activeEwbByDocument = journaled<string, string>();
  // The numbers of each day's e-waybills, sorted (a generation date never changes), so a page of a day list
  // starts where the last ended and looks at that day only. Not journaled: a number whose row a rollback
  // removed is skipped when read, and one issued again is not added twice.
  const ewbsOfDay = new Map<string, string[]>();
  const events = journaled<string, EwbEvent[]>();
  const tripSheets = journaled<string, TripSheetRow>();
  const counters = journaled<string, number>();
  const taxpayers = journaled<string, Record<string, unknown>>();
  const returns = journaled<string, ReturnInfo>();
  const returnPiecesByKey = journaled<string, string>();
  const jobs = journaled<string, JobRow & { seq: number }>();
  const files = journaled<string, FileMeta & { createdAt: number; chunks: Uint8Array[] }>();
  const inquiries = journaled<string, OutboxRow>();
  const revokedKeys = journaled<string, RevokedKeyRow>();
  const secrets = journaled<string, string>();
  const rejections = journaled<string, RejectedIrnRow & { seq: number }>();
  const portalSessions = journaled<string, PortalSessionRow>();
  const portalLeases = journaled<string, { holder: string; until: number }>();
  // Outside transactions: an audit entry or a request count stands whatever happens to the call's writes.
  let audit: AuditRow[] = [];
  let auditSeq = 0;
  const rateSlots = new Map<string, RateSlot[]>();
  let seq = 0;

  const documentKey = (r: IrnRow): string => [r.sellerGstin, r.financialYear, r.docType, r.docKey].join('\u0000');
  const ewbDocumentKey = (r: EwbRow): string => [r.fromGstin, r.docType, r.docKey].join('\u0000');
  /** An IRN row as callers get it: the read-only record itself (`share`) or a copy they may change. */
  const irnRow = (r: StoredIrn, share: boolean): IrnRow => {
    const { seq: _seq, record, ...rest } = r;
    return { ...rest, record: share ? readRecord(record) : copy(record.value) };
  };
  const sharedIrnRow = (r: StoredIrn): IrnRow => irnRow(r, true);
  const copiedIrnRow = (r: StoredIrn): IrnRow => irnRow(r, false);
  const strip = <T extends { seq: number }>(r: T): Omit<T, 'seq'> => {
    const { seq: _seq, ...rest } = r;
    return copy(rest);
  };
  const addEvent = (e: EwbEvent): void => {
    const list = events.get(e.ewbNo) ?? [];
    list.push(copy(e));
    events.set(e.ewbNo, list);
  };

  const store: Store = {
    kind: 'memory',

    // The transaction's own handle: calls on it run inside the transaction (see `exclusive` below).
    atomically: (work) => work(store),

    async insertIrn(row) {
      const byDoc = irnByDocument.get(documentKey(row));
      const existing = irns.get(row.irn) ?? (byDoc ? irns.get(byDoc) : undefined);
      if (existing) return { inserted: false, existing: sharedIrnRow(existing) };
      irns.set(row.irn, { ...row, record: keepRecord(row.record), seq: ++seq });
      irnByDocument.set(documentKey(row), row.irn);
      return { inserted: true };
    },
    async getIrn(companyId, irn) {
      const r = irns.get(irn);
      return r && r.companyId === companyId ? sharedIrnRow(r) : undefined;
    },
    async updateIrn(companyId, irn, status, record) {
      const r = irns.get(irn);
      if (r && r.companyId === companyId) irns.set(irn, { ...r, status, record: keepRecord(record) });
    },
    async irnsOfSeller(companyId, sellerGstin, period) {
      return [...irns.values()]
        .filter((r) => r.companyId === companyId && r.sellerGstin === sellerGstin && r.docPeriod === period)
        .sort((a, b) => a.seq - b.seq)
        .map(copiedIrnRow);
    },
    async irnsForBuyer(buyerGstin, period) {
      return [...irns.values()]
        .filter((r) => r.buyerGstin === buyerGstin && r.docPeriod === period && r.status === 'ACT')
        .sort((a, b) => a.seq - b.seq)
        .map(copiedIrnRow);
    },

    async insertEwb(row, event) {
      const active = activeEwbByDocument.get(ewbDocumentKey(row));
      if (ewbs.has(row.ewbNo)) return { inserted: false, existingEwbNo: row.ewbNo };
      if (active && row.status === 'ACT') return { inserted: false, existingEwbNo: active };
      ewbs.set(row.ewbNo, copy(row));
      addSorted(ewbsOfDay, row.genDate, row.ewbNo);
      if (row.status === 'ACT') activeEwbByDocument.set(ewbDocumentKey(row), row.ewbNo);
      addEvent(event);
      return { inserted: true };
    },
    async getEwb(ewbNo) {
      const r = ewbs.get(ewbNo);
      return r ? copy(r) : undefined;
    },
    async updateEwb(ewbNo, status, entry, event) {
      const r = ewbs.get(ewbNo);
      if (!r) return;
      const key = ewbDocumentKey(r);
      if (r.status === 'ACT' && status !== 'ACT' && activeEwbByDocument.get(key) === ewbNo) activeEwbByDocument.delete(key);
      const { listed: _forgotten, ...kept } = r;
      ewbs.set(ewbNo, { ...kept, status, entry: copy(entry) });
      addEvent(event);
    },
    async reviseEwb(change) {
      const r = ewbs.get(change.ewbNo);
      if (!r || revisionOf(r.entry) !== change.revision) return false;
      const key = ewbDocumentKey(r);
      if (r.status === 'ACT' && change.status !== 'ACT' && activeEwbByDocument.get(key) === change.ewbNo) activeEwbByDocument.delete(key);
      const { transporterId: _old, listed: _was, ...rest } = r;
      ewbs.set(change.ewbNo, {
        ...rest,
        status: change.status,
        entry: copy(change.entry),
        ...(change.transporterId ? { transporterId: change.transporterId } : {}),
        ...(change.listed ? { listed: copy(change.listed) } : {}),
      });
      addEvent(change.event);
      return true;
    },
    async ewbDayPage(query, after, limit) {
      const page: EwbListedRow[] = [];
      const day = ewbsOfDay.get(query.date) ?? [];
      for (let i = firstAfter(day, after); i < day.length && page.length < limit; i++) {
        const ewbNo = day[i]!;
        const r = ewbs.get(ewbNo);
        if (!r || !onDayList(query, r)) continue;
        page.push(r.listed ? { ewbNo, listed: copy(r.listed) } : { ewbNo, entry: copy(r.entry) });
      }
      return page;
    },
    async ewbsForTransporter(transporterId, genDate) {
      return [...ewbs.values()]
        .filter((r) => r.transporterId === transporterId && r.genDate === genDate)
        .sort((a, b) => a.ewbNo.localeCompare(b.ewbNo))
        .map(copy);
    },
    async ewbHistory(ewbNo) {
      return copy(events.get(ewbNo) ?? []);
    },
    async ewbsGeneratedOn(companyId, genGstin, genDate) {
      return [...ewbs.values()]
        .filter((r) => r.companyId === companyId && r.genGstin === genGstin && r.genDate === genDate)
        .sort((a, b) => a.ewbNo.localeCompare(b.ewbNo))
        .map(copy);
    },
    async ewbsOfOtherParty(gstin, genDate) {
      return [...ewbs.values()]
        .filter((r) => r.genDate === genDate && r.genGstin !== gstin && (r.toGstin === gstin || r.fromGstin === gstin))
        .sort((a, b) => a.ewbNo.localeCompare(b.ewbNo))
        .map(copy);
    },

    async insertTripSheet(row) {
      if (tripSheets.has(row.tripSheetNo)) return { inserted: false };
      tripSheets.set(row.tripSheetNo, copy(row));
      return { inserted: true };
    },
    async getTripSheet(tripSheetNo) {
      const r = tripSheets.get(tripSheetNo);
      return r ? copy(r) : undefined;
    },
    async updateTripSheet(tripSheetNo, status, record) {
      const r = tripSheets.get(tripSheetNo);
      if (r) tripSheets.set(tripSheetNo, { ...r, status, record: copy(record) });
    },

    async addRejectedIrn(row) {
      const key = [row.companyId, row.irn, row.rejectedOn].join('\u0000');
      if (!rejections.has(key)) rejections.set(key, { ...copy(row), seq: ++seq });
    },
    async rejectedIrns(companyId, irp, sellerGstin, rejectedOn) {
      return [...rejections.values()]
        .filter((r) => r.companyId === companyId && r.irp === irp && r.sellerGstin === sellerGstin && r.rejectedOn === rejectedOn)
        .sort((a, b) => a.seq - b.seq)
        .map(strip);
    },

    async nextNumber(name, start) {
      const next = counters.has(name) ? counters.get(name)! + 1 : start;
      counters.set(name, next);
      return next;
    },

    async putTaxpayer(gstin, data) {
      taxpayers.set(gstin, copy(data));
    },
    async listTaxpayers() {
      return [...taxpayers.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([gstin, data]) => ({ gstin, data: copy(data) }));
    },

    async putReturn(row) {
      const key = [row.companyId, row.gstin, row.returnType, row.period].join('|');
      const old = returns.get(key);
      const { json, ...info } = row;
      const pieces = returnPieces(json);
      const version = randomUUID();
      pieces.forEach((piece, seq) => returnPiecesByKey.set(`${version}|${seq}`, piece));
      returns.set(key, { ...info, version, pieces: pieces.length });
      if (old) for (let seq = 0; seq < old.pieces; seq++) returnPiecesByKey.delete(`${old.version}|${seq}`);
    },
    async getReturn(companyId, gstin, returnType, period) {
      const r = returns.get([companyId, gstin, returnType, period].join('|'));
      if (!r) return undefined;
      const { version, pieces, ...row } = r;
      const json = Array.from({ length: pieces }, (_, seq) => returnPiecesByKey.get(`${version}|${seq}`)).join('');
      return { ...row, json };
    },
    async getReturnInfo(companyId, gstin, returnType, period) {
      const r = returns.get([companyId, gstin, returnType, period].join('|'));
      return r ? { ...r } : undefined;
    },
    async getReturnPiece(version, seq) {
      return returnPiecesByKey.get(`${version}|${seq}`);
    },

    async insertJob(row) {
      if (jobs.has(row.jobId)) throw new Error(`job ${row.jobId} exists`);
      jobs.set(row.jobId, { ...copy(row), seq: ++seq });
    },
    async getJob(companyId, jobId) {
      const j = jobs.get(jobId);
      return j && j.companyId === companyId ? strip(j) : undefined;
    },
    async claimJob(owner, now, leaseUntil, policy, only = {}) {
      await store.recoverJobs(now, policy);
      const next = [...jobs.values()]
        .filter((j) => j.state === 0 && (!only.types || only.types.includes(j.type)) && (!only.jobId || j.jobId === only.jobId))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.seq - b.seq)[0];
      if (!next) return undefined;
      Object.assign(next, { state: 1, owner, leaseUntil, attempts: next.attempts + 1, updatedAt: now, progress: 0, done: 0 });
      return strip(next);
    },
    async touchJob(jobId, owner, patch) {
      const j = jobs.get(jobId);
      if (!j || j.owner !== owner || j.state !== 1) return false;
      // A write that lands late (a slow progress write overtaken by a renewal) never shortens the lease.
      if (j.leaseUntil === undefined || Date.parse(patch.leaseUntil) > Date.parse(j.leaseUntil)) j.leaseUntil = patch.leaseUntil;
      j.updatedAt = patch.updatedAt;
      if (patch.done !== undefined) j.done = patch.done;
      if (patch.total !== undefined) j.total = patch.total;
      if (patch.progress !== undefined) j.progress = patch.progress;
      return true;
    },
    async finishJob(jobId, owner, end) {
      const j = jobs.get(jobId);
      if (j?.state !== 1 || (owner !== undefined && j.owner !== owner)) return false;
      j.state = end.state;
      j.updatedAt = end.updatedAt;
      delete j.leaseUntil;
      if (end.result !== undefined) j.result = copy(end.result);
      else delete j.result;
      if (end.error) j.error = copy(end.error);
      else delete j.error;
      if (end.fileId) j.fileId = end.fileId;
      if (end.state === 100) {
        j.progress = 100;
        if (j.total > 0) j.done = j.total;
      }
      return true;
    },
    async waitingJobs(limit) {
      return [...jobs.values()]
        .filter((j) => j.state === 0)
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.seq - b.seq)
        .slice(0, limit)
        .map(strip);
    },
    async recoverJobs(now, policy) {
      let requeued = 0;
      let failed = 0;
      for (const j of jobs.values()) {
        // A working row without a lease belongs to no live runner.
        if (j.state !== 1 || (j.leaseUntil !== undefined && j.leaseUntil >= now)) continue;
        delete j.leaseUntil;
        delete j.owner;
        j.updatedAt = now;
        if (j.attempts >= policy.maxAttempts) {
          j.state = 101;
          j.error = copy(policy.error);
          failed++;
        } else {
          j.state = 0;
          requeued++;
        }
      }
      return { requeued, failed };
    },
    async pruneJobs(before) {
      let n = 0;
      for (const [id, j] of jobs) {
        if (j.state >= 100 && j.updatedAt < before) {
          jobs.delete(id);
          if (j.fileId) files.delete(j.fileId);
          n++;
        }
      }
      const cutoff = Date.parse(before);
      for (const [id, f] of files) if (!f.complete && f.createdAt < cutoff) files.delete(id);
      return n;
    },

    async createFile(meta) {
      files.set(meta.fileId, { ...meta, size: 0, complete: false, createdAt: Date.now(), chunks: [] });
    },
    async appendFileChunk(fileId, seqNo, bytes) {
      const f = files.get(fileId);
      if (!f) throw new Error(`no file ${fileId}`);
      if (f.chunks[seqNo]) throw new Error(`chunk ${seqNo} of ${fileId} exists`);
      f.chunks[seqNo] = new Uint8Array(bytes);
    },
    async completeFile(fileId, size) {
      const f = files.get(fileId);
      if (f) Object.assign(f, { size, complete: true });
    },
    async getFile(companyId, fileId) {
      const f = files.get(fileId);
      if (!f || f.companyId !== companyId) return undefined;
      const { chunks: _c, createdAt: _t, ...meta } = f;
      return { ...meta };
    },
    readFile(fileId) {
      return {
        async *[Symbol.asyncIterator]() {
          const f = files.get(fileId);
          for (let i = 0; f?.chunks[i]; i++) yield f.chunks[i]!;
        },
      };
    },

    async addInquiry(row) {
      if (!inquiries.has(row.inquiryId)) inquiries.set(row.inquiryId, copy(row));
    },
    async dueInquiries(now, limit) {
      return [...inquiries.values()]
        .filter((r) => r.state === 'pending' && r.nextAttemptAt <= now)
        .sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt))
        .slice(0, limit)
        .map(copy);
    },
    async claimDueInquiries(now, leaseUntil, limit) {
      const due = [...inquiries.values()]
        .filter((r) => r.state === 'pending' && r.nextAttemptAt <= now)
        .sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt))
        .slice(0, limit);
      for (const r of due) inquiries.set(r.inquiryId, { ...r, nextAttemptAt: leaseUntil });
      return due.map((r) => ({ ...copy(r), nextAttemptAt: leaseUntil }));
    },
    async markInquiryDelivered(id) {
      const r = inquiries.get(id);
      if (r) {
        r.state = 'delivered';
        r.attempts++;
        delete r.lastError;
      }
    },
    async markInquiryRetry(id, nextAttemptAt, error, claim) {
      const r = inquiries.get(id);
      if (r && r.state === 'pending' && (claim === undefined || r.nextAttemptAt === claim)) {
        Object.assign(r, { attempts: r.attempts + 1, nextAttemptAt, lastError: error });
      }
    },
    async getInquiry(id) {
      const r = inquiries.get(id);
      return r ? copy(r) : undefined;
    },

    async revokeApiKey(keyId, at) {
      if (!revokedKeys.has(keyId)) revokedKeys.set(keyId, { keyId, revokedAt: at });
    },
    async restoreApiKey(keyId) {
      return revokedKeys.delete(keyId);
    },
    async revokedApiKeys() {
      return [...revokedKeys.values()].map((r) => ({ ...r })).sort((a, b) => (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0));
    },

    async addAudit(entry) {
      const row = copy(entry) as AuditRow;
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
        out.push(copy(r));
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
    async countRequest(bucket, slotStart, since, cap, by = 1) {
      const slots = rateSlots.get(bucket) ?? [];
      const count = countInSlots(slots, slotStart, since, cap, by);
      if (slots.length > 0) rateSlots.set(bucket, slots);
      else rateSlots.delete(bucket);
      return count;
    },
    async secret(name, create) {
      if (!secrets.has(name)) secrets.set(name, create());
      return secrets.get(name)!;
    },

    async getPortalSession(companyId, portal, gstin) {
      const row = portalSessions.get([companyId, portal, gstin].join('\u0000'));
      return row ? copy(row) : undefined;
    },
    async putPortalSession(row) {
      portalSessions.set([row.companyId, row.portal, row.gstin].join('\u0000'), copy(row));
    },
    async dropPortalSession(companyId, portal, gstin, version) {
      const key = [companyId, portal, gstin].join('\u0000');
      if (portalSessions.get(key)?.version !== version) return false;
      portalSessions.delete(key);
      return true;
    },
    async leasePortalLogin(companyId, portal, gstin, holder, now, until) {
      const key = [companyId, portal, gstin].join('\u0000');
      const lease = portalLeases.get(key);
      if (lease && lease.holder !== holder && lease.until > now) return false;
      portalLeases.set(key, { holder, until });
      return true;
    },
    async releasePortalLogin(companyId, portal, gstin, holder) {
      const key = [companyId, portal, gstin].join('\u0000');
      if (portalLeases.get(key)?.holder === holder) portalLeases.delete(key);
    },

    async close() {},
  };
  return exclusive(store, slot);
}

/**
 * The store as callers see it: one operation at a time (a promise chain), so a transaction's writes are
 * seen by no other call before it ends, and a transaction that throws is rolled back whole. A
 * transaction's work must use the handle it is given; calling the outer store from inside it would wait
 * for the transaction itself.
 */
function exclusive(inner: Store, slot: JournalSlot): Store {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  const outer = { ...inner } as Record<string, unknown>;
  for (const [name, value] of Object.entries(inner)) {
    // Reading a file's chunks lazily changes nothing, and must not hold the turn between chunks.
    if (typeof value !== 'function' || name === 'readFile' || name === 'atomically') continue;
    outer[name] = (...args: unknown[]) => inTurn(() => (value as (...a: unknown[]) => Promise<unknown>).apply(inner, args));
  }
  outer['atomically'] = <T>(work: (tx: Store) => Promise<T>): Promise<T> =>
    inTurn(async () => {
      const journal = new Journal();
      slot.current = journal;
      try {
        return await work(inner);
      } catch (e) {
        journal.rollback();
        throw e;
      } finally {
        slot.current = undefined;
      }
    });
  return outer as unknown as Store;
}
