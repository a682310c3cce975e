/**
 * Counting in this process's memory, for a single server. Bounded: at most `maxBuckets` keys are tracked,
 * and when more arrive the one least recently seen is forgotten (it starts afresh).
 * @module
 */
import type { RateCounter, RateSlot } from '../ports/ratelimit.js';
import { countInSlots } from '../ports/rate-slots.js';

export const DEFAULT_MAX_BUCKETS = 10_000;

export function memoryRateCounter(options: { maxBuckets?: number } = {}): RateCounter & { readonly size: number } {
  const max = options.maxBuckets ?? DEFAULT_MAX_BUCKETS;
  // A Map iterates in insertion order: deleting and setting again moves a bucket to the end.
  const buckets = new Map<string, RateSlot[]>();
  return {
    get size() {
      return buckets.size;
    },
    async hit(bucket, slotStart, since, cap, by = 1) {
      const slots = buckets.get(bucket) ?? [];
      const count = countInSlots(slots, slotStart, since, cap, by);
      if (by === 0) return count;
      buckets.delete(bucket);
      buckets.set(bucket, slots);
      while (buckets.size > max) buckets.delete(buckets.keys().next().value as string);
      return count;
    },
  };
}
