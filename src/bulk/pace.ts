/**
 * Pacing a bulk run's portal calls with a rate limiter, so that a thousand documents reach the portal at a
 * rate it accepts (and servers sharing the limiter's counter share the pace).
 * @module
 */
import type { RateLimiter } from '../ports/ratelimit.js';

/** Waits `ms` milliseconds. */
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves when the limiter lets one more call for `key` through. A limiter that fails (its counter
 * unreachable) lets the call through, as the HTTP adapter's does: the portal stays the judge.
 */
export async function paced(limiter: RateLimiter | undefined, key: string): Promise<void> {
  if (!limiter) return;
  for (;;) {
    let decision: Awaited<ReturnType<RateLimiter['take']>>;
    try {
      // The machine's clock: a window on an injected clock that stands still would never open.
      decision = await limiter.take(key, new Date());
    } catch {
      return;
    }
    if (decision.allowed) return;
    // Retry-After is in whole seconds; a tenth of the window is when a slot may have left it.
    await sleep(Math.max(10, Math.min(decision.retryAfterSeconds * 1000, decision.limit.windowMs / 10)));
  }
}
