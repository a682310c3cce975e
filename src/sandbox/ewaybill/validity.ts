/**
 * Validity after a Part-B update (Rule 138(10) of the CGST Rules; src/compute/ewaybill-validity.ts does
 * the counting: one day per 200 km or part, 20 km for over-dimensional cargo, days ending at midnight).
 *
 * How the portal recomputes on a Part-B update is not written down beyond the rule: validity counts from
 * the first Part-B entry (a Part-A slip has none until then), and a change of vehicle does not restart it.
 * So a first Part-B starts the count at the update; a later one counts again from that start with the
 * vehicle type now given (over-dimensional cargo earns more days) and never shortens what was granted,
 * including by an extension. LIKELY for the first entry, UNCERTAIN for a later change of vehicle type.
 * @module
 */
import { ewbValidUntil } from '../../compute/ewaybill-validity.js';
import { istDateTime, parseIst } from '../../compute/dates.js';
import { num } from '../../compute/payload.js';
import type { EwbEntry } from './state.js';
import { actionsOf } from './state.js';

/** The instant validity counts from and the distance it covers. */
export function validityBasis(e: EwbEntry, now: Date): { from: Date; distanceKm: number } {
  const a = actionsOf(e);
  const from = e.validUpto === null ? now : a.validFrom ? new Date(a.validFrom) : e.generatedAt;
  return { from, distanceKm: num(e.partA['transDistance']) };
}

/** The later of two `DD/MM/YYYY HH:MM:SS` readings (null counts as earliest). */
export function laterValidity(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return (parseIst(a)?.getTime() ?? 0) >= (parseIst(b)?.getTime() ?? 0) ? a : b;
}

/** The validity after a Part-B update made at `now` with vehicle type `vehicleType`. */
export function validityAfterPartB(e: EwbEntry, now: Date, vehicleType: string): { validUpto: string | null; validFrom: Date } {
  const basis = validityBasis(e, now);
  const recomputed = ewbValidUntil({
    generatedAt: istDateTime(basis.from),
    distanceKm: basis.distanceKm,
    overDimensional: vehicleType.toUpperCase() === 'O',
    hasPartB: true,
  });
  return { validUpto: laterValidity(e.validUpto, recomputed), validFrom: basis.from };
}
