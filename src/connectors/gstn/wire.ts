/**
 * One HTTP exchange with the GSP, with a time limit, and the retry loop around it.
 *
 * Each failure is sorted by what it says about the portal's state: a refused connection means the request
 * never arrived; a timeout, a dropped connection or a 5xx means it may have been acted on. Actions that
 * must not run twice (RETFILE) are sent once and told which of the two happened.
 * @module
 */
import type { RetryPolicy } from './options.js';
import { backoffMs, sendOnce, sleep, type WireOutcome, type WireRequest } from '../portal-wire.js';

export { backoffMs, causeCode, sleep, type WireOutcome, type WireRequest } from '../portal-wire.js';

export interface WireSettings {
  fetch: typeof fetch;
  timeoutMs: number;
  retry: Required<RetryPolicy>;
}

export type Sent =
  | { kind: 'answer'; status: number; json: unknown; ambiguous: boolean }
  | (Extract<WireOutcome, { kind: 'failure' }> & { attempts: number; ambiguous: boolean });

/**
 * Sends with retries. With `once`, a failure that may have been acted on is not sent again: the caller
 * learns it as `ambiguous` and finds out what happened its own way.
 */
export async function send(request: WireRequest, settings: WireSettings, once = false): Promise<Sent> {
  const attempts = Math.max(1, settings.retry.attempts);
  let ambiguous = false;
  for (let attempt = 1; ; attempt++) {
    const out = await sendOnce(request, settings);
    if (out.kind === 'answer') return { ...out, ambiguous };
    if (out.maybeActed) ambiguous = true;
    const worthAnother = out.reason !== 'unreadable' || (out.status ?? 500) >= 500;
    if (attempt >= attempts || !worthAnother || (once && out.maybeActed)) return { ...out, attempts: attempt, ambiguous };
    await sleep(backoffMs(attempt, settings.retry));
  }
}
