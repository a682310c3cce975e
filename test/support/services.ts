/**
 * The servers some tests need (PostgreSQL at DATABASE_URL, Redis at REDIS_URL). Outside CI a test
 * without them is skipped; in CI (CI=true) their absence is a failure, never a silent skip.
 */
import { connect } from 'node:net';

const inCi = process.env['CI'] === 'true';

async function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname, port: Number(u.port || (u.protocol.startsWith('redis') ? 6379 : 5432)) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The URL of the server `name` names, or undefined to skip; throws in CI when it is missing. */
export async function serviceUrl(name: 'DATABASE_URL' | 'REDIS_URL'): Promise<string | undefined> {
  const url = process.env[name];
  if (url && (await reachable(url))) return url;
  if (inCi) throw new Error(`${name} ${url ? `(${url}) is unreachable` : 'is not set'}: CI must start PostgreSQL and Redis (.ci/services)`);
  return undefined;
}

export const databaseUrl = await serviceUrl('DATABASE_URL').catch((e: Error) => e);
export const redisUrl = await serviceUrl('REDIS_URL').catch((e: Error) => e);

/** Throws the CI error, or tells whether the server is there. */
export function need(value: string | Error | undefined): value is string {
  if (value instanceof Error) throw value;
  return value !== undefined;
}

/** A new empty database on the server at `url` (dropped by the returned function), so tests never share rows. */
export async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `gstkit_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = '/' + name;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
