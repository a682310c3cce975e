/**
 * The store port: every record the server keeps (IRNs, e-waybills with their history, GSTIN registry
 * entries, pulled returns, jobs and their files, sales inquiries, API keys, the sandbox's signing key).
 * One SQL schema (src/store/schema.ts) backs the PGlite and PostgreSQL adapters; an in-memory adapter
 * with the same behaviour serves unit tests. Every row carries its company.
 *
 * Uniqueness the portals enforce is the store's job, not a check in memory: `insertIrn` and `insertEwb`
 * answer `inserted: false` with the row already there, atomically, whatever number of servers race.
 * @module
 */
import type { AuditEntry, AuditQuery, AuditRow } from './audit.js';
import type { RateCount } from './ratelimit.js';
import type { PortalName } from './portal-sessions.js';
import type { EwbDayList, EwbListed, EwbListedRow } from './ewb-listed.js';

export type { EwbDayList, EwbListed, EwbListedRow } from './ewb-listed.js';

/** One registered IRN. */
export interface IrnRow {
  companyId: string;
  /** 64 lower-case hex characters. */
  irn: string;
  sellerGstin: string;
  /** Financial year of the document date, e.g. `2025-26`. */
  financialYear: string;
  docType: string;
  /** The document number as the duplicate check compares it (upper-cased where the IRP ignores case). */
  docKey: string;
  /** DD/MM/YYYY */
  docDate: string;
  /** Buyer GSTIN, or `URP`. */
  buyerGstin: string;
  /** `YYYY-MM` of the document date, for the buyer's GSTR-2A/2B. */
  docPeriod: string;
  status: string;
  /** The IRP's record as JSON (`RegisteredIrn`). */
  record: Record<string, unknown>;
}

/** One e-waybill. */
export interface EwbRow {
  ewbNo: string;
  companyId: string;
  genGstin: string;
  fromGstin: string;
  toGstin: string;
  docType: string;
  /** Upper-cased document number. */
  docKey: string;
  /** DD/MM/YYYY (IST) of generation, for the lists by date. */
  genDate: string;
  status: string;
  irn?: string;
  /** The transporter the e-waybill is assigned to now (GSTIN or transporter id), for the transporter's lists. */
  transporterId?: string;
  /** The portal's entry as JSON. */
  entry: Record<string, unknown>;
  /** What the day lists show of it (see ewb-listed.ts); without it, they read the whole entry. */
  listed?: EwbListed;
}

/** A change to a stored e-waybill made only if nobody changed it since it was read (see {@link Store.reviseEwb}). */
export interface EwbRevision {
  ewbNo: string;
  /** The `revision` the entry had when it was read (0 when it had none). */
  revision: number;
  status: string;
  /** The transporter after the change; null when none is assigned. */
  transporterId: string | null;
  /** The new entry; its `revision` must be `revision + 1`. */
  entry: Record<string, unknown>;
  /** What the day lists show of the new entry; without it, they read the whole entry. */
  listed?: EwbListed;
  event: EwbEvent;
}

/** One change in an e-waybill's life (generated, cancelled, closed, ...). */
export interface EwbEvent {
  ewbNo: string;
  /** ISO 8601. */
  at: string;
  event: string;
  detail: Record<string, unknown>;
}

/** One consolidated e-waybill (trip sheet). */
export interface TripSheetRow {
  tripSheetNo: string;
  companyId: string;
  /** The GSTIN that generated it (the transporter or the generator of its members). */
  genGstin: string;
  /** DD/MM/YYYY (IST) of generation. */
  genDate: string;
  /** `ACT`, or `REG` once regenerated under a new number. */
  status: string;
  /** The portal's record as JSON (members, vehicle, history). */
  record: Record<string, unknown>;
}

/** One IRN the central duplicate check rejected, as NIC's Get-Rejected-IRNs lists it. */
export interface RejectedIrnRow {
  companyId: string;
  sellerGstin: string;
  irn: string;
  /** The IRP that issued the rejected IRN, whose list it is on (`IRP1`...). */
  irp: string;
  /** DD/MM/YYYY (IST), the day of the rejection. */
  rejectedOn: string;
  /** The list's entry as JSON. */
  entry: Record<string, unknown>;
}

/** One pulled return. */
export interface ReturnRow {
  companyId: string;
  gstin: string;
  returnType: string;
  period: string;
  /** ISO 8601. */
  pulledAt: string;
  /** The GSTN JSON as received, as text (parsed only by who needs it). */
  json: string;
  /** The documents the pull counted, when it did (an export's progress total). */
  documents?: number;
}

/** What is stored for a pulled return, without its JSON. */
export interface ReturnInfo extends Omit<ReturnRow, 'json'> {
  /** Names this pull: its pieces are read with it, and a later pull of the same return gets another. */
  version: string;
  /** How many pieces the JSON text is kept in (see {@link Store.getReturnPiece}). */
  pieces: number;
}

/** 0 waiting, 1 working, 100 done, 101 failed. */
export type JobRowState = 0 | 1 | 100 | 101;

/** One job as the store keeps it. */
export interface JobRow {
  jobId: string;
  companyId: string;
  type: string;
  params: Record<string, unknown>;
  state: JobRowState;
  /** Units done and total (rows, documents), when known. */
  done: number;
  total: number;
  /** 0..100 */
  progress: number;
  attempts: number;
  error?: { code: string; message: string };
  result?: unknown;
  fileId?: string;
  /** ISO 8601 */
  createdAt: string;
  updatedAt: string;
  /** Until when the runner that claimed the job owns it (ISO 8601); a dead runner's lease runs out. */
  leaseUntil?: string;
  owner?: string;
}

/** A stored file's description; its bytes are kept in chunks. */
export interface FileMeta {
  fileId: string;
  companyId: string;
  fileName: string;
  contentType: string;
  /** Bytes; known once the file is complete. */
  size: number;
  complete: boolean;
}

/** A sales inquiry waiting in the outbox or delivered. */
export interface OutboxRow {
  inquiryId: string;
  payload: Record<string, unknown>;
  state: 'pending' | 'delivered';
  attempts: number;
  /** ISO 8601 */
  nextAttemptAt: string;
  lastError?: string;
  createdAt: string;
}

/** A revoked API key id: refused by every server on the store, whatever its configuration says. */
export interface RevokedKeyRow {
  keyId: string;
  /** ISO 8601 */
  revokedAt: string;
}

/** A portal session as the store keeps it: sealed (encrypted) by whoever writes it; the store never reads it. */
export interface PortalSessionRow {
  companyId: string;
  portal: PortalName;
  gstin: string;
  /** Names this publication of the session, for compare-and-delete. */
  version: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  sealed: string;
}

/** What a runner may do with an interrupted job (its lease ran out while it was working). */
export interface RecoveryPolicy {
  /** Attempts after which an interrupted job fails instead of running again. */
  maxAttempts: number;
  /** The error an interrupted job ends with when it may not run again. */
  error: { code: string; message: string };
}

/**
 * The store's database cannot be reached or ended the connection (a restart, a failover): nothing of the
 * call was written, and the same call may succeed shortly. The HTTP adapter answers 503 SVC-951 with
 * Retry-After.
 */
export class StoreUnavailableError extends Error {
  /** True when the database did not answer within its deadline (a stall), rather than refusing or closing. */
  readonly timedOut: boolean;
  constructor(
    readonly reason: string,
    options: { timedOut?: boolean } = {},
  ) {
    super(`the database ${options.timedOut ? 'did not answer in time' : 'is unreachable; nothing was written'} (${reason}); try again shortly`);
    this.name = 'StoreUnavailableError';
    this.timedOut = options.timedOut ?? false;
  }
}

/**
 * The store's disk is full (PostgreSQL's 53100 disk_full, ENOSPC): nothing of the call was written. Reads
 * still work; writes work again once space is freed. The HTTP adapter answers 507 SVC-957.
 */
export class StoreFullError extends Error {
  constructor(readonly reason: string) {
    super(`the store's disk is full (${reason}); nothing was written. Reads still work; free disk space where the database keeps its data`);
    this.name = 'StoreFullError';
  }
}

/** The store. Every method is atomic on its own; `atomically` makes several calls one. */
export interface Store {
  /** `memory`, `pglite` or `postgres`. */
  readonly kind: string;

  /**
   * Runs `work` as one transaction: everything it writes through `tx` becomes visible together when it
   * resolves, and nothing of it when it throws (the error is thrown on). Other callers never see the
   * writes half done. Inside, use only `tx` (the outer store may wait for the transaction to end).
   */
  atomically<T>(work: (tx: Store) => Promise<T>): Promise<T>;

  // IRP
  insertIrn(row: IrnRow): Promise<{ inserted: true } | { inserted: false; existing: IrnRow }>;
  getIrn(companyId: string, irn: string): Promise<IrnRow | undefined>;
  /** Replaces the record (and status) of an IRN. */
  updateIrn(companyId: string, irn: string, status: string, record: Record<string, unknown>): Promise<void>;
  /** Active IRNs with this buyer and document period. */
  irnsForBuyer(buyerGstin: string, period: string): Promise<IrnRow[]>;
  /** A company's IRNs (active and cancelled) of one seller GSTIN and document period, for its GSTR-1. */
  irnsOfSeller(companyId: string, sellerGstin: string, period: string): Promise<IrnRow[]>;

  // e-waybills
  /** Refused when the same document (from GSTIN, type, number) has an active e-waybill. */
  insertEwb(row: EwbRow, event: EwbEvent): Promise<{ inserted: true } | { inserted: false; existingEwbNo: string }>;
  getEwb(ewbNo: string): Promise<EwbRow | undefined>;
  /** Replaces entry and status; the lists then read the whole entry (the listed fields are forgotten). */
  updateEwb(ewbNo: string, status: string, entry: Record<string, unknown>, event: EwbEvent): Promise<void>;
  ewbHistory(ewbNo: string): Promise<EwbEvent[]>;
  /**
   * Replaces entry, status and transporter and appends the event, atomically, when the stored entry's
   * `revision` is still `change.revision`; false (and nothing written) when another change came first.
   */
  reviseEwb(change: EwbRevision): Promise<boolean>;
  /**
   * One page of a day list: at most `limit` e-waybills numbered after `after` ('' for the first page), in
   * number order, each with its listed fields only. The cost of a page is proportional to what it returns,
   * however many e-waybills the store holds; each page is a statement of its own, so other calls run
   * between the pages of a long list.
   */
  ewbDayPage(query: EwbDayList, after: string, limit: number): Promise<EwbListedRow[]>;
  /** E-waybills generated on `genDate` (DD/MM/YYYY) and assigned now to `transporterId`, whole. */
  ewbsForTransporter(transporterId: string, genDate: string): Promise<EwbRow[]>;
  ewbsGeneratedOn(companyId: string, genGstin: string, genDate: string): Promise<EwbRow[]>;
  /** E-waybills on `genDate` where `gstin` is a party but not the generator. */
  ewbsOfOtherParty(gstin: string, genDate: string): Promise<EwbRow[]>;

  // consolidated e-waybills (trip sheets)
  /** Refused (`inserted: false`) when the number is taken. */
  insertTripSheet(row: TripSheetRow): Promise<{ inserted: boolean }>;
  getTripSheet(tripSheetNo: string): Promise<TripSheetRow | undefined>;
  /** Replaces the status and record of a trip sheet. */
  updateTripSheet(tripSheetNo: string, status: string, record: Record<string, unknown>): Promise<void>;

  // rejected IRNs
  /** Records a rejection; a second one of the same company, IRN and day is not added again. */
  addRejectedIrn(row: RejectedIrnRow): Promise<void>;
  /** A company's rejections on one IRP's list, of one seller GSTIN on one day (DD/MM/YYYY), in the order they were recorded. */
  rejectedIrns(companyId: string, irp: string, sellerGstin: string, rejectedOn: string): Promise<RejectedIrnRow[]>;

  /** Next value of a named counter; the first call answers `start`. Unique across instances. */
  nextNumber(name: string, start: number): Promise<number>;

  // GSTIN registry
  putTaxpayer(gstin: string, data: Record<string, unknown>): Promise<void>;
  listTaxpayers(): Promise<Array<{ gstin: string; data: Record<string, unknown> }>>;

  // pulled returns
  putReturn(row: ReturnRow): Promise<void>;
  getReturn(companyId: string, gstin: string, returnType: string, period: string): Promise<ReturnRow | undefined>;
  getReturnInfo(companyId: string, gstin: string, returnType: string, period: string): Promise<ReturnInfo | undefined>;
  /**
   * Piece `seq` (from 0) of a pull's JSON text; the pieces in order joined are the text. Undefined past the
   * last piece, or when the return has been pulled again since `version` was read (its pieces are gone).
   */
  getReturnPiece(version: string, seq: number): Promise<string | undefined>;

  // jobs
  insertJob(row: JobRow): Promise<void>;
  getJob(companyId: string, jobId: string): Promise<JobRow | undefined>;
  /**
   * Claims the oldest waiting job for `owner` until `leaseUntil`. A job whose lease ran out while it was
   * working is claimed again (attempts + 1) or, past `policy.maxAttempts`, failed with `policy.error`.
   */
  claimJob(owner: string, now: string, leaseUntil: string, policy: RecoveryPolicy, only?: { jobId?: string; types?: readonly string[] }): Promise<JobRow | undefined>;
  /** Extends the lease (never shortens it) and records progress; false when the job is no longer this owner's. */
  touchJob(jobId: string, owner: string, patch: { leaseUntil: string; done?: number; total?: number; progress?: number; updatedAt: string }): Promise<boolean>;
  /** Ends a job (done or failed); only its owner can, unless `owner` is undefined. */
  finishJob(
    jobId: string,
    owner: string | undefined,
    end: { state: 100 | 101; updatedAt: string; result?: unknown; error?: { code: string; message: string }; fileId?: string },
  ): Promise<boolean>;
  /** Waiting jobs (state 0), longest waiting first: what a queue's sweep checks for a lost or missing message. */
  waitingJobs(limit: number): Promise<JobRow[]>;
  /** Fails every working job whose lease ran out and may not run again; answers how many were re-queued or failed. */
  recoverJobs(now: string, policy: RecoveryPolicy): Promise<{ requeued: number; failed: number }>;
  /** Deletes finished jobs (and their files) updated before `before`. */
  pruneJobs(before: string): Promise<number>;

  // files
  createFile(meta: Omit<FileMeta, 'size' | 'complete'>): Promise<void>;
  appendFileChunk(fileId: string, seq: number, bytes: Uint8Array): Promise<void>;
  completeFile(fileId: string, size: number): Promise<void>;
  getFile(companyId: string, fileId: string): Promise<FileMeta | undefined>;
  /** The file's bytes, chunk by chunk, read as they are consumed. */
  readFile(fileId: string): AsyncIterable<Uint8Array>;

  // sales inquiry outbox
  addInquiry(row: OutboxRow): Promise<void>;
  dueInquiries(now: string, limit: number): Promise<OutboxRow[]>;
  /**
   * Claims up to `limit` pending inquiries due at `now` for one delivery try: their next attempt moves to
   * `leaseUntil`, so no other server takes them before then (rows another caller is claiming are skipped).
   * The rows come back with `nextAttemptAt` = `leaseUntil`, which is the claim to pass to `markInquiryRetry`.
   */
  claimDueInquiries(now: string, leaseUntil: string, limit: number): Promise<OutboxRow[]>;
  markInquiryDelivered(inquiryId: string): Promise<void>;
  /** Schedules another try; with `claim`, only while the row is still under that claim (its `nextAttemptAt`). */
  markInquiryRetry(inquiryId: string, nextAttemptAt: string, error: string, claim?: string): Promise<void>;
  getInquiry(inquiryId: string): Promise<OutboxRow | undefined>;

  // API keys: each server's configuration names the keys it accepts; the store holds only revocations,
  // so that one revocation reaches every server without a restart.
  /** Revokes a key id (again: keeps the first time). */
  revokeApiKey(keyId: string, at: string): Promise<void>;
  /** Lifts a revocation; false when the id was not revoked. */
  restoreApiKey(keyId: string): Promise<boolean>;
  revokedApiKeys(): Promise<RevokedKeyRow[]>;

  /**
   * A named secret (the sandbox signing key, the demo API key): the stored value, or `create()`'s,
   * stored once; every instance racing here gets the same value.
   */
  secret(name: string, create: () => string): Promise<string>;

  // audit log
  /** Appends one entry to the audit log. */
  addAudit(entry: AuditEntry): Promise<void>;
  /** A company's audit entries, newest first. */
  listAudit(companyId: string, query: AuditQuery): Promise<AuditRow[]>;
  /** Deletes every company's audit entries older than `before` (ISO 8601); answers how many. */
  pruneAudit(before: string): Promise<number>;

  // rate limits
  /**
   * One atomic step on `bucket`'s request slots (as `RateCounter.hit`): adds `by` (default 1; 0 only reads)
   * to the slot at `slotStart` if the slots from `since` on then hold at most `cap`; when adding, forgets the
   * older slots; answers the slots from `since` on, oldest first. Servers sharing the store share the count.
   */
  countRequest(bucket: string, slotStart: number, since: number, cap: number, by?: number): Promise<RateCount>;

  // live portals' sessions (see ports/portal-sessions.ts)
  /** The current session of a company's (portal, GSTIN), or undefined. */
  getPortalSession(companyId: string, portal: PortalName, gstin: string): Promise<PortalSessionRow | undefined>;
  /** Makes the row the current session of its (company, portal, GSTIN), replacing any other. */
  putPortalSession(row: PortalSessionRow): Promise<void>;
  /** Deletes the current session only while it is still `version`; true when it was deleted. */
  dropPortalSession(companyId: string, portal: PortalName, gstin: string, version: string): Promise<boolean>;
  /**
   * Takes the login lease of a company's (portal, GSTIN) for `holder` until `until` (epoch ms), atomically:
   * true when it was free, ran out by `now`, or is already `holder`'s; false while another holder has it.
   */
  leasePortalLogin(companyId: string, portal: PortalName, gstin: string, holder: string, now: number, until: number): Promise<boolean>;
  /** Ends `holder`'s login lease, if it still has it. */
  releasePortalLogin(companyId: string, portal: PortalName, gstin: string, holder: string): Promise<void>;

  /** Asks the database for a trivial answer: resolves when it answers, throws as any call would. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}
