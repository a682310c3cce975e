/**
 * Request counts in memory. Outside transactions: a request counts whatever happens to the call's writes.
 * @module
 */
import { countInSlots } from '../../ports/rate-slots.js';
import type { RateSlot } from '../../ports/ratelimit.js';
import type { RateCountStore } from '../../ports/store.js';

/** The rate count store in memory. */
export function memoryRateCountStore(): RateCountStore {
  const rateSlots = new Map<string, RateSlot[]>();
  return {
    async countRequest(bucket, slotStart, since, cap, by = 1) {
      const slots = rateSlots.get(bucket) ?? [];
      const count = countInSlots(slots, slotStart, since, cap, by);
      if (slots.length > 0) rateSlots.set(bucket, slots);
      else rateSlots.delete(bucket);
      return count;
    },
  };
}
