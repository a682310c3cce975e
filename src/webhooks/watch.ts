/**
 * The watch pass: looks in the store for what a host should be told before it is too late, and emits each
 * such event once. `ewaybill.expiring` when an active e-way bill's extension window has opened (from 8 hours
 * before its validity ends to 8 hours after); `ims.deadline` when a GSTIN's stored IMS inbox of a period still holds documents without
 * an action (or kept pending) and that period's GSTR-3B is due within the lead (the 20th of the next month);
 * `gst.connection.expiring` when a GSTIN's stored GST portal session ends within the lead. Each event is
 * claimed by a once-only notice in the transaction that emits it, so passes on several servers (or a pass
 * run twice) tell it once.
 * @module
 */
import { systemClock, type Clock } from '../clock.js';
import type { EventSink, GstEvent } from '../ports/events.js';
import type { Store } from '../ports/store.js';
import { ewbValidUntil } from '../store/ewb-valid-until.js';
import { storeEventSink } from './store-events.js';

/** How long before GSTR-3B's due date pending IMS actions are told of, by default: 3 days. */
export const IMS_DEADLINE_LEAD_MS = 3 * 24 * 3600_000;
/** How long before a GST portal session ends it is told of, by default: 24 hours. */
export const CONNECTION_EXPIRY_LEAD_MS = 24 * 3600_000;
/** Hours before and after the end of an e-way bill's validity in which the portal extends it. */
export const EWB_EXTENSION_WINDOW_MS = 8 * 3600_000;
/** At most this many e-way bills are told of in one pass; the rest wait for the next. */
const EWB_PER_PASS = 500;
/** How often `gstkit serve` runs the pass, by default: every 5 minutes. */
export const WATCH_INTERVAL_MS = 5 * 60_000;

const IST_OFFSET_MS = 330 * 60_000;

export interface WatchOptions {
  store: Store;
  /** Where the events go; by default the store's webhook outbox. */
  events?: EventSink;
  clock?: Clock;
  imsLeadMs?: number;
  connectionLeadMs?: number;
  intervalMs?: number;
  /** A pass (or one GSTIN's part of it) that failed; the next pass tries again. */
  onError?: (e: unknown) => void;
}

/** What one pass emitted. */
export interface WatchPassResult {
  ewaybillsExpiring: number;
  imsDeadlines: number;
  connectionsExpiring: number;
}

/** `YYYY-MM` of a month index counted from year 0 (month = year * 12 + zero-based month). */
const periodOf = (monthIndex: number): string => `${Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}`;

/**
 * The period whose GSTR-3B is due next at `now`, and the due instant: the end of the 20th (IST) of the
 * month after the period. On the 21st onwards the next due return is the current month's.
 */
export function nextGstr3bDue(now: Date): { period: string; dueDate: string; dueAt: number } {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const month = ist.getUTCFullYear() * 12 + ist.getUTCMonth();
  const periodMonth = ist.getUTCDate() <= 20 ? month - 1 : month;
  const dueMonth = periodMonth + 1;
  const year = Math.floor(dueMonth / 12);
  const m = dueMonth % 12;
  // The end of the 20th in IST is midnight starting the 21st, IST.
  const dueAt = Date.UTC(year, m, 21) - IST_OFFSET_MS;
  return { period: periodOf(periodMonth), dueDate: `${periodOf(dueMonth)}-20`, dueAt };
}

const settled = new Set(['A', 'ACCEPT', 'ACCEPTED', 'R', 'REJECT', 'REJECTED']);

/**
 * The documents of a stored IMS inbox (`{b2b: [...], cn: [...]}`) still waiting for an action, per
 * section: those with no action, action N (no action) or P (pending).
 */
export function pendingImsDocuments(inbox: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!inbox || typeof inbox !== 'object' || Array.isArray(inbox)) return out;
  for (const [section, records] of Object.entries(inbox as Record<string, unknown>)) {
    if (!Array.isArray(records)) continue;
    let n = 0;
    for (const r of records) {
      if (!r || typeof r !== 'object') continue;
      const action = (r as Record<string, unknown>)['action'];
      if (!settled.has(typeof action === 'string' ? action.trim().toUpperCase() : '')) n++;
    }
    if (n > 0) out[section] = n;
  }
  return out;
}

/** Emits `event` unless the notice `key` was given before: the claim and the event in one transaction. */
async function tellOnce(store: Store, events: EventSink, key: string, at: string, event: GstEvent): Promise<boolean> {
  return store.atomically(async (tx) => {
    if (!(await tx.claimNotice(key, at))) return false;
    await events.emit(event, tx);
    return true;
  });
}

/** One watch pass at the clock's now. */
export async function runWatchPass(options: WatchOptions): Promise<WatchPassResult> {
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const events = options.events ?? storeEventSink(store, clock);
  const onError = options.onError ?? (() => {});
  const now = clock.now();
  const at = now.toISOString();
  const result: WatchPassResult = { ewaybillsExpiring: 0, imsDeadlines: 0, connectionsExpiring: 0 };

  // The bills whose extension window is open now: validity ending within 8 hours, or ended less than 8 ago.
  const t = now.getTime();
  for (const bill of await store.ewbsEndingBetween(t - EWB_EXTENSION_WINDOW_MS, t + EWB_EXTENSION_WINDOW_MS, EWB_PER_PASS)) {
    try {
      const end = ewbValidUntil(bill.entry);
      if (end === null) continue;
      // One notice per validity: an extended bill gets a new one, told of when its own window opens.
      const key = `ewaybill.expiring|${bill.ewbNo}|${end}`;
      const entry = bill.entry;
      const event: GstEvent = {
        type: 'ewaybill.expiring',
        companyId: bill.companyId,
        data: {
          gstin: bill.genGstin,
          EwbNo: bill.ewbNo,
          validUpto: entry['validUpto'],
          windowOpensAt: new Date(end - EWB_EXTENSION_WINDOW_MS).toISOString(),
          windowClosesAt: new Date(end + EWB_EXTENSION_WINDOW_MS).toISOString(),
          document: { type: bill.docType, number: entry['docNo'] ?? bill.docKey, date: entry['docDate'] },
          fromGstin: bill.fromGstin,
          toGstin: bill.toGstin,
          ...(bill.transporterId ? { transporterId: bill.transporterId } : {}),
        },
      };
      if (await tellOnce(store, events, key, at, event)) result.ewaybillsExpiring++;
    } catch (e) {
      onError(e);
    }
  }

  const due = nextGstr3bDue(now);
  if (due.dueAt - now.getTime() <= (options.imsLeadMs ?? IMS_DEADLINE_LEAD_MS)) {
    for (const info of await store.listReturnsOfPeriod('ims', due.period)) {
      try {
        const key = `ims.deadline|${info.companyId}|${info.gstin}|${due.period}`;
        // An inbox can be large: one already told of is not read again on every pass.
        if (await store.hasNotice(key)) continue;
        const row = await store.getReturn(info.companyId, info.gstin, 'ims', due.period);
        if (!row) continue;
        const sections = pendingImsDocuments(JSON.parse(row.json));
        const pending = Object.values(sections).reduce((a, b) => a + b, 0);
        if (pending === 0) continue;
        const event: GstEvent = {
          type: 'ims.deadline',
          companyId: info.companyId,
          data: { gstin: info.gstin, period: due.period, return: 'gstr3b', dueDate: due.dueDate, pending, sections, inboxPulledAt: row.pulledAt },
        };
        if (await tellOnce(store, events, key, at, event)) result.imsDeadlines++;
      } catch (e) {
        onError(e);
      }
    }
  }

  const until = now.getTime() + (options.connectionLeadMs ?? CONNECTION_EXPIRY_LEAD_MS);
  for (const s of await store.portalSessionsEnding('gstn', now.getTime(), until)) {
    try {
      // One notice per session: a new login publishes a new version, which is told of in its turn.
      const key = `gst.connection.expiring|${s.companyId}|${s.gstin}|${s.version}`;
      const event: GstEvent = {
        type: 'gst.connection.expiring',
        companyId: s.companyId,
        data: { gstin: s.gstin, expiresAt: new Date(s.expiresAt).toISOString() },
      };
      if (await tellOnce(store, events, key, at, event)) result.connectionsExpiring++;
    } catch (e) {
      onError(e);
    }
  }
  return result;
}

/** The pass run every `intervalMs`, first at once; `close` stops it and waits for a pass under way. */
export function startWatch(options: WatchOptions): { pass(): Promise<WatchPassResult | undefined>; close(): Promise<void> } {
  const onError = options.onError ?? (() => {});
  let running: Promise<WatchPassResult | undefined> | undefined;
  let closed = false;
  const pass = (): Promise<WatchPassResult | undefined> => {
    if (closed) return Promise.resolve(undefined);
    // A slow pass is not overlapped by the next tick.
    running ??= runWatchPass(options)
      .catch((e: unknown) => {
        onError(e);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void pass(), options.intervalMs ?? WATCH_INTERVAL_MS);
  timer.unref?.();
  void pass();
  return {
    pass,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
