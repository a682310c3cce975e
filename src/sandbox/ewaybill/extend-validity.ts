/**
 * Validity extension (extendvalidity, NIC EXTENDVALIDITY) on the sandbox portal. Refusals, in the order
 * judged: 325 not found; 379 cancelled or discarded; 637 the generator, after the assigned transporter
 * entered Part-B; 700 neither the generator nor the assigned transporter; 381 no Part-B yet; 382 outside
 * the window from 8 hours before to 8 hours after expiry; 390 remaining distance above the original;
 * 821 more than 360 days after generation (from 01/01/2025; an extension that would pass the limit is cut
 * at it, src/compute/ewaybill-extension.ts).
 *
 * The new validity counts the remaining distance from the moment of extension (Rule 138(10) bands, days
 * ending at midnight). The portal's exact base (the extension instant or the old expiry) is not written
 * down: LIKELY. Moving goods (consignment status M) get the vehicle given as a new Part-B entry.
 * @module
 */
import { judgeEwbExtension } from '../../compute/ewaybill-extension.js';
import { ewbValidUntil } from '../../compute/ewaybill-validity.js';
import type { ProviderContext, ProviderResult, ValidityExtended } from '../../ports/index.js';
import type { ExtendValidityPayload } from '../../types/payloads.js';
import { istDateTime } from '../../compute/dates.js';
import { num, str } from '../../compute/payload.js';
import { refuse } from '../../ports/result.js';
import { revise, type ActionDeps, type Change } from './revise.js';
import { actionsOf, effectiveStatus, expiresAt, hasPartBNow, vehicleTypeNow, type ExtensionRecord } from './state.js';
import { appendPartB, partBRecord, partBRefusal } from './part-b.js';

/** Hours before and after expiry in which an extension is allowed (code 382). */
export const EXTENSION_WINDOW_HOURS = 8;

/** Judges and records an extension. */
export function extendValidity(
  deps: ActionDeps,
  _ctx: ProviderContext,
  gstin: string,
  request: ExtendValidityPayload,
): Promise<ProviderResult<ValidityExtended>> {
  return revise(deps, request.ewbNo, (e, now): ProviderResult<Change<ValidityExtended>> => {
    if (effectiveStatus(e, now) === 'CNL') return refuse('379', `e-waybill ${e.ewbNo} is cancelled and cannot be extended`, 409, '/ewbNo');
    const who = partBRefusal(e, gstin, { generatorLate: '637', notAssigned: '700' }, 'extend it');
    if (who) return who;
    const end = expiresAt(e);
    if (!hasPartBNow(e) || !end) return refuse('381', `e-waybill ${e.ewbNo} has no Part-B (vehicle) yet, so it has no validity to extend`, 422, '/ewbNo');
    const window = EXTENSION_WINDOW_HOURS * 3_600_000;
    if (now.getTime() < end.getTime() - window || now.getTime() > end.getTime() + window) {
      return refuse(
        '382',
        `e-waybill ${e.ewbNo} is valid until ${e.validUpto}; it can be extended only from ${istDateTime(new Date(end.getTime() - window))} to ${istDateTime(new Date(end.getTime() + window))}`,
        422,
        '/ewbNo',
      );
    }
    const original = num(e.partA['transDistance']);
    const remaining = num(request.remainingDistance);
    // With distance 0 the portal computed the distance itself; the sandbox does not know it, so it cannot judge 390.
    if (original > 0 && remaining > original) {
      return refuse('390', `remainingDistance ${remaining} km is more than the e-waybill's distance of ${original} km`, 422, '/remainingDistance');
    }
    const moving = str(request.consignmentStatus).toUpperCase() === 'M';
    const vehicleType = vehicleTypeNow(e);
    const proposed = ewbValidUntil({
      generatedAt: istDateTime(now),
      distanceKm: remaining,
      overDimensional: vehicleType.toUpperCase() === 'O',
      hasPartB: true,
    });
    const judged = proposed === null ? undefined : judgeEwbExtension(istDateTime(e.generatedAt), proposed, istDateTime(now));
    if (!judged) return refuse('383', `the extension of e-waybill ${e.ewbNo} could not be computed`, 422, '/remainingDistance');
    if (!judged.allowed) return refuse('821', judged.message, 422, '/ewbNo');
    const a = actionsOf(e);
    const extension: ExtensionRecord = {
      at: now.toISOString(),
      by: gstin,
      validUpto: judged.validUpto,
      remainingDistance: remaining,
      extnRsnCode: str(request.extnRsnCode),
      extnRemarks: str(request.extnRemarks),
      consignmentStatus: str(request.consignmentStatus).toUpperCase(),
      fromPlace: str(request.fromPlace),
      fromState: num(request.fromState),
      fromPincode: num(request.fromPincode),
      capped: judged.capped,
    };
    const givesVehicle = moving && (str(request.vehicleNo) !== '' || str(request.transDocNo) !== '');
    e.validUpto = judged.validUpto;
    e.actions = { ...a, extensions: [...(a.extensions ?? []), extension] };
    if (givesVehicle) {
      appendPartB(e, { ...partBRecord({ ...request, reasonCode: str(request.extnRsnCode), reasonRem: str(request.extnRemarks) }, gstin, now), vehicleType });
    }
    return {
      ok: true,
      value: {
        entry: e,
        event: 'validity-extended',
        detail: { by: gstin, remainingDistance: remaining, extnRsnCode: extension.extnRsnCode, validUpto: judged.validUpto, capped: judged.capped },
        value: { updatedDate: istDateTime(now), validUpto: judged.validUpto },
      },
    };
  });
}
