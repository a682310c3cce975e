/**
 * The one way the actions change a stored e-waybill: read it, judge the request on what is stored, write
 * the new entry only if nobody changed it in between (the store's revision check), and judge again on
 * the fresh entry when somebody did. Two servers racing on one e-waybill therefore never lose a change
 * or act on a stale one.
 * @module
 */
import type { ProviderResult } from '../../ports/index.js';
import type { EwbEvent, Store } from '../../ports/store.js';
import { str } from '../../compute/payload.js';
import { refuse } from '../../ports/result.js';
import type { Clock } from '../../clock.js';
import { entryToJson, type EwbEntry } from './state.js';
import { currentTransporter } from './state.js';
import { listedOf } from './listed.js';

/** What changing a stored e-waybill needs from the portal. */
export interface EwbAccess {
  clock: Clock;
  store: Store;
  /** The stored e-waybill, whoever generated it. */
  load(ewbNo: string): Promise<EwbEntry | undefined>;
}

/** What the actions need from the portal. */
export interface ActionDeps extends EwbAccess {
  /** Whether a GSTIN is blocked for non-filing of returns. */
  isBlocked(gstin: string): boolean;
}

/** A judged change: the new entry, the event to record and the answer. */
export interface Change<T> {
  entry: EwbEntry;
  event: string;
  detail: Record<string, unknown>;
  value: T;
}

const ATTEMPTS = 4;

/** Loads e-waybill `ewbNo`, judges with `judge` (at one instant of the clock) and stores the change. */
export async function revise<T>(deps: EwbAccess, ewbNo: unknown, judge: (e: EwbEntry, now: Date) => ProviderResult<Change<T>>): Promise<ProviderResult<T>> {
  const number = str(ewbNo).trim();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const e = await deps.load(number);
    if (!e) return refuse('325', `e-waybill ${number} was not found`, 404, '/ewbNo');
    const now = deps.clock.now();
    const judged = judge(structuredClone(e), now);
    if (!judged.ok) return judged;
    const revision = revisionOf(e);
    const next = { ...judged.value.entry, revision: revision + 1 } as EwbEntry;
    const event: EwbEvent = { ewbNo: e.ewbNo, at: now.toISOString(), event: judged.value.event, detail: judged.value.detail };
    const stored = await deps.store.reviseEwb({
      ewbNo: e.ewbNo,
      revision,
      status: next.status,
      transporterId: currentTransporter(next),
      entry: entryToJson(next),
      listed: listedOf(next),
      event,
    });
    if (stored) return { ok: true, value: judged.value.value };
  }
  return refuse('813', `e-waybill ${number} is being changed by another request at the same time; try again`, 409, '/ewbNo');
}

/** The revision of a stored entry (0 before its first change). */
export function revisionOf(e: EwbEntry): number {
  const n = Number((e as EwbEntry & { revision?: unknown }).revision ?? 0);
  return Number.isFinite(n) ? n : 0;
}
