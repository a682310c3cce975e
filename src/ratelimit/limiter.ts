/**
 * A sliding-window limiter over any {@link RateCounter}: each key gets its own limit (or the default), and a
 * request is let through only if the key's requests let through in the window that ends with it stay within
 * the limit. A fixed window would let a client spend twice its limit across a window's edge.
 *
 * The window is counted in {@link SLOTS} slots; every slot that overlaps it counts whole, so no span of one
 * window length ever holds more than the limit, and a client is at most one slot (a tenth of the window)
 * worse off than under an exact log of its requests. Refused requests are not counted, so `Retry-After`
 * (when enough slots have left the window) holds.
 * @module
 */
import type { RateCounter, RateDecision, RateLimit, RateLimiter, RateSlot } from '../ports/ratelimit.js';

/** Slots per window. */
export const SLOTS = 10;

export interface RateLimiterOptions {
  counter: RateCounter;
  /** The limit of every key without its own; `undefined` leaves such keys unlimited. */
  defaultLimit?: RateLimit;
  /** Limits of particular keys; `null` leaves that key unlimited. */
  perKey?: ReadonlyMap<string, RateLimit | null>;
  /** Names the counter's buckets, so several limiters can share one counter. Default `key`. */
  prefix?: string;
}

/** When (ms since the epoch) the slots will have left the window enough for one more request. */
function nextRoom(slots: readonly RateSlot[], since: number, slotMs: number, limit: RateLimit): number {
  let kept = slots.reduce((n, s) => n + s.hits, 0);
  let oldest = since;
  for (const slot of slots) {
    if (kept < limit.requests) break;
    kept -= slot.hits;
    oldest = slot.start + slotMs;
  }
  // The window of a request at t starts at the slot holding t - windowMs: `oldest` is first left out at this time.
  return oldest + limit.windowMs;
}

/** Builds the limiter. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const prefix = options.prefix ?? 'key';
  /** Counts `by` requests (0: none) and decides whether the one being asked about may go. */
  const decide = async (key: string, now: Date, by: 0 | 1): Promise<RateDecision> => {
    const limit = options.perKey?.has(key) ? options.perKey.get(key) : options.defaultLimit;
    if (!limit) return { allowed: true, limit: { requests: Number.POSITIVE_INFINITY, windowMs: 0 }, remaining: Number.POSITIVE_INFINITY };
    const at = now.getTime();
    const slotMs = Math.max(1, Math.ceil(limit.windowMs / SLOTS));
    const slotStart = Math.floor(at / slotMs) * slotMs;
    // Every slot that overlaps the window [at - windowMs, at] counts.
    const since = Math.floor((at - limit.windowMs) / slotMs) * slotMs;
    // The window length is part of the bucket, so changing a key's limit starts a fresh count.
    const { slots, added } = await options.counter.hit(`${prefix}:${limit.windowMs}:${key}`, slotStart, since, limit.requests, by);
    const counted = slots.reduce((n, s) => n + s.hits, 0) + (1 - by);
    if (by === 1 ? added : counted <= limit.requests) return { allowed: true, limit, remaining: limit.requests - counted } satisfies RateDecision;
    return { allowed: false, limit, retryAfterSeconds: Math.max(1, Math.ceil((nextRoom(slots, since, slotMs, limit) - at) / 1000)) };
  };
  return {
    take: (key, now) => decide(key, now, 1),
    peek: (key, now) => decide(key, now, 0),
    close: async () => {
      await options.counter.close?.();
    },
  };
}
