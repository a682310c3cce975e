/**
 * The deadlines of every call to PostgreSQL and Redis, read from the environment: GSTKIT_DB_TIMEOUT_MS,
 * GSTKIT_DB_CONNECT_TIMEOUT_MS and GSTKIT_REDIS_TIMEOUT_MS. A call past its deadline fails, and the client
 * gets 503 SVC-951 with Retry-After instead of waiting for as long as the stall lasts.
 * @module
 */
import { DEFAULT_REDIS_TIMEOUT_MS } from '../jobs/redis-connection.js';
import { DEFAULT_DB_CONNECT_TIMEOUT_MS, DEFAULT_DB_TIMEOUT_MS } from '../store/postgres.js';

export interface Deadlines {
  dbTimeoutMs: number;
  dbConnectTimeoutMs: number;
  redisTimeoutMs: number;
}

/** The deadlines, or the message naming a wrong setting. */
export function deadlinesFromEnv(env: NodeJS.ProcessEnv): { ok: true; deadlines: Deadlines } | { ok: false; message: string } {
  const read = (name: string, fallback: number): number | string => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    const n = Number(value);
    // Under 100 ms a loaded but healthy database would time out; over 10 minutes is no deadline.
    return Number.isSafeInteger(n) && n >= 100 && n <= 600_000
      ? n
      : `${name} must be a whole number of milliseconds from 100 to 600000, not ${JSON.stringify(env[name])}`;
  };
  const dbTimeoutMs = read('GSTKIT_DB_TIMEOUT_MS', DEFAULT_DB_TIMEOUT_MS);
  const dbConnectTimeoutMs = read('GSTKIT_DB_CONNECT_TIMEOUT_MS', DEFAULT_DB_CONNECT_TIMEOUT_MS);
  const redisTimeoutMs = read('GSTKIT_REDIS_TIMEOUT_MS', DEFAULT_REDIS_TIMEOUT_MS);
  for (const v of [dbTimeoutMs, dbConnectTimeoutMs, redisTimeoutMs]) if (typeof v === 'string') return { ok: false, message: v };
  return {
    ok: true,
    deadlines: { dbTimeoutMs: dbTimeoutMs as number, dbConnectTimeoutMs: dbConnectTimeoutMs as number, redisTimeoutMs: redisTimeoutMs as number },
  };
}
