/**
 * What the sandbox keeps about an e-waybill's life after generation (Part-B history, the transporter it is
 * assigned to, extensions, rejection), stored as plain JSON in the entry's `actions`, and the readings the
 * actions, the detail record and the lists share.
 * @module
 */
import { istDateTime, parseIst } from '../../compute/dates.js';
import { num, str } from '../../compute/payload.js';

/** One e-waybill as the sandbox keeps it. */
export interface EwbEntry {
  ewbNo: string;
  companyId: string;
  genGstin: string;
  generatedAt: Date;
  validUpto: string | null;
  status: 'ACT' | 'CNL';
  partA: Record<string, unknown>;
  irn?: string;
  cancelledAt?: Date;
  closure?: { closureDate: string; remarks: string; at: Date };
  /** Part-B history, transporter changes, extensions and rejection (the action files beside this one). */
  actions?: EwbActionState;
  /** Bumped by every change, so concurrent changes cannot overwrite each other (Store.reviseEwb). */
  revision?: number;
}

/** An entry as the store keeps it (dates as ISO text). */
export function entryToJson(e: EwbEntry): Record<string, unknown> {
  return {
    ...e,
    generatedAt: e.generatedAt.toISOString(),
    ...(e.cancelledAt ? { cancelledAt: e.cancelledAt.toISOString() } : {}),
    ...(e.closure ? { closure: { ...e.closure, at: e.closure.at.toISOString() } } : {}),
  };
}

/** An entry from the store's JSON. */
export function entryFromJson(j: Record<string, unknown>): EwbEntry {
  const closure = j['closure'] as { closureDate: string; remarks: string; at: string } | undefined;
  return {
    ...(j as unknown as EwbEntry),
    generatedAt: new Date(String(j['generatedAt'])),
    ...(j['cancelledAt'] ? { cancelledAt: new Date(String(j['cancelledAt'])) } : {}),
    ...(closure ? { closure: { ...closure, at: new Date(closure.at) } } : {}),
  };
}

/** One Part-B entry made after generation (the generation's own Part-B is read from Part-A). */
export interface PartBRecord {
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  transMode: string;
  transDocNo: string;
  transDocDate: string | null;
  vehicleType: string;
  reasonCode: string;
  reasonRem: string;
  /** GSTIN or transporter id of who entered it. */
  enteredBy: string;
  /** ISO 8601 */
  enteredAt: string;
  /** Trip sheet (consolidated e-waybill) number, 0 when none. */
  tripshtNo?: number;
  /** Multi-vehicle group number, '0' when none. */
  groupNo?: string;
}

/** One extension of validity. */
export interface ExtensionRecord {
  /** ISO 8601 */
  at: string;
  by: string;
  validUpto: string;
  remainingDistance: number;
  extnRsnCode: string;
  extnRemarks: string;
  consignmentStatus: string;
  fromPlace: string;
  fromState: number;
  fromPincode: number;
  capped: boolean;
}

/** The entry's `actions`. */
export interface EwbActionState {
  /** The transporter assigned now; absent until the first change (then Part-A's `transporterId` holds). */
  transporterId?: string | null;
  /** Whether the transporter assigned now has entered Part-B itself (then the generator may no longer). */
  transporterEnteredPartB?: boolean;
  partB?: PartBRecord[];
  /** When validity started counting, ISO 8601, if not at generation (a Part-A slip's first Part-B). */
  validFrom?: string;
  extensions?: ExtensionRecord[];
  rejected?: { by: string; at: string };
}

/** The entry's action state (never undefined). */
export function actionsOf(e: EwbEntry): EwbActionState {
  return (e as EwbEntry & { actions?: EwbActionState }).actions ?? {};
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

/** Whether the e-waybill has Part-B now. */
export function hasPartBNow(e: EwbEntry): boolean {
  return generatedWithPartB(e.partA) || (actionsOf(e).partB ?? []).length > 0;
}

/**
 * A Part-A slip (no Part-B ever) is discarded 15 days after generation: a later Part-B update fails with
 * 343 "cancelled" (india-compliance issue #4233, 2026, maintainer's diagnosis; research/domain-2026.md 1.8
 * rates it LIKELY, not seen in NIC's own documents). Whether the cut is at 15 x 24 hours or at a midnight
 * is not known; 15 x 24 hours from generation is the reading that refuses least.
 */
export const PART_A_DISCARD_DAYS = 15;

/** Whether an e-waybill generated at `generatedAtMs`, with Part-B now or not, is a discarded Part-A slip by `now`. */
export function discardedSlip(hasPartB: boolean, generatedAtMs: number, now: Date): boolean {
  return !hasPartB && now.getTime() > generatedAtMs + PART_A_DISCARD_DAYS * 86_400_000;
}

/** Whether a Part-A slip has been discarded by `now`. */
export function isDiscarded(e: EwbEntry, now: Date): boolean {
  return discardedSlip(hasPartBNow(e), e.generatedAt.getTime(), now);
}

/** The status the portal shows: a discarded Part-A slip reads as cancelled. */
export function effectiveStatus(e: EwbEntry, now: Date): 'ACT' | 'CNL' {
  return e.status === 'CNL' || isDiscarded(e, now) ? 'CNL' : 'ACT';
}

/**
 * The instant validity ends. The portal writes the end as 23:59:00 of the last day, but the rule counts
 * days to midnight (Rule 138(10), Explanation 2), so the e-waybill is valid until the minute after.
 */
export function expiresAt(e: EwbEntry): Date | undefined {
  const end = parseIst(e.validUpto);
  return end ? new Date(end.getTime() + 60_000) : undefined;
}

/** Whether the validity has run out by `now` (never for an e-waybill without validity yet). */
export function isExpired(e: EwbEntry, now: Date): boolean {
  const end = expiresAt(e);
  return end !== undefined && now.getTime() >= end.getTime();
}

export const extendedTimesOf = (e: EwbEntry): number => (actionsOf(e).extensions ?? []).length;
export const rejectStatusOf = (e: EwbEntry): 'Y' | 'N' => (actionsOf(e).rejected ? 'Y' : 'N');

/** The vehicle type in force: the last Part-B entry's, else Part-A's. */
export function vehicleTypeNow(e: EwbEntry): string {
  const list = actionsOf(e).partB ?? [];
  return list.length > 0 ? list[list.length - 1]!.vehicleType : str(e.partA['vehicleType']);
}

/** `VehiclListDetails` of the detail record: every Part-B entry, newest first (as the portal lists them). */
export function vehicleHistory(e: EwbEntry): Record<string, unknown>[] {
  const p = e.partA;
  const first = generatedWithPartB(p)
    ? [
        {
          updMode: 'API',
          vehicleNo: str(p['vehicleNo']),
          fromPlace: str(p['fromPlace']),
          fromState: num(p['actFromStateCode'] ?? p['fromStateCode']),
          tripshtNo: 0,
          userGSTINTransin: e.genGstin,
          enteredDate: istDateTime(e.generatedAt),
          transMode: str(p['transMode']) || '1',
          transDocNo: str(p['transDocNo']),
          transDocDate: p['transDocDate'] === undefined ? null : str(p['transDocDate']),
          vehicleType: str(p['vehicleType']),
          groupNo: '0',
        },
      ]
    : [];
  const later = (actionsOf(e).partB ?? []).map((r) => ({
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
  }));
  return [...first, ...later].reverse();
}
