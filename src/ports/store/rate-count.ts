/**
 * Request counts in the store, so that servers sharing the store share one rate limit (ratelimit/store.ts).
 * @module
 */
import type { RateCount } from '../ratelimit.js';

/** Where the rate limiter's counts are kept. */
export interface RateCountStore {
  /**
   * One atomic step on `bucket`'s request slots (as `RateCounter.hit`): adds `by` (default 1; 0 only reads)
   * to the slot at `slotStart` if the slots from `since` on then hold at most `cap`; when adding, forgets the
   * older slots; answers the slots from `since` on, oldest first. Servers sharing the store share the count.
   */
  countRequest(bucket: string, slotStart: number, since: number, cap: number, by?: number): Promise<RateCount>;
}
