/**
 * PGlite has no checkpointer and no autovacuum: the upkeep steps do their work, so the write-ahead log
 * stops growing with everything written and dead rows are cleared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/store/sql-client.js';
import { openPgliteClient } from '../../src/store/pglite.js';
import { startPgliteUpkeep } from '../../src/store/pglite-upkeep.js';

let client: SqlClient;
beforeAll(async () => {
  client = await openPgliteClient();
  // Stored as written, not compressed, so each row puts its full size in the log.
  await client.exec('create table upkept (id int primary key, body text); alter table upkept alter column body set storage external');
});
afterAll(() => client.close());

/** Bytes of log written since the last checkpoint began: what a start after a crash would replay. */
const sinceCheckpoint = async () => Number((await client.query('select pg_current_wal_lsn() - redo_lsn as n from pg_control_checkpoint()'))[0]!['n']);
const walSegments = async () => Number((await client.query('select count(*) as n from pg_ls_waldir()'))[0]!['n']);
const deadRows = async () => Number((await client.query(`select n_dead_tup from pg_stat_user_tables where relname = 'upkept'`))[0]?.['n_dead_tup'] ?? 0);

/** About 80 MB of write-ahead log: 20,000 rows of 2 KB, then each row changed once. */
async function writeMuch(): Promise<void> {
  await client.query(`insert into upkept (id, body) select g, repeat(md5(g::text), 64) from generate_series(1, 20000) g`);
  await client.query(`update upkept set body = repeat(md5(body), 64)`);
}

describe('PGlite upkeep', () => {
  it('without it the log only grows; a step checkpoints it back to a few segments and vacuums away dead rows', async () => {
    await writeMuch();
    const grown = await walSegments();
    // PGlite never checkpoints by itself: the log holds everything written, in segments of 16 MB.
    expect(await sinceCheckpoint()).toBeGreaterThan(64 * 1024 * 1024);
    expect(grown).toBeGreaterThan(4);
    expect(await deadRows()).toBeGreaterThan(5000);
    const upkeep = startPgliteUpkeep(client, 0);
    // The one table with dead rows is the one vacuumed.
    await upkeep.step();
    await upkeep.stop();
    expect(await sinceCheckpoint()).toBeLessThan(1024 * 1024);
    expect(await walSegments()).toBeLessThanOrEqual(4);
    expect(await deadRows()).toBe(0);
  }, 120_000);
});
