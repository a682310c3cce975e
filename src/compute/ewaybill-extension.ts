/**
 * The 360-day limit on extending an e-waybill (e-waybill portal code 821, from 1 January 2025: NIC
 * "Additional validations" of 17 December 2024, research/domain-2026.md §1.8). An e-waybill cannot be valid
 * beyond 360 days after its generation: an extension that would pass that point is cut at it, and once it
 * has passed, extension is refused. The cut is the research's likely reading (the portal's message says only
 * that the allowed limit is 360 days); the limit is counted from the generation instant, to the second.
 * @module
 */

import { ewbDateTimeText, ewbSecondNumber } from './ewaybill-dates.js';

/** Longest life of an e-waybill, in days from generation. */
export const EWB_MAX_LIFE_DAYS = 360;
/** The day the limit took effect (generation dates before it are not limited). */
export const EWB_LIFE_LIMIT_SINCE = '01/01/2025';

const SECONDS_PER_DAY = 86_400;

/** The last instant an e-waybill generated at `generatedAt` may be valid to, `DD/MM/YYYY HH:MM:SS`; undefined for junk. */
export function ewbExtensionLimit(generatedAt: string): string | undefined {
  const start = ewbSecondNumber(generatedAt);
  return start === undefined ? undefined : ewbDateTimeText(start + EWB_MAX_LIFE_DAYS * SECONDS_PER_DAY);
}

/** The answer to "may this e-waybill be extended to this validity now?". */
export type EwbExtensionOutcome = { allowed: true; validUpto: string; capped: boolean } | { allowed: false; code: '821'; message: string };

/**
 * Judges an extension requested at `now` (all `DD/MM/YYYY HH:MM:SS`, IST) of an e-waybill generated at
 * `generatedAt`, whose new validity would be `proposedValidUpto`: refused with 821 once 360 days have
 * passed since generation; otherwise allowed, with the validity cut at the 360-day limit (`capped`).
 * The 360-day rule applies when `now` is on or after 1 January 2025. Undefined when a time is unreadable.
 */
export function judgeEwbExtension(generatedAt: string, proposedValidUpto: string, now: string): EwbExtensionOutcome | undefined {
  const start = ewbSecondNumber(generatedAt);
  const proposed = ewbSecondNumber(proposedValidUpto);
  const at = ewbSecondNumber(now);
  if (start === undefined || proposed === undefined || at === undefined) return undefined;
  const since = ewbSecondNumber(`${EWB_LIFE_LIMIT_SINCE} 00:00:00`)!;
  if (at < since) return { allowed: true, validUpto: proposedValidUpto, capped: false };
  const limit = start + EWB_MAX_LIFE_DAYS * SECONDS_PER_DAY;
  if (at >= limit) {
    return {
      allowed: false,
      code: '821',
      message: `the e-waybill was generated on ${generatedAt}; it cannot be extended beyond ${EWB_MAX_LIFE_DAYS} days (${ewbDateTimeText(limit)})`,
    };
  }
  if (proposed > limit) return { allowed: true, validUpto: ewbDateTimeText(limit), capped: true };
  return { allowed: true, validUpto: proposedValidUpto, capped: false };
}
