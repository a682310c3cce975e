/**
 * A fixed-window limiter over any {@link RateCounter}: each key gets its own limit (or the default), and
 * a request over it is refused until its window ends.
 * @module
 */
import type { RateCounter, RateDecision, RateLimit, RateLimiter } from '../ports/ratelimit.js';

export interface RateLimiterOptions {
  counter: RateCounter;
  /** The limit of every key without its own; `undefined` leaves such keys unlimited. */
  defaultLimit?: RateLimit;
  /** Limits of particular keys; `null` leaves that key unlimited. */
  perKey?: ReadonlyMap<string, RateLimit | null>;
  /** Names the counter's buckets, so several limiters can share one counter. Default `key`. */
  prefix?: string;
}

/** Builds the limiter. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const prefix = options.prefix ?? 'key';
  /** Counts `by` requests (0: none) and decides whether the one being asked about may go. */
  const decide = async (key: string, now: Date, by: 0 | 1): Promise<RateDecision> => {
    const limit = options.perKey?.has(key) ? options.perKey.get(key) : options.defaultLimit;
    if (!limit) return { allowed: true, limit: { requests: Number.POSITIVE_INFINITY, windowMs: 0 }, remaining: Number.POSITIVE_INFINITY };
    const at = now.getTime();
    const windowStart = Math.floor(at / limit.windowMs) * limit.windowMs;
    // The window length is part of the bucket, so changing a key's limit starts a fresh count.
    const hits = (await options.counter.hit(`${prefix}:${limit.windowMs}:${key}`, windowStart, limit.windowMs, by)) + (1 - by);
    if (hits <= limit.requests) return { allowed: true, limit, remaining: limit.requests - hits } satisfies RateDecision;
    return { allowed: false, limit, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - at) / 1000)) };
  };
  return {
    take: (key, now) => decide(key, now, 1),
    peek: (key, now) => decide(key, now, 0),
    close: async () => {
      await options.counter.close?.();
    },
  };
}
