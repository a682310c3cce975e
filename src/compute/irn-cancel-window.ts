/**
 * An IRN may be cancelled only within 24 hours of its acknowledgement (IRP error 2270 after that).
 * @module
 */

import { parseIstDateTime } from './dates.js';

/** How long after AckDt an IRN may be cancelled. */
export const IRN_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The last instant at which an IRN acknowledged at `ackDt` (IST `yyyy-MM-dd HH:mm:ss`) may be cancelled. */
export function irnCancelDeadline(ackDt: string): Date | undefined {
  const ack = parseIstDateTime(ackDt);
  return ack ? new Date(ack.getTime() + IRN_CANCEL_WINDOW_MS) : undefined;
}

/** Whether an IRN acknowledged at `ackDt` may still be cancelled at `now`; false for a malformed AckDt. */
export function canCancelIrn(ackDt: string, now: Date = new Date()): boolean {
  const ack = parseIstDateTime(ackDt);
  if (!ack) return false;
  const elapsed = now.getTime() - ack.getTime();
  return elapsed >= 0 && elapsed <= IRN_CANCEL_WINDOW_MS;
}
