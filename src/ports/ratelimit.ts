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
  | { allowed: false; limit: RateLimit /** Whole seconds until a request would be let through (at least 1), for `Retry-After`. */; retryAfterSeconds: number };

/** The requests counted in one slot of a bucket, the slot starting at `start` (ms since the epoch). */
export interface RateSlot {
  start: number;
  hits: number;
}

/** A bucket's slots after a {@link RateCounter.hit}, oldest first, and whether the requests were added. */
export interface RateCount {
  slots: RateSlot[];
  added: boolean;
}

/**
 * Counts requests in short slots, so a limiter can judge a window that slides with the clock. `hit`, as one
 * atomic step: adds `by` requests (default 1; 0 only reads) to the slot starting at `slotStart` if `bucket`'s
 * slots from `since` on then hold at most `cap`; when adding, forgets the slots that start before `since`;
 * answers the slots from `since` on, oldest first. Counters shared by several servers (PostgreSQL, Redis) do it atomically across them, so the
 * servers share one limit.
 */
export interface RateCounter {
  hit(bucket: string, slotStart: number, since: number, cap: number, by?: number): Promise<RateCount>;
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
