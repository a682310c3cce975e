/**
 * Counting in Redis (a hash per bucket, a field per slot, changed by one Lua script so the step is atomic):
 * every server on one Redis shares the count. Needs the optional package ioredis.
 * @module
 */
import type { RateCounter, RateSlot } from '../ports/ratelimit.js';
import { connectRedis } from '../jobs/redis-connection.js';

/**
 * The step of src/ports/rate-slots.ts in Lua. KEYS[1] the bucket's hash; ARGV: the slot, since, cap, by, and
 * how long the hash may outlive its last change (ms). Answers {added, field, hits, field, hits, ...}.
 */
const STEP = `
local since, cap, by = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local fields = redis.call('HGETALL', KEYS[1])
local total, kept = 0, {}
for i = 1, #fields, 2 do
  if tonumber(fields[i]) < since then
    if by ~= 0 then redis.call('HDEL', KEYS[1], fields[i]) end
  else
    total = total + tonumber(fields[i + 1])
    kept[#kept + 1] = fields[i]
  end
end
local added = 0
if by ~= 0 and total + by <= cap then
  redis.call('HINCRBY', KEYS[1], ARGV[1], by)
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  added = 1
end
local out, has = {added}, false
for _, f in ipairs(kept) do
  if f == ARGV[1] then has = true end
  out[#out + 1] = f
  out[#out + 1] = redis.call('HGET', KEYS[1], f)
end
if added == 1 and not has then
  out[#out + 1] = ARGV[1]
  out[#out + 1] = redis.call('HGET', KEYS[1], ARGV[1])
end
return out
`;

/** Redis is down or did not answer in time: the request is served without being counted. */
export class RateCounterUnavailableError extends Error {
  constructor(reason: string) {
    super(`the rate limit count (Redis) is unavailable (${reason}); requests are served without being counted`);
    this.name = 'RateCounterUnavailableError';
  }
}

export interface RedisRateCounterOptions {
  /** Key prefix. Default `gstkit:rate`. */
  prefix?: string;
  /** Deadline of each Redis command and of connecting, ms (default 2000). */
  timeoutMs?: number;
}

/** A counter on the Redis at `redisUrl`; `close()` ends the connection. */
export async function redisRateCounter(redisUrl: string, options: RedisRateCounterOptions = {}): Promise<RateCounter> {
  // Deadlines and no offline queue: a Redis that is down or stalled fails the hit fast, and the request is
  // served without counting (see the handler), rather than waiting for Redis.
  const client = await connectRedis(redisUrl, { use: 'commands', install: 'ioredis', ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const prefix = options.prefix ?? 'gstkit:rate';
  return {
    async hit(bucket, slotStart, since, cap, by = 1) {
      // The hash lives as long as its oldest slot may still count, and a little more.
      const ttl = Math.max(1, slotStart - since) * 2 + 1_000;
      const reply = (await client
        .eval(STEP, 1, `${prefix}:${bucket}`, String(slotStart), String(since), String(cap), String(by), String(ttl))
        .catch((e: unknown) => {
          throw new RateCounterUnavailableError((e as Error).message);
        })) as Array<string | number>;
      const slots: RateSlot[] = [];
      for (let i = 1; i + 1 < reply.length; i += 2) slots.push({ start: Number(reply[i]), hits: Number(reply[i + 1]) });
      slots.sort((a, b) => a.start - b.start);
      return { slots, added: Number(reply[0]) === 1 };
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
