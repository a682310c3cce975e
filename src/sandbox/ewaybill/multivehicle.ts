/**
 * Multi-vehicle movement on the sandbox e-waybill portal (initiatemultivehicle, addmultivehicle,
 * changemultivehicle; NIC MULTIVEHMOVINT, MULTIVEHADD, MULTIVEHUPD). The goods of one e-waybill travel
 * from one place to another in several vehicles: a group is initiated with the total quantity and its
 * unit, vehicles are added with their share, and a vehicle can be replaced by another carrying the same
 * share. The groups live in the entry's `multiVehicle` (so in the store, with one event per change); each
 * vehicle also enters the e-waybill's vehicle history with its group number.
 *
 * Once a movement is initiated it runs for the rest of the e-waybill's life: Part-B updates are refused
 * with 412 and the e-waybill cannot join a consolidated e-waybill (648). NIC documents no action that ends
 * a movement, so none is modelled (LIKELY).
 * @module
 */
import type { MultiVehicleAdded, MultiVehicleChanged, MultiVehicleInitiated, ProviderContext, ProviderResult } from '../../ports/index.js';
import type { AddMultiVehiclePayload, ChangeMultiVehiclePayload, InitiateMultiVehiclePayload } from '../../types/payloads.js';
import type { EwbEntry } from './state.js';
import { revise, type Change, type EwbAccess } from './revise.js';
import { effectiveStatus, hasPartBNow, isDiscarded, isExpired } from './state.js';
import { appendPartB, partBRefusal } from './part-b.js';
import { istDateTime } from '../../compute/dates.js';
import { num, str } from '../../compute/payload.js';
import { refuse } from '../../ports/result.js';

/** One vehicle of a group. */
export interface MultiVehicleVehicle {
  vehicleNo: string;
  transDocNo: string;
  transDocDate: string | null;
  quantity: number;
  /** ISO 8601 */
  addedAt: string;
  addedBy: string;
  /** False once changemultivehicle replaced it. */
  active: boolean;
}

/** One multi-vehicle group. */
export interface MultiVehicleGroup {
  groupNo: number;
  reasonCode: string;
  reasonRem: string;
  fromPlace: string;
  fromState: number;
  toPlace: string;
  toState: number;
  transMode: string;
  totalQuantity: number;
  unitCode: string;
  /** ISO 8601 */
  createdAt: string;
  createdBy: string;
  vehicles: MultiVehicleVehicle[];
}

type WithGroups = EwbEntry & { multiVehicle?: MultiVehicleGroup[] };

/** The multi-vehicle groups of an e-waybill, oldest first. */
export function multiVehicleGroups(e: EwbEntry): MultiVehicleGroup[] {
  return (e as WithGroups).multiVehicle ?? [];
}

/** Whether a multi-vehicle movement has been initiated on the e-waybill (it then runs for its life). */
export function multiVehicleRunning(e: EwbEntry): boolean {
  return multiVehicleGroups(e).length > 0;
}

/** Sum of the active vehicles' quantities of a group. */
export function loadedQuantity(g: MultiVehicleGroup): number {
  // Quantities carry at most 3 decimals; summing in thousandths keeps 0.1 + 0.2 from passing 0.3.
  return g.vehicles.filter((v) => v.active).reduce((sum, v) => sum + Math.round(v.quantity * 1000), 0) / 1000;
}

/** The refusals every multi-vehicle action shares: not active (817), not the caller's (645/646), expired (817). */
function movable(e: EwbEntry, gstin: string, now: Date, verb: string): ProviderResult<never> | undefined {
  if (effectiveStatus(e, now) === 'CNL') {
    const why = isDiscarded(e, now) ? 'was discarded (no Part-B 15 days after generation)' : 'is cancelled';
    return refuse('817', `e-waybill ${e.ewbNo} ${why}; it is not active`, 409, '/ewbNo');
  }
  if (e.closure) return refuse('817', `e-waybill ${e.ewbNo} is closed; it is not active`, 409, '/ewbNo');
  const who = partBRefusal(e, gstin, { generatorLate: '645', notAssigned: '646' }, verb);
  if (who) return who;
  // The portal's code for a lapsed e-waybill on these actions is not published; 817 "not active" is the nearest.
  if (isExpired(e, now)) return refuse('817', `the validity of e-waybill ${e.ewbNo} ran out at ${e.validUpto}; it is not active`, 422, '/ewbNo');
  return undefined;
}

function findGroup(e: EwbEntry, groupNo: unknown): ProviderResult<MultiVehicleGroup> {
  const n = num(groupNo);
  const g = multiVehicleGroups(e).find((x) => x.groupNo === n);
  if (!g) return refuse('411', `no multi-vehicle movement with group ${str(groupNo)} was initiated on e-waybill ${e.ewbNo}`, 404, '/groupNo');
  return { ok: true, value: g };
}

/** The units of the e-waybill's items, upper-cased. */
function itemUnits(e: EwbEntry): Set<string> {
  const items = Array.isArray(e.partA['itemList']) ? (e.partA['itemList'] as Record<string, unknown>[]) : [];
  return new Set(items.map((it) => str(it['qtyUnit']).toUpperCase()).filter(Boolean));
}

/** Starts a multi-vehicle movement. */
export function initiateMultiVehicle(
  deps: EwbAccess,
  _ctx: ProviderContext,
  gstin: string,
  request: InitiateMultiVehiclePayload,
): Promise<ProviderResult<MultiVehicleInitiated>> {
  return revise(deps, request.ewbNo, (e, now): ProviderResult<Change<MultiVehicleInitiated>> => {
    const refused = movable(e, gstin, now, 'start a multi-vehicle movement');
    if (refused) return refused;
    if (!hasPartBNow(e)) return refuse('381', `e-waybill ${e.ewbNo} has no Part-B yet; enter it before moving the goods in several vehicles`, 422, '/ewbNo');
    const unit = str(request.unitCode).toUpperCase();
    const units = itemUnits(e);
    if (units.size > 0 && !units.has(unit))
      return refuse('399', `unit ${unit} is not a unit of the items of e-waybill ${e.ewbNo} (${[...units].join(', ')})`, 422, '/unitCode');
    const groups = multiVehicleGroups(e);
    const first = groups[0];
    if (first && first.unitCode !== unit)
      return refuse(
        '413',
        `unit ${unit} differs from ${first.unitCode}, the unit of the first multi-vehicle movement of e-waybill ${e.ewbNo}`,
        422,
        '/unitCode',
      );
    if (!(num(request.totalQuantity) > 0)) return refuse('402', 'totalQuantity must be more than zero', 422, '/totalQuantity');
    const group: MultiVehicleGroup = {
      groupNo: groups.length + 1,
      reasonCode: str(request.reasonCode),
      reasonRem: str(request.reasonRem),
      fromPlace: str(request.fromPlace),
      fromState: num(request.fromState),
      toPlace: str(request.toPlace),
      toState: num(request.toState),
      transMode: str(request.transMode) || '1',
      totalQuantity: num(request.totalQuantity),
      unitCode: unit,
      createdAt: now.toISOString(),
      createdBy: gstin,
      vehicles: [],
    };
    (e as WithGroups).multiVehicle = [...groups, group];
    return {
      ok: true,
      value: {
        entry: e,
        event: 'multi-vehicle-initiated',
        detail: { by: gstin, groupNo: group.groupNo, totalQuantity: group.totalQuantity, unitCode: unit, fromPlace: group.fromPlace, toPlace: group.toPlace },
        value: { ewbNo: e.ewbNo, groupNo: group.groupNo, createdDate: istDateTime(now) },
      },
    };
  });
}

/** Adds a vehicle to a group; the group's vehicles never carry more than its total quantity (400). */
export function addMultiVehicle(
  deps: EwbAccess,
  _ctx: ProviderContext,
  gstin: string,
  request: AddMultiVehiclePayload,
): Promise<ProviderResult<MultiVehicleAdded>> {
  return revise(deps, request.ewbNo, (e, now): ProviderResult<Change<MultiVehicleAdded>> => {
    const refused = movable(e, gstin, now, 'add a vehicle');
    if (refused) return refused;
    const found = findGroup(e, request.groupNo);
    if (!found.ok) return found;
    const g = found.value;
    const quantity = num(request.quantity);
    if (!(quantity > 0)) return refuse('403', 'quantity must be more than zero', 422, '/quantity');
    const loaded = loadedQuantity(g);
    if (Math.round((loaded + quantity) * 1000) > Math.round(g.totalQuantity * 1000)) {
      return refuse(
        '400',
        `the vehicles of group ${g.groupNo} would carry ${+(loaded + quantity).toFixed(3)} ${g.unitCode}, more than the ${g.totalQuantity} initiated (${+(g.totalQuantity - loaded).toFixed(3)} left)`,
        422,
        '/quantity',
      );
    }
    const vehicle: MultiVehicleVehicle = {
      vehicleNo: str(request.vehicleNo).toUpperCase(),
      transDocNo: str(request.transDocNo),
      transDocDate: request.transDocDate === undefined ? null : str(request.transDocDate),
      quantity,
      addedAt: now.toISOString(),
      addedBy: gstin,
      active: true,
    };
    g.vehicles.push(vehicle);
    appendPartB(e, {
      vehicleNo: vehicle.vehicleNo,
      fromPlace: g.fromPlace,
      fromState: g.fromState,
      transMode: g.transMode,
      transDocNo: vehicle.transDocNo,
      transDocDate: vehicle.transDocDate,
      vehicleType: 'R',
      reasonCode: g.reasonCode,
      reasonRem: g.reasonRem,
      enteredBy: gstin,
      enteredAt: now.toISOString(),
      groupNo: String(g.groupNo),
    });
    return {
      ok: true,
      value: {
        entry: e,
        event: 'multi-vehicle-added',
        detail: { by: gstin, groupNo: g.groupNo, vehicleNo: vehicle.vehicleNo, transDocNo: vehicle.transDocNo, quantity },
        value: { ewbNo: e.ewbNo, groupNo: g.groupNo, vehAddedDate: istDateTime(now) },
      },
    };
  });
}

const same = (a: string, b: unknown): boolean => a.toUpperCase() === str(b).trim().toUpperCase();

/** Replaces an active vehicle of a group (named by its vehicle number and/or transport document) by another carrying its quantity. */
export function changeMultiVehicle(
  deps: EwbAccess,
  _ctx: ProviderContext,
  gstin: string,
  request: ChangeMultiVehiclePayload,
): Promise<ProviderResult<MultiVehicleChanged>> {
  return revise(deps, request.ewbNo, (e, now): ProviderResult<Change<MultiVehicleChanged>> => {
    const refused = movable(e, gstin, now, 'change a vehicle');
    if (refused) return refused;
    const found = findGroup(e, request.groupNo);
    if (!found.ok) return found;
    const g = found.value;
    const oldVehicle = str(request.oldvehicleNo).trim();
    const oldDoc = str(request.oldTranNo).trim();
    const old = g.vehicles.find(
      (v) =>
        v.active &&
        (oldVehicle === '' || same(v.vehicleNo, oldVehicle)) &&
        (oldDoc === '' || same(v.transDocNo, oldDoc)) &&
        (oldVehicle !== '' || oldDoc !== ''),
    );
    if (!old) {
      return refuse(
        '405',
        `group ${g.groupNo} of e-waybill ${e.ewbNo} has no active vehicle ${oldVehicle || '-'} with transport document ${oldDoc || '-'}`,
        404,
        '/oldvehicleNo',
      );
    }
    old.active = false;
    const replacement: MultiVehicleVehicle = {
      vehicleNo: str(request.newVehicleNo).toUpperCase() || old.vehicleNo,
      transDocNo: str(request.newTranNo) || old.transDocNo,
      transDocDate: old.transDocDate,
      quantity: old.quantity,
      addedAt: now.toISOString(),
      addedBy: gstin,
      active: true,
    };
    g.vehicles.push(replacement);
    appendPartB(e, {
      vehicleNo: replacement.vehicleNo,
      fromPlace: str(request.fromPlace),
      fromState: num(request.fromState),
      transMode: g.transMode,
      transDocNo: replacement.transDocNo,
      transDocDate: replacement.transDocDate,
      vehicleType: 'R',
      reasonCode: str(request.reasonCode),
      reasonRem: str(request.reasonRem),
      enteredBy: gstin,
      enteredAt: now.toISOString(),
      groupNo: String(g.groupNo),
    });
    return {
      ok: true,
      value: {
        entry: e,
        event: 'multi-vehicle-changed',
        detail: {
          by: gstin,
          groupNo: g.groupNo,
          from: { vehicleNo: old.vehicleNo, transDocNo: old.transDocNo },
          to: { vehicleNo: replacement.vehicleNo, transDocNo: replacement.transDocNo },
          reasonCode: str(request.reasonCode),
        },
        value: { vehUpdDate: istDateTime(now) },
      },
    };
  });
}
