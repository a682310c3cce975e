/**
 * The servers some tests need (PostgreSQL at DATABASE_URL, Redis at REDIS_URL). Outside CI a test
 * without them is skipped; in CI (CI=true) their absence is a failure, never a silent skip.
 */
import { appendFileSync } from 'node:fs';
import { connect } from 'node:net';
import { relative } from 'node:path';

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

/** A server that is not there outside CI, named so that `need` can say which one a skipped test wanted. */
class Missing {
  constructor(readonly name: 'DATABASE_URL' | 'REDIS_URL') {}
}

const urlOrMissing = (name: 'DATABASE_URL' | 'REDIS_URL'): Promise<string | Error | Missing> =>
  serviceUrl(name).then(
    (url) => url ?? new Missing(name),
    (e: Error) => e,
  );
export const databaseUrl = await urlOrMissing('DATABASE_URL');
export const redisUrl = await urlOrMissing('REDIS_URL');

/** Throws the CI error, or tells whether the server is there (a missing one is noted for the run's summary). */
export function need(value: string | Error | Missing): value is string {
  if (value instanceof Error) throw value;
  if (value instanceof Missing) {
    noteSkipped(value.name);
    return false;
  }
  return true;
}

/**
 * Notes the test file that skips for want of `name` in the file test/support/skipped-summary.ts names, so
 * the end of `npm test` lists what did not run and how to run it. The file is the first test file on the
 * stack (a helper such as stores.ts may be the one asking).
 */
function noteSkipped(name: 'DATABASE_URL' | 'REDIS_URL'): void {
  const log = process.env['GSTKIT_SKIPPED_LOG'];
  if (!log) return;
  const file = /(\/[^\s()]*\.test\.ts)/.exec(new Error().stack?.split('\n').find((l) => /\.test\.ts/.test(l)) ?? '')?.[1];
  appendFileSync(log, `${name} ${file ? relative(process.cwd(), file.replace(/^file:\/\//, '')) : '?'}\n`);
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
