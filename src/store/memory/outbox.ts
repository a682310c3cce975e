/**
 * The sales inquiry outbox in memory.
 * @module
 */
import type { OutboxRow, OutboxStore } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The outbox store in memory; its map reports to the transaction open in `slot`. */
export function memoryOutboxStore(slot: JournalSlot): OutboxStore {
  const inquiries = new JournaledMap<string, OutboxRow>(slot);
  return {
    async addInquiry(row) {
      if (!inquiries.has(row.inquiryId)) inquiries.set(row.inquiryId, copyRow(row));
    },
    async dueInquiries(now, limit) {
      return [...inquiries.values()]
        .filter((r) => r.state === 'pending' && r.nextAttemptAt <= now)
        .sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt))
        .slice(0, limit)
        .map(copyRow);
    },
    async claimDueInquiries(now, leaseUntil, limit) {
      const due = [...inquiries.values()]
        .filter((r) => r.state === 'pending' && r.nextAttemptAt <= now)
        .sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt))
        .slice(0, limit);
      for (const r of due) inquiries.set(r.inquiryId, { ...r, nextAttemptAt: leaseUntil });
      return due.map((r) => ({ ...copyRow(r), nextAttemptAt: leaseUntil }));
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
      return r ? copyRow(r) : undefined;
    },
  };
}
