/**
 * Rate limiting per API key behind the {@link RateLimiter} port: a sliding-window limiter over a counter in
 * memory (one server), in the store (servers sharing PostgreSQL) or in Redis.
 *
 * @example
 * const rateLimit = createRateLimiter({ counter: storeRateCounter(store), defaultLimit: { requests: 600, windowMs: 60_000 } });
 * createGstHandler({ ...providers, authenticate, rateLimit });
 * @module
 */
export type { ClientRateLimits, RateCount, RateCounter, RateDecision, RateLimit, RateLimiter, RateSlot } from '../ports/ratelimit.js';
export { createRateLimiter, SLOTS, type RateLimiterOptions } from './limiter.js';
export { memoryRateCounter, DEFAULT_MAX_BUCKETS } from './memory.js';
export { storeRateCounter } from './store.js';
export { redisRateCounter, type RedisRateCounterOptions } from './redis.js';
export { parseRateLimit, parseKeyRateLimits } from './config.js';
export { clientAddress, clientIp, addressKey } from './client-address.js';
