/**
 * Rate limiting per API key and per client address: the limit, the decision, and the counter that several servers can share
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
 * Counts requests in fixed windows. `hit` adds `by` requests (default 1) to `bucket`'s window starting at
 * `windowStart` (ms since the epoch) and answers that window's count, these included; `by` 0 only reads the
 * count. Counters shared by several servers (PostgreSQL, Redis) count atomically, so the servers share one limit.
 */
export interface RateCounter {
  hit(bucket: string, windowStart: number, windowMs: number, by?: number): Promise<number>;
  close?(): Promise<void>;
}

/** Decides whether the caller named by `key` may make one more request at `now`. */
export interface RateLimiter {
  take(key: string, now: Date): Promise<RateDecision>;
  /** What `take` would decide now, without counting anything (for limits on failures, checked before trying). */
  peek?(key: string, now: Date): Promise<RateDecision>;
  close?(): Promise<void>;
}

/**
 * Limits per client address, for what no API key answers for: the unauthenticated sales inquiry, and
 * failed logins (requests whose credentials the authenticate hook refused, 401).
 */
export interface ClientRateLimits {
  /** Sales inquiries (`POST /api/deal`) each client address may send. */
  inquiries?: RateLimiter;
  /**
   * Refused credentials each client address may send; once they are spent, every request with credentials
   * from that address is answered 429 before authentication, until the window ends.
   */
  failedLogins?: RateLimiter;
  /**
   * How many proxies in front of the server append to `X-Forwarded-For` and may be believed. 0 (the default)
   * ignores the header and limits the connection's address: a client could write any address in it.
   */
  trustedProxies?: number;
}
