/**
 * The in-memory store: the same behaviour as the SQL store (the contract suite runs on both), kept in
 * maps, for unit tests and for hosts that want nothing persisted. Rows are copied in and out, so a
 * caller never changes a stored record by accident; an IRN record is instead made read-only where it
 * stands (read-only-row.ts). Each aggregate lives in `memory/`; this puts them together over one
 * transaction journal, one operation at a time (memory/exclusive.ts).
 * @module
 */
import type { Store } from '../ports/store.js';
import { memoryAuditStore } from './memory/audit.js';
import { memoryCounterStore } from './memory/counter.js';
import { memoryEwbStore } from './memory/ewaybill.js';
import { exclusive } from './memory/exclusive.js';
import { memoryIrnStore } from './memory/irn.js';
import { memoryJobStore } from './memory/job.js';
import type { JournalSlot } from './memory/journal.js';
import { memoryOutboxStore } from './memory/outbox.js';
import { memoryPortalSessionStore } from './memory/portal-session.js';
import { memoryPulledReturnStore } from './memory/pulled-return.js';
import { memoryRateCountStore } from './memory/rate-count.js';
import { memoryRevokedKeyStore } from './memory/revoked-key.js';
import { memoryScheduleStore } from './memory/schedule.js';
import { memorySecretStore } from './memory/secret.js';
import { memoryTaxpayerStore } from './memory/taxpayer.js';
import { memoryTripSheetStore } from './memory/trip-sheet.js';
import { memoryWebhookStore } from './memory/webhook.js';
import { memoryNoticeStore } from './memory/notice.js';

/** Builds an empty in-memory store. */
export function createMemoryStore(): Store {
  // Every journaled map reports to the open transaction, so a failed one can be rolled back.
  const slot: JournalSlot = {};
  const store: Store = {
    kind: 'memory',
    // The transaction's own handle: calls on it run inside the transaction (see `exclusive`).
    atomically: (work) => work(store),
    ...memoryIrnStore(slot),
    ...memoryEwbStore(slot),
    ...memoryTripSheetStore(slot),
    ...memoryCounterStore(slot),
    ...memoryTaxpayerStore(slot),
    ...memoryPulledReturnStore(slot),
    ...memoryJobStore(slot),
    ...memoryOutboxStore(slot),
    ...memoryRevokedKeyStore(slot),
    ...memoryScheduleStore(slot),
    ...memorySecretStore(slot),
    // Outside transactions: an audit entry or a request count stands whatever happens to the call's writes.
    ...memoryAuditStore(),
    ...memoryRateCountStore(),
    ...memoryPortalSessionStore(slot),
    ...memoryWebhookStore(slot),
    ...memoryNoticeStore(slot),
    async close() {},
  };
  return exclusive(store, slot);
}
