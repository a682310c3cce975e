/**
 * PostgreSQL closing a connection that is checked out for a transaction (a restart, a failover,
 * pg_terminate_backend) fails that transaction and nothing else: the process lives on, and the store serves
 * the next call on a fresh connection.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/ports/index.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { databaseUrl, freshDatabase, need } from '../support/services.js';

const hasDatabase = need(databaseUrl);

describe.skipIf(!hasDatabase)('a PostgreSQL connection lost inside a transaction', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const done of cleanup.reverse()) await done().catch(() => {});
  });

  it('fails the transaction as the store being unavailable, and the store serves the next call', async () => {
    const database = await freshDatabase(databaseUrl as string);
    cleanup.push(database.drop);
    const store = await openPostgresStore(database.url, { max: 2 });
    cleanup.push(() => store.close());
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    cleanup.push(() => admin.end());

    const unhandled: unknown[] = [];
    const onUncaught = (e: unknown): void => {
      unhandled.push(e);
    };
    process.on('uncaughtException', onUncaught);
    cleanup.push(async () => {
      process.off('uncaughtException', onUncaught);
    });

    // Inside the transaction, the database ends every other connection to it: the transaction's own.
    const failed = store.atomically(async () => {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      await new Promise((r) => setTimeout(r, 200));
      return 'committed';
    });
    await expect(failed).rejects.toBeInstanceOf(StoreUnavailableError);
    await new Promise((r) => setTimeout(r, 200));
    expect(unhandled).toEqual([]);

    // The next transaction runs on a fresh connection.
    await expect(store.atomically(async () => 'again')).resolves.toBe('again');
  });
});

describe('over HTTP, a database that is gone', () => {
  it('answers 503 SVC-951 with Retry-After in the route style, and the next call succeeds', async () => {
    const { createMemoryJobRunner } = await import('../../src/sandbox/index.js');
    const { targets, world } = await import('../http/harness.js');
    const runner = createMemoryJobRunner();
    const submit = runner.submit.bind(runner);
    let down = true;
    runner.submit = (job) => (down ? Promise.reject(new StoreUnavailableError('Connection terminated unexpectedly')) : submit(job));
    const { handler } = world({ jobs: runner, onError: () => {} });
    const { call } = await targets[0]!.start(handler);
    const exportOnce = () =>
      call('POST', '/api/svc/gstr2a/export', {
        headers: { 'svc-company': 'acme' },
        body: { gstins: ['29AAGCK4821M1Z4'], startReturnPeriod: '2026-01', endReturnPeriod: '2026-02' },
      });
    const gone = await exportOnce();
    expect(gone.status).toBe(503);
    expect(gone.headers.get('svc-errorcode')).toBe('SVC-951');
    expect(gone.headers.get('retry-after')).toBe('2');
    down = false;
    expect((await exportOnce()).status).toBe(200);
  });
});
