/**
 * GSTKIT_BULK_RATE: the pace of bulk registrations per portal and GSTIN (`REQUESTS/SECONDS` or `off`),
 * counted where every server and worker sees the same count (Redis with REDIS_URL, else PostgreSQL when
 * the store is, else this process's memory). Default: off against the sandbox; against NIC, 5 documents a
 * second per GSTIN, a cautious pace, since NIC publishes none for its APIs: set the one your GSP allows.
 * @module
 */
import type { RateLimiter } from '../ports/ratelimit.js';
import type { Store } from '../ports/store.js';
import { createRateLimiter, memoryRateCounter, parseRateLimit, redisRateCounter, storeRateCounter } from '../ratelimit/index.js';

/** The pace against NIC when GSTKIT_BULK_RATE is unset. */
export const DEFAULT_NIC_BULK_RATE = '5/1';

export interface BulkPace {
  limiter?: RateLimiter;
  /** The pace in words, for the start-up lines. */
  where: string;
  close(): Promise<void>;
}

/** The bulk limiter of the settings; a wrong value is named. */
export async function bulkPaceFromEnv(
  env: NodeJS.ProcessEnv,
  setting: { live: boolean; store: Store; redisUrl?: string | undefined; redisTimeoutMs: number },
): Promise<({ ok: true } & BulkPace) | { ok: false; message: string }> {
  const parsed = parseRateLimit(env['GSTKIT_BULK_RATE']?.trim() || (setting.live ? DEFAULT_NIC_BULK_RATE : 'off'));
  if (!parsed.ok) return { ok: false, message: `GSTKIT_BULK_RATE: ${parsed.message}` };
  const limit = parsed.limit;
  if (!limit) return { ok: true, where: 'off', close: async () => {} };
  try {
    const [counter, where] = setting.redisUrl
      ? [await redisRateCounter(setting.redisUrl, { timeoutMs: setting.redisTimeoutMs }), 'counted in Redis']
      : setting.store.kind === 'postgres'
        ? [storeRateCounter(setting.store), 'counted in PostgreSQL']
        : [memoryRateCounter(), 'counted in memory'];
    return {
      ok: true,
      limiter: createRateLimiter({ counter, defaultLimit: limit, prefix: 'bulk' }),
      where: `${limit.requests} documents per ${limit.windowMs / 1000} s per GSTIN, ${where}`,
      close: async () => {
        await counter.close?.();
      },
    };
  } catch (e) {
    return { ok: false, message: `GSTKIT_BULK_RATE: ${(e as Error).message}` };
  }
}
