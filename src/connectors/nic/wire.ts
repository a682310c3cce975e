/**
 * One HTTP exchange with a portal, with a time limit, and the retry loop around it.
 *
 * Every failure is sorted by what it tells about the portal's state: a refused connection means the
 * request never arrived; a timeout, a dropped connection or a 5xx means it may have been acted on.
 * Callers whose action is not naturally repeatable (generate) use that to recognise their own
 * earlier success (docs/connectors.md, "Retries and idempotency").
 * @module
 */

/** Retry settings. Delays grow as base × 2^(attempt-1), capped, with up to 50 % random jitter. */
export interface RetryPolicy {
  /** Total attempts, the first included. Default 4. */
  attempts?: number;
  /** Default 250 ms. */
  baseDelayMs?: number;
  /** Default 4000 ms. */
  maxDelayMs?: number;
}

/** Where and how a portal is reached. */
export interface WireOptions {
  /** Time limit of one attempt in ms. Default 30 000. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Headers added to every call (a GSP's own authentication, for example). */
  extraHeaders?: Record<string, string>;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

export { backoffMs, causeCode, sendOnce, sleep, type WireOutcome, type WireRequest } from '../portal-wire.js';
import type { WireOutcome } from '../portal-wire.js';

/** Which failures are worth another attempt: all but a 4xx answer that is not JSON (a wrong address, most likely). */
export function retryable(outcome: WireOutcome): boolean {
  if (outcome.kind === 'answer') return false;
  if (outcome.reason !== 'unreadable') return true;
  const status = outcome.status ?? 500;
  return status >= 500 || status < 400;
}
