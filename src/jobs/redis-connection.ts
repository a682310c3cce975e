/**
 * Connections to Redis (ioredis, an optional peer dependency) with deadlines. A command that is not
 * answered within `timeoutMs` fails (a stalled Redis), and a connection that is down fails commands at
 * once rather than queueing them until it is back (a stopped Redis): callers answer 503, not a hang.
 * The one exception is a BullMQ worker's blocking connection, which waits for messages by design and
 * serves no client.
 * @module
 */

/** Deadline of a Redis command and of connecting, ms, when none is given (GSTKIT_REDIS_TIMEOUT_MS). */
export const DEFAULT_REDIS_TIMEOUT_MS = 2000;

export type RedisClient = import('ioredis').Redis;

export interface RedisConnectOptions {
  timeoutMs?: number;
  /**
   * `commands`: fails fast when down or stalled (servers, the rate counter, a worker's sweeps).
   * `blocking`: waits and retries forever, as a BullMQ worker's connection must.
   */
  use: 'commands' | 'blocking';
  /** The name of the missing package when ioredis is not installed. */
  install?: string;
}

/** Opens a connection to `url`; throws a message saying what to fix when it cannot. */
export async function connectRedis(url: string, options: RedisConnectOptions): Promise<RedisClient> {
  let IORedis: typeof import('ioredis').Redis;
  try {
    IORedis = (await import('ioredis')).Redis;
  } catch {
    throw new Error(`REDIS_URL is set but the "ioredis" package is not installed: npm install ${options.install ?? 'bullmq ioredis'}`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
  const client =
    options.use === 'blocking'
      ? new IORedis(url, { maxRetriesPerRequest: null, lazyConnect: true, connectTimeout: timeoutMs })
      : new IORedis(url, {
          lazyConnect: true,
          connectTimeout: timeoutMs,
          commandTimeout: timeoutMs,
          // Down means down: no queue of commands waiting for the connection, no retries past the deadline.
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          // Reconnect soon and keep trying, so service resumes by itself when Redis is back.
          retryStrategy: (times) => Math.min(100 * times, 1000),
        });
  // A lost connection shows as failed commands, answered by their callers; it must not end the process.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (e) {
    client.disconnect();
    throw new Error(`cannot reach Redis at REDIS_URL: ${(e as Error).message}`);
  }
  return client;
}
