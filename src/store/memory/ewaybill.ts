/**
 * E-waybills and their history in memory, with the index the day lists page through.
 * @module
 */
import type { EwbDayList, EwbEvent, EwbListedRow, EwbRow, EwbStore } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';
import { ewbValidUntil } from '../ewb-valid-until.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The revision an e-waybill entry carries (0 before its first change), as the SQL stores read it. */
const revisionOf = (entry: Record<string, unknown>): number => {
  const n = Number(entry['revision'] ?? 0);
  return Number.isFinite(n) ? n : 0;
};

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

/** The e-waybill store in memory; its maps report to the transaction open in `slot`. */
export function memoryEwbStore(slot: JournalSlot): EwbStore {
  const ewbs = new JournaledMap<string, EwbRow>(slot);
  const activeEwbByDocument = new JournaledMap<string, string>(slot);
  // The numbers of each day's e-waybills, sorted (a generation date never changes), so a page of a day list
  // starts where the last ended and looks at that day only. Not journaled: a number whose row a rollback
  // removed is skipped when read, and one issued again is not added twice.
  const ewbsOfDay = new Map<string, string[]>();
  const events = new JournaledMap<string, EwbEvent[]>(slot);

  const ewbDocumentKey = (r: EwbRow): string => [r.fromGstin, r.docType, r.docKey].join('\u0000');
  const addEvent = (e: EwbEvent): void => {
    const list = events.get(e.ewbNo) ?? [];
    list.push(copyRow(e));
    events.set(e.ewbNo, list);
  };

  return {
    async insertEwb(row, event) {
      const active = activeEwbByDocument.get(ewbDocumentKey(row));
      if (ewbs.has(row.ewbNo)) return { inserted: false, existingEwbNo: row.ewbNo };
      if (active && row.status === 'ACT') return { inserted: false, existingEwbNo: active };
      ewbs.set(row.ewbNo, copyRow(row));
      addSorted(ewbsOfDay, row.genDate, row.ewbNo);
      if (row.status === 'ACT') activeEwbByDocument.set(ewbDocumentKey(row), row.ewbNo);
      addEvent(event);
      return { inserted: true };
    },
    async getEwb(ewbNo) {
      const r = ewbs.get(ewbNo);
      return r ? copyRow(r) : undefined;
    },
    async updateEwb(ewbNo, status, entry, event) {
      const r = ewbs.get(ewbNo);
      if (!r) return;
      const key = ewbDocumentKey(r);
      if (r.status === 'ACT' && status !== 'ACT' && activeEwbByDocument.get(key) === ewbNo) activeEwbByDocument.delete(key);
      const { listed: _forgotten, ...kept } = r;
      ewbs.set(ewbNo, { ...kept, status, entry: copyRow(entry) });
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
        entry: copyRow(change.entry),
        ...(change.transporterId ? { transporterId: change.transporterId } : {}),
        ...(change.listed ? { listed: copyRow(change.listed) } : {}),
      });
      addEvent(change.event);
      return true;
    },
    async ewbsEndingBetween(after, before, limit) {
      // The memory store reads every bill: it holds what one process made, not a company's years.
      const ending: [number, EwbRow][] = [];
      for (const r of ewbs.values()) {
        const until = r.status === 'ACT' ? ewbValidUntil(r.entry) : null;
        if (until !== null && until > after && until <= before) ending.push([until, r]);
      }
      ending.sort((a, b) => a[0] - b[0] || a[1].ewbNo.localeCompare(b[1].ewbNo));
      return ending.slice(0, limit).map(([, r]) => copyRow(r));
    },
    async ewbDayPage(query, after, limit) {
      const page: EwbListedRow[] = [];
      const day = ewbsOfDay.get(query.date) ?? [];
      for (let i = firstAfter(day, after); i < day.length && page.length < limit; i++) {
        const ewbNo = day[i]!;
        const r = ewbs.get(ewbNo);
        if (!r || !onDayList(query, r)) continue;
        page.push(r.listed ? { ewbNo, listed: copyRow(r.listed) } : { ewbNo, entry: copyRow(r.entry) });
      }
      return page;
    },
    async ewbsForTransporter(transporterId, genDate) {
      return [...ewbs.values()]
        .filter((r) => r.transporterId === transporterId && r.genDate === genDate)
        .sort((a, b) => a.ewbNo.localeCompare(b.ewbNo))
        .map(copyRow);
    },
    async ewbHistory(ewbNo) {
      return copyRow(events.get(ewbNo) ?? []);
    },
    async ewbsGeneratedOn(companyId, genGstin, genDate) {
      return [...ewbs.values()]
        .filter((r) => r.companyId === companyId && r.genGstin === genGstin && r.genDate === genDate)
        .sort((a, b) => a.ewbNo.localeCompare(b.ewbNo))
        .map(copyRow);
    },
    async ewbsOfOtherParty(gstin, genDate) {
      return [...ewbs.values()]
        .filter((r) => r.genDate === genDate && r.genGstin !== gstin && (r.toGstin === gstin || r.fromGstin === gstin))
        .sort((a, b) => a.ewbNo.localeCompare(b.ewbNo))
        .map(copyRow);
    },
  };
}
