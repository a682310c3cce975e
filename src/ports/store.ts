/**
 * The store port: every record the server keeps (IRNs, e-waybills with their history, GSTIN registry
 * entries, pulled returns, jobs and their files, sales inquiries, API keys, the sandbox's signing key).
 * One SQL schema (src/store/schema.ts) backs the PGlite and PostgreSQL adapters; an in-memory adapter
 * with the same behaviour serves unit tests. Every row carries its company.
 *
 * `Store` is the intersection of one port per aggregate (in `store/`), plus what is store-wide: its kind,
 * transactions and closing. A caller that needs one aggregate names that port (an `IrnStore`, a
 * `SecretStore`); a whole `Store` is each of them.
 *
 * Uniqueness the portals enforce is the store's job, not a check in memory: `insertIrn` and `insertEwb`
 * answer `inserted: false` with the row already there, atomically, whatever number of servers race.
 * @module
 */
import type { AuditStore } from './store/audit.js';
import type { CounterStore } from './store/counter.js';
import type { EwbStore } from './store/ewaybill.js';
import type { IrnStore } from './store/irn.js';
import type { JobStore } from './store/job.js';
import type { NoticeStore } from './store/notice.js';
import type { OutboxStore } from './store/outbox.js';
import type { PortalSessionStore } from './store/portal-session.js';
import type { PulledReturnStore } from './store/pulled-return.js';
import type { RateCountStore } from './store/rate-count.js';
import type { RevokedKeyStore } from './store/revoked-key.js';
import type { ScheduleStore } from './store/schedule.js';
import type { SecretStore } from './store/secret.js';
import type { TaxpayerStore } from './store/taxpayer.js';
import type { TripSheetStore } from './store/trip-sheet.js';
import type { WebhookStore } from './store/webhook.js';

export type { EwbDayList, EwbListed, EwbListedRow } from './ewaybill-listed.js';
export type { AuditStore } from './store/audit.js';
export type { CounterStore } from './store/counter.js';
export type { EwbEvent, EwbRevision, EwbRow, EwbStore } from './store/ewaybill.js';
export type { IrnRow, IrnStore, RejectedIrnRow } from './store/irn.js';
export type { FileMeta, JobRow, JobRowState, JobStore, RecoveryPolicy } from './store/job.js';
export type { NoticeStore } from './store/notice.js';
export type { OutboxRow, OutboxStore } from './store/outbox.js';
export type { PortalSessionRow, PortalSessionStore } from './store/portal-session.js';
export type { PulledReturnStore, ReturnInfo, ReturnRow } from './store/pulled-return.js';
export type { RateCountStore } from './store/rate-count.js';
export type { RevokedKeyRow, RevokedKeyStore } from './store/revoked-key.js';
export type { ScheduleRow, ScheduleRunRecord, ScheduleStore } from './store/schedule.js';
export type { SecretStore } from './store/secret.js';
export type { TaxpayerStore } from './store/taxpayer.js';
export type { TripSheetRow, TripSheetStore } from './store/trip-sheet.js';
export type {
  ClaimedWebhookDelivery,
  WebhookAttempt,
  WebhookAttemptEnd,
  WebhookDeliveryRow,
  WebhookDeliveryState,
  WebhookRow,
  WebhookStore,
} from './store/webhook.js';
export { StoreFullError, StoreUnavailableError } from './store/errors.js';

/** The store: every aggregate's port. Every method is atomic on its own; `atomically` makes several calls one. */
export interface Store
  extends IrnStore,
    EwbStore,
    TripSheetStore,
    CounterStore,
    TaxpayerStore,
    PulledReturnStore,
    JobStore,
    OutboxStore,
    RevokedKeyStore,
    SecretStore,
    AuditStore,
    RateCountStore,
    PortalSessionStore,
    ScheduleStore,
    WebhookStore,
    NoticeStore {
  /** `memory`, `pglite` or `postgres`. */
  readonly kind: string;

  /**
   * Runs `work` as one transaction: everything it writes through `tx` becomes visible together when it
   * resolves, and nothing of it when it throws (the error is thrown on). Other callers never see the
   * writes half done. Inside, use only `tx` (the outer store may wait for the transaction to end).
   */
  atomically<T>(work: (tx: Store) => Promise<T>): Promise<T>;

  /** Asks the database for a trivial answer: resolves when it answers, throws as any call would. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}
