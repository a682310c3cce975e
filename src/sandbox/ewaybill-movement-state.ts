/**
 * What the movement actions (trip sheets, multi-vehicle movement) read from and write into a stored
 * e-waybill: the transporter it is assigned to, whether that transporter has entered Part-B, whether it is
 * still alive (not cancelled, not a Part-A slip discarded after 15 days, not expired), and the Part-B rows
 * they add to its vehicle history. The state lives in the entry's `actions` (Part-B rows, transporter) and
 * `multiVehicle` (groups), so it is kept in the store with the e-waybill and one event per change.
 * @module
 */
import { ewbValidUntil } from '../compute/ewaybill-validity.js';
import type { ProviderResult } from '../ports/index.js';
import type { Store } from '../ports/store.js';
import type { EwbEntry } from './ewaybill.js';
import { istDateTime, parseIst, type Clock } from './time.js';
import { num, refuse, str } from './values.js';

/** One Part-B row entered after generation (the generation's own Part-B is read from Part-A). */
export interface PartBRow {
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  transMode: string;
  transDocNo: string;
  transDocDate: string | null;
  vehicleType: string;
  reasonCode: string;
  reasonRem: string;
  /** GSTIN of who entered it. */
  enteredBy: string;
  /** ISO 8601 */
  enteredAt: string;
  /** Trip sheet number, 0 when none. */
  tripshtNo?: number;
  /** Multi-vehicle group number, '0' when none. */
  groupNo?: string;
}

/** The entry's `actions`: Part-B rows and the transporter assigned now. */
export interface MovementActions {
  /** The transporter assigned now; absent until changed (then Part-A's `transporterId` holds). */
  transporterId?: string | null;
  /** Whether the transporter assigned now has entered Part-B itself (then the generator may no longer). */
  transporterEnteredPartB?: boolean;
  partB?: PartBRow[];
  /** When validity started counting, ISO 8601, if not at generation (a Part-A slip's first Part-B). */
  validFrom?: string;
}

type Entry = EwbEntry & { actions?: MovementActions };

export function actionsOf(e: EwbEntry): MovementActions {
  return (e as Entry).actions ?? {};
}

/** The transporter the e-waybill is assigned to now; null when none. */
export function currentTransporter(e: EwbEntry): string | null {
  const a = actionsOf(e);
  if (a.transporterId !== undefined) return a.transporterId;
  const t = str(e.partA['transporterId']).trim().toUpperCase();
  return t === '' ? null : t;
}

/** Whether Part-A came with Part-B (a vehicle for road, a transport document otherwise). */
export function generatedWithPartB(partA: Record<string, unknown>): boolean {
  const mode = str(partA['transMode']) || '1';
  return mode === '1' ? str(partA['vehicleNo']) !== '' : str(partA['transDocNo']) !== '';
}

export function hasPartBNow(e: EwbEntry): boolean {
  return generatedWithPartB(e.partA) || (actionsOf(e).partB ?? []).length > 0;
}

/**
 * A Part-A slip (no Part-B ever) is discarded 15 days after generation (india-compliance issue #4233,
 * maintainer's diagnosis; research/domain-2026.md 1.8 rates it LIKELY). 15 x 24 hours is the reading that
 * refuses least.
 */
export function isDiscarded(e: EwbEntry, now: Date): boolean {
  return !hasPartBNow(e) && now.getTime() > e.generatedAt.getTime() + 15 * 86_400_000;
}

export function effectiveStatus(e: EwbEntry, now: Date): 'ACT' | 'CNL' {
  return e.status === 'CNL' || isDiscarded(e, now) ? 'CNL' : 'ACT';
}

/** Whether validity has run out: the portal writes 23:59:00 of the last day and refuses from midnight. */
export function isExpired(e: EwbEntry, now: Date): boolean {
  const end = parseIst(e.validUpto);
  return end !== undefined && now.getTime() >= end.getTime() + 60_000;
}

/**
 * Who may enter Part-B: the assigned transporter, or the generator until that transporter has entered it
 * (`generatorLate`); anyone else is refused with `notAssigned`.
 */
export function partBRefusal(e: EwbEntry, gstin: string, codes: { generatorLate: string; notAssigned: string }, verb: string): ProviderResult<never> | undefined {
  const transporter = currentTransporter(e);
  if (transporter !== null && transporter === gstin) return undefined;
  if (gstin === e.genGstin) {
    if (transporter !== null && actionsOf(e).transporterEnteredPartB) {
      return refuse(codes.generatorLate, `transporter ${transporter} has entered Part-B of e-waybill ${e.ewbNo}; the generator can no longer ${verb}`, 422, '/ewbNo');
    }
    return undefined;
  }
  return refuse(codes.notAssigned, `GSTIN ${gstin} is neither the generator nor the assigned transporter of e-waybill ${e.ewbNo}`, 403, '/ewbNo');
}

/**
 * Appends a Part-B row. A first Part-B (a Part-A slip) starts validity then, by Rule 138(10); a later one
 * keeps the validity already granted (a change of vehicle does not restart it; LIKELY).
 */
export function addPartB(e: EwbEntry, row: PartBRow, now: Date, options: { startsValidity: boolean }): void {
  const a = actionsOf(e);
  let validFrom = a.validFrom;
  if (options.startsValidity && e.validUpto === null) {
    e.validUpto = ewbValidUntil({ generatedAt: istDateTime(now), distanceKm: num(e.partA['transDistance']), overDimensional: row.vehicleType === 'O', hasPartB: true });
    validFrom = now.toISOString();
  }
  const transporter = currentTransporter(e);
  (e as Entry).actions = {
    ...a,
    partB: [...(a.partB ?? []), row],
    ...(validFrom ? { validFrom } : {}),
    ...(transporter !== null && transporter === row.enteredBy ? { transporterEnteredPartB: true } : {}),
  };
}

/** The Part-B rows added after generation, newest first, as `VehiclListDetails` rows. */
export function laterVehicleRows(e: EwbEntry): Record<string, unknown>[] {
  return (actionsOf(e).partB ?? [])
    .map((r) => ({
      updMode: 'API',
      vehicleNo: r.vehicleNo,
      fromPlace: r.fromPlace,
      fromState: r.fromState,
      tripshtNo: r.tripshtNo ?? 0,
      userGSTINTransin: r.enteredBy,
      enteredDate: istDateTime(new Date(r.enteredAt)),
      transMode: r.transMode,
      transDocNo: r.transDocNo,
      transDocDate: r.transDocDate,
      vehicleType: r.vehicleType,
      groupNo: r.groupNo ?? '0',
    }))
    .reverse();
}

/** What the movement actions need from the portal. */
export interface ActionDeps {
  clock: Clock;
  store: Store;
  /** The stored e-waybill, whoever generated it. */
  load(ewbNo: string): Promise<EwbEntry | undefined>;
  /** Writes the entry and appends one event to its history. */
  save(e: EwbEntry, event: string, detail: Record<string, unknown>): Promise<void>;
}

/** A judged change: the new entry, the event to record and the answer. */
export interface Change<T> {
  entry: EwbEntry;
  event: string;
  detail: Record<string, unknown>;
  value: T;
}

/** Loads e-waybill `ewbNo`, judges it (at one instant of the clock) and stores the change with its event. */
export async function revise<T>(deps: ActionDeps, ewbNo: unknown, judge: (e: EwbEntry, now: Date) => ProviderResult<Change<T>>): Promise<ProviderResult<T>> {
  const number = str(ewbNo).trim();
  const e = await deps.load(number);
  if (!e) return refuse('325', `e-waybill ${number} was not found`, 404, '/ewbNo');
  const judged = judge(structuredClone(e), deps.clock.now());
  if (!judged.ok) return judged;
  await deps.save(judged.value.entry, judged.value.event, judged.value.detail);
  return { ok: true, value: judged.value.value };
}
