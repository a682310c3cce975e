/**
 * E-waybill validity under Rule 138(10) of the CGST Rules, as amended with effect from 01/01/2021.
 * @module
 */

import { ewbDateTimeText, ewbSecondNumber } from './ewaybill-dates.js';

/** Kilometres one day of validity covers for regular cargo. */
export const EWB_KM_PER_DAY = 200;
/** Kilometres one day of validity covers for over-dimensional cargo (vehicle type `O`). */
export const EWB_ODC_KM_PER_DAY = 20;

/** What the validity depends on. */
export interface EwbValidityInput {
  /** Generation time, `DD/MM/YYYY HH:MM:SS`, India Standard Time. */
  generatedAt: string;
  /** Road distance in kilometres (the computed one when 0 was sent). */
  distanceKm: number;
  /** Over-dimensional cargo (vehicle type `O`). */
  overDimensional?: boolean;
  /** Whether Part-B (vehicle number, or transport document for rail, air and ship) has been given. */
  hasPartB: boolean;
}

/**
 * Days of validity: one day for the first 200 km (20 km for over-dimensional cargo) and one more for
 * each further 200 km (20 km) or part of it. Undefined for a negative or non-finite distance.
 */
export function ewbValidityDays(distanceKm: number, overDimensional = false): number | undefined {
  if (typeof distanceKm !== 'number' || !Number.isFinite(distanceKm) || distanceKm < 0) return undefined;
  const perDay = overDimensional === true ? EWB_ODC_KM_PER_DAY : EWB_KM_PER_DAY;
  return Math.max(1, Math.ceil(distanceKm / perDay));
}

/**
 * The end of an e-waybill's validity, `DD/MM/YYYY HH:MM:SS`. The first day runs until midnight of the
 * day after generation, so validity ends on the generation date plus the number of days, at 23:59:00:
 * the portal's responses show 23:59 with zero seconds (research/nic.md section 5, checked on real data).
 * Returns null when Part-B is missing (a Part-A slip has no validity yet) or when the input is not
 * usable (bad date-time, negative distance).
 *
 * @example ewbValidUntil({ generatedAt: '05/10/2022 12:39:00', distanceKm: 10, hasPartB: true })
 * // '06/10/2022 23:59:00'
 */
export function ewbValidUntil(input: EwbValidityInput): string | null {
  if (typeof input !== 'object' || input === null) return null;
  if (input.hasPartB !== true) return null;
  const start = ewbSecondNumber(input.generatedAt);
  const days = ewbValidityDays(input.distanceKm, input.overDimensional === true);
  if (start === undefined || days === undefined) return null;
  const generationDay = Math.floor(start / 86_400);
  return ewbDateTimeText((generationDay + days) * 86_400 + 86_340);
}
