/**
 * The e-waybill system's records in the store: e-waybills with their history, changed only by a revision
 * nobody overtook, and read back one at a time or by the day lists (see ewb-listed.ts).
 * @module
 */
import type { EwbDayList, EwbListed, EwbListedRow } from '../ewaybill-listed.js';

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

/** A change to a stored e-waybill made only if nobody changed it since it was read (see {@link EwbStore.reviseEwb}). */
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

/** Where e-waybills and their history are kept. */
export interface EwbStore {
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
  /**
   * Active e-waybills whose validity (the entry's `validUpto`, ending a minute after it) ends after `after`
   * and at or before `before` (epoch ms), soonest first, at most `limit`: found by an index, not by reading
   * every bill.
   */
  ewbsEndingBetween(after: number, before: number, limit: number): Promise<EwbRow[]>;
  /** E-waybills on `genDate` where `gstin` is a party but not the generator. */
  ewbsOfOtherParty(gstin: string, genDate: string): Promise<EwbRow[]>;
}
