/**
 * Rate limiting per API key: the limit, the decision, and the counter that several servers can share
 * (the store's table, Redis) or one server keeps in memory.
 * @module
 */

/** At most `requests` requests in each window of `windowMs` milliseconds. */
export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** What the limiter decided for one request. */
export type RateDecision =
  | { allowed: true; limit: RateLimit; remaining: number }
  | { allowed: false; limit: RateLimit; /** Whole seconds until the window ends (at least 1), for `Retry-After`. */ retryAfterSeconds: number };

/**
 * Counts requests in fixed windows. `hit` adds one request to `bucket`'s window starting at `windowStart`
 * (ms since the epoch) and answers that window's count, this request included. Counters shared by several
 * servers (PostgreSQL, Redis) count atomically, so the servers share one limit.
 */
export interface RateCounter {
  hit(bucket: string, windowStart: number, windowMs: number): Promise<number>;
  close?(): Promise<void>;
}

/** Decides whether the caller named by `key` may make one more request at `now`. */
export interface RateLimiter {
  take(key: string, now: Date): Promise<RateDecision>;
  close?(): Promise<void>;
}
