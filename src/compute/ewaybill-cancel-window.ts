/**
 * The window in which the generator may cancel an e-waybill: 24 hours from generation.
 * @module
 */

import { ewbSecondNumber } from './ewaybill-dates.js';

/** Length of the cancellation window in seconds. */
export const EWB_CANCEL_WINDOW_SECONDS = 24 * 3600;

/**
 * Whether an e-waybill generated at `generatedAt` may still be cancelled at `now` (both
 * `DD/MM/YYYY HH:MM:SS`, India Standard Time): `now` is not before generation and at most 24 hours
 * after it. False for anything unreadable.
 */
export function canCancelEwb(generatedAt: string, now: string): boolean {
  const start = ewbSecondNumber(generatedAt);
  const at = ewbSecondNumber(now);
  if (start === undefined || at === undefined) return false;
  return at >= start && at - start <= EWB_CANCEL_WINDOW_SECONDS;
}
