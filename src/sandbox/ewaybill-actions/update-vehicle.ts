/**
 * Part-B update (updatevehicle, NIC VEHEWB) on the sandbox portal. Refusals, in the order judged:
 * 325 not found; 343 cancelled (or a Part-A slip discarded after 15 days); 635 the generator, after the
 * assigned transporter entered Part-B; 636 neither the generator nor the assigned transporter; 311 the
 * validity has lapsed; 412 a multi-vehicle movement has started (src/sandbox/ewaybill-multivehicle.ts).
 * @module
 */
import type { ProviderContext, ProviderResult, VehicleUpdated } from '../../ports/index.js';
import type { UpdateVehiclePayload } from '../../types/payloads.js';
import { istDateTime } from '../time.js';
import { num, refuse, str } from '../values.js';
import type { EwbEntry } from '../ewaybill.js';
import { revise, type ActionDeps, type Change } from './revise.js';
import { actionsOf, currentTransporter, effectiveStatus, isDiscarded, isExpired, type PartBRecord } from './state.js';
import { validityAfterPartB } from './validity.js';
import { multiVehicleRunning } from '../ewaybill-multivehicle.js';

/** Who may enter Part-B: the assigned transporter, or the generator until that transporter has (635, 636). */
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

/** The Part-B entry a request makes. */
export function partBRecord(request: Record<string, unknown>, gstin: string, now: Date): PartBRecord {
  return {
    vehicleNo: str(request['vehicleNo']).toUpperCase(),
    fromPlace: str(request['fromPlace']),
    fromState: num(request['fromState']),
    transMode: str(request['transMode']) || '1',
    transDocNo: str(request['transDocNo']),
    transDocDate: request['transDocDate'] === undefined ? null : str(request['transDocDate']),
    vehicleType: str(request['vehicleType']) || 'R',
    reasonCode: str(request['reasonCode']),
    reasonRem: str(request['reasonRem']),
    enteredBy: gstin,
    enteredAt: now.toISOString(),
  };
}

/** Judges and records a Part-B update. */
export function updateVehicle(deps: ActionDeps, _ctx: ProviderContext, gstin: string, request: UpdateVehiclePayload): Promise<ProviderResult<VehicleUpdated>> {
  return revise(deps, request.ewbNo, (e, now): ProviderResult<Change<VehicleUpdated>> => {
    if (effectiveStatus(e, now) === 'CNL') {
      const why = isDiscarded(e, now) ? 'was discarded: it had no Part-B 15 days after generation' : 'is cancelled';
      return refuse('343', `e-waybill ${e.ewbNo} ${why}`, 409, '/ewbNo');
    }
    const who = partBRefusal(e, gstin, { generatorLate: '635', notAssigned: '636' }, 'update it');
    if (who) return who;
    if (isExpired(e, now)) return refuse('311', `the validity of e-waybill ${e.ewbNo} ran out at ${e.validUpto}; Part-B can no longer be updated`, 422, '/ewbNo');
    if (multiVehicleRunning(e)) {
      return refuse('412', `a multi-vehicle movement of e-waybill ${e.ewbNo} has started; its vehicles change through changemultivehicle, not Part-B`, 422, '/ewbNo');
    }
    const record = partBRecord(request as unknown as Record<string, unknown>, gstin, now);
    const { validUpto, validFrom } = validityAfterPartB(e, now, record.vehicleType);
    const a = actionsOf(e);
    const transporter = currentTransporter(e);
    e.validUpto = validUpto;
    (e as EwbEntry & { actions: typeof a }).actions = {
      ...a,
      partB: [...(a.partB ?? []), record],
      validFrom: validFrom.toISOString(),
      ...(transporter !== null && transporter === gstin ? { transporterEnteredPartB: true } : {}),
    };
    return {
      ok: true,
      value: {
        entry: e,
        event: 'vehicle-updated',
        detail: { by: gstin, vehicleNo: record.vehicleNo, transDocNo: record.transDocNo, fromPlace: record.fromPlace, reasonCode: record.reasonCode, validUpto },
        value: { vehUpdDate: istDateTime(now), validUpto },
      },
    };
  });
}
