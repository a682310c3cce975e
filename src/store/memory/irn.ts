/**
 * Registered and rejected IRNs in memory. An IRN record is made read-only where it stands
 * (read-only-row.ts) instead of copied: the object handed to insertIrn or updateIrn is frozen, and getIrn
 * returns it frozen. Lists are copied, so their readers may change what they get.
 * @module
 */
import type { IrnRow, IrnStore, RejectedIrnRow } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';
import { keepRecord, readRecord, type KeptRecord } from '../read-only-row.js';
import { JournaledMap, type JournalSlot } from './journal.js';
import { withoutSeq } from './sequenced.js';

/**
 * An IRN row as kept: its record frozen where it stands (or copied when it is not JSON-like), so a single
 * row read (getIrn, the duplicate found by insertIrn) hands out the record without copying it. Lists are
 * read for building returns and are copied, so their readers may change what they get.
 */
type StoredIrn = Omit<IrnRow, 'record'> & { record: KeptRecord<Record<string, unknown>>; seq: number };

/** The IRN store in memory; its maps report to the transaction open in `slot`. */
export function memoryIrnStore(slot: JournalSlot): IrnStore {
  // An IRN row is replaced, never changed in place, and its record is read-only: the journal keeps it as it is.
  const irns = new JournaledMap<string, StoredIrn>(slot, { replacedWhole: true });
  const irnByDocument = new JournaledMap<string, string>(slot);
  const rejections = new JournaledMap<string, RejectedIrnRow & { seq: number }>(slot);
  let seq = 0;

  const documentKey = (r: IrnRow): string => [r.sellerGstin, r.financialYear, r.docType, r.docKey].join('\u0000');
  /** An IRN row as callers get it: the read-only record itself (`share`) or a copy they may change. */
  const irnRow = (r: StoredIrn, share: boolean): IrnRow => {
    const { seq: _seq, record, ...rest } = r;
    return { ...rest, record: share ? readRecord(record) : copyRow(record.value) };
  };
  const sharedIrnRow = (r: StoredIrn): IrnRow => irnRow(r, true);
  const copiedIrnRow = (r: StoredIrn): IrnRow => irnRow(r, false);

  return {
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

    async addRejectedIrn(row) {
      const key = [row.companyId, row.irn, row.rejectedOn].join('\u0000');
      if (!rejections.has(key)) rejections.set(key, { ...copyRow(row), seq: ++seq });
    },
    async rejectedIrns(companyId, irp, sellerGstin, rejectedOn) {
      return [...rejections.values()]
        .filter((r) => r.companyId === companyId && r.irp === irp && r.sellerGstin === sellerGstin && r.rejectedOn === rejectedOn)
        .sort((a, b) => a.seq - b.seq)
        .map(withoutSeq);
    },
  };
}
