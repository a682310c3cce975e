/**
 * Counting in this process's memory, for a single server. Bounded: at most `maxBuckets` keys are tracked,
 * and when more arrive the one least recently seen is forgotten (it starts its window afresh).
 * @module
 */
import type { RateCounter } from '../ports/ratelimit.js';

export const DEFAULT_MAX_BUCKETS = 10_000;

export function memoryRateCounter(options: { maxBuckets?: number } = {}): RateCounter & { readonly size: number } {
  const max = options.maxBuckets ?? DEFAULT_MAX_BUCKETS;
  // A Map iterates in insertion order: deleting and setting again moves a bucket to the end.
  const buckets = new Map<string, { windowStart: number; hits: number }>();
  return {
    get size() {
      return buckets.size;
    },
    async hit(bucket, windowStart, _windowMs, by = 1) {
      const seen = buckets.get(bucket);
      if (by === 0) return seen && seen.windowStart === windowStart ? seen.hits : 0;
      buckets.delete(bucket);
      const entry = seen && seen.windowStart === windowStart ? { windowStart, hits: seen.hits + by } : { windowStart, hits: by };
      buckets.set(bucket, entry);
      while (buckets.size > max) buckets.delete(buckets.keys().next().value as string);
      return entry.hits;
    },
  };
}
