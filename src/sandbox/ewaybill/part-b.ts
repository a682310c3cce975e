/**
 * Part-B after generation, as every action that enters a vehicle shares it (updatevehicle, extendvalidity,
 * a trip sheet boarding its members, a multi-vehicle movement's vehicles): who may enter it, the entry a
 * request makes, and appending that entry to the e-waybill's history.
 * @module
 */
import type { ProviderResult } from '../../ports/index.js';
import { num, str } from '../../compute/payload.js';
import { refuse } from '../../ports/result.js';
import type { EwbEntry } from './state.js';
import { actionsOf, currentTransporter, type PartBRecord } from './state.js';

/**
 * Who may enter Part-B: the assigned transporter, or the generator until that transporter has entered it
 * (`generatorLate`); anyone else is refused with `notAssigned`. Each action has its own pair of codes.
 */
export function partBRefusal(
  e: EwbEntry,
  gstin: string,
  codes: { generatorLate: string; notAssigned: string },
  verb: string,
): ProviderResult<never> | undefined {
  const transporter = currentTransporter(e);
  if (transporter !== null && transporter === gstin) return undefined;
  if (gstin === e.genGstin) {
    if (transporter !== null && actionsOf(e).transporterEnteredPartB) {
      return refuse(
        codes.generatorLate,
        `transporter ${transporter} has entered Part-B of e-waybill ${e.ewbNo}; the generator can no longer ${verb}`,
        422,
        '/ewbNo',
      );
    }
    return undefined;
  }
  return refuse(codes.notAssigned, `GSTIN ${gstin} is neither the generator nor the assigned transporter of e-waybill ${e.ewbNo}`, 403, '/ewbNo');
}

/** The Part-B entry a request makes (NIC's field names; a road vehicle of regular type unless it says otherwise). */
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

/**
 * Appends a Part-B entry to the e-waybill's history, with `validFrom` when the entry (re)starts the count
 * of validity. Once the assigned transporter enters Part-B itself the generator may no longer (635 and
 * the like), so that is remembered here.
 */
export function appendPartB(e: EwbEntry, record: PartBRecord, validFrom?: Date): void {
  const a = actionsOf(e);
  const transporter = currentTransporter(e);
  e.actions = {
    ...a,
    partB: [...(a.partB ?? []), record],
    ...(validFrom ? { validFrom: validFrom.toISOString() } : {}),
    ...(transporter !== null && transporter === record.enteredBy ? { transporterEnteredPartB: true } : {}),
  };
}
