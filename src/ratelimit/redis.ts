/**
 * Counting in Redis (`INCR` on one key per bucket and window, expiring after the window): every server
 * on one Redis shares the count. Needs the optional package ioredis.
 * @module
 */
import type { RateCounter } from '../ports/ratelimit.js';

type RedisClient = import('ioredis').Redis;

export interface RedisRateCounterOptions {
  /** Key prefix. Default `gstkit:rate`. */
  prefix?: string;
}

/** A counter on the Redis at `redisUrl`; `close()` ends the connection. */
export async function redisRateCounter(redisUrl: string, options: RedisRateCounterOptions = {}): Promise<RateCounter> {
  let IORedis: typeof import('ioredis').Redis;
  try {
    IORedis = (await import('ioredis')).Redis;
  } catch {
    throw new Error('REDIS_URL is set but the "ioredis" package is not installed: npm install ioredis');
  }
  const client: RedisClient = new IORedis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true });
  client.on('error', () => {}); // a lost connection shows as a failed hit, answered by the caller
  try {
    await client.connect();
  } catch (e) {
    client.disconnect();
    throw new Error(`cannot reach Redis at REDIS_URL: ${(e as Error).message}`);
  }
  const prefix = options.prefix ?? 'gstkit:rate';
  return {
    async hit(bucket, windowStart, windowMs, by = 1) {
      const key = `${prefix}:${bucket}:${windowStart}`;
      if (by === 0) return Number((await client.get(key)) ?? 0);
      const replies = await client.multi().incrby(key, by).pexpire(key, windowMs + 1_000).exec();
      const [err, hits] = replies?.[0] ?? [new Error('Redis answered nothing'), 0];
      if (err) throw err;
      return Number(hits);
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
