/**
 * Counting in the store's table (`gst_rate_window`, one row per slot): every server on one PostgreSQL
 * shares the count.
 * @module
 */
import type { RateCounter } from '../ports/ratelimit.js';
import type { RateCountStore } from '../ports/store.js';

export function storeRateCounter(store: RateCountStore): RateCounter {
  return { hit: (bucket, slotStart, since, cap, by) => store.countRequest(bucket, slotStart, since, cap, by) };
}
