/**
 * Part-B update (updatevehicle, NIC VEHEWB) on the sandbox portal. Refusals, in the order judged:
 * 325 not found; 343 cancelled (or a Part-A slip discarded after 15 days); 635 the generator, after the
 * assigned transporter entered Part-B; 636 neither the generator nor the assigned transporter; 311 the
 * validity has lapsed; 412 a multi-vehicle movement has started (src/sandbox/ewaybill/multivehicle.ts).
 * @module
 */
import type { ProviderContext, ProviderResult, VehicleUpdated } from '../../ports/index.js';
import type { UpdateVehiclePayload } from '../../types/payloads.js';
import { istDateTime } from '../../compute/dates.js';
import { refuse } from '../../ports/result.js';
import { revise, type ActionDeps, type Change } from './revise.js';
import { effectiveStatus, isDiscarded, isExpired } from './state.js';
import { appendPartB, partBRecord, partBRefusal } from './part-b.js';
import { validityAfterPartB } from './validity.js';
import { multiVehicleRunning } from './multivehicle.js';

/** Judges and records a Part-B update. */
export function updateVehicle(deps: ActionDeps, _ctx: ProviderContext, gstin: string, request: UpdateVehiclePayload): Promise<ProviderResult<VehicleUpdated>> {
  return revise(deps, request.ewbNo, (e, now): ProviderResult<Change<VehicleUpdated>> => {
    if (effectiveStatus(e, now) === 'CNL') {
      const why = isDiscarded(e, now) ? 'was discarded: it had no Part-B 15 days after generation' : 'is cancelled';
      return refuse('343', `e-waybill ${e.ewbNo} ${why}`, 409, '/ewbNo');
    }
    const who = partBRefusal(e, gstin, { generatorLate: '635', notAssigned: '636' }, 'update it');
    if (who) return who;
    if (isExpired(e, now))
      return refuse('311', `the validity of e-waybill ${e.ewbNo} ran out at ${e.validUpto}; Part-B can no longer be updated`, 422, '/ewbNo');
    if (multiVehicleRunning(e)) {
      return refuse(
        '412',
        `a multi-vehicle movement of e-waybill ${e.ewbNo} has started; its vehicles change through changemultivehicle, not Part-B`,
        422,
        '/ewbNo',
      );
    }
    const record = partBRecord(request as unknown as Record<string, unknown>, gstin, now);
    const { validUpto, validFrom } = validityAfterPartB(e, now, record.vehicleType);
    e.validUpto = validUpto;
    appendPartB(e, record, validFrom);
    return {
      ok: true,
      value: {
        entry: e,
        event: 'vehicle-updated',
        detail: {
          by: gstin,
          vehicleNo: record.vehicleNo,
          transDocNo: record.transDocNo,
          fromPlace: record.fromPlace,
          reasonCode: record.reasonCode,
          validUpto,
        },
        value: { vehUpdDate: istDateTime(now), validUpto },
      },
    };
  });
}
