/**
 * A new PGlite database made from the build's template is the database initdb and the migrations make:
 * the same tables, columns, indexes and constraints, every migration recorded, and a store that works.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/migrate.js';
import { pgliteOptions } from '../../src/store/pglite-options.js';
import { pgliteTemplateKey, pgliteTemplatePath, unpackPgliteTemplate, writePgliteTemplate } from '../../src/store/pglite-template.js';
import { openPgliteStore } from '../../src/store/pglite.js';
import { migrations } from '../../src/store/schema.js';
import type { Row, SqlClient } from '../../src/store/sql-client.js';

const scratch = mkdtempSync(join(tmpdir(), 'gstkit-pglite-template-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Everything the schema is made of, as sorted text: columns, indexes and constraints of gstkit's tables. */
async function shape(db: PGlite): Promise<string[]> {
  const columns = await db.query<Row>(
    `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public'`,
  );
  const indexes = await db.query<Row>(`select indexname, indexdef from pg_indexes where schemaname = 'public'`);
  const constraints = await db.query<Row>(
    `select conname, pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'`,
  );
  return [...columns.rows, ...indexes.rows, ...constraints.rows].map((r) => JSON.stringify(r)).sort();
}

function clientOf(db: PGlite): SqlClient {
  const run = async (text: string, params?: readonly unknown[]): Promise<Row[]> => (await db.query<Row>(text, params ? [...params] : undefined)).rows;
  return {
    query: run,
    transaction: (work) => db.transaction((tx) => work({ query: async (text, params) => (await tx.query<Row>(text, params ? [...params] : undefined)).rows })),
    exec: async (script) => {
      await db.exec(script);
    },
    close: () => db.close(),
  };
}

describe('the PGlite template', () => {
  it('is named by a key of PGlite, the settings and the migrations, inside dist/', () => {
    expect(pgliteTemplateKey()).toMatch(/^[0-9a-f]{24}$/);
    expect(pgliteTemplatePath()).toMatch(new RegExp(`dist/pglite-template/${pgliteTemplateKey()}\\.tar\\.gz$`));
  });

  it('loads as the database initdb and every migration make', async () => {
    const file = await writePgliteTemplate(join(scratch, 'template.tar.gz'));
    const fromTemplate = await PGlite.create(undefined, { ...pgliteOptions(), loadDataDir: new Blob([readFileSync(file)]) });
    const byInitdb = await PGlite.create(undefined, pgliteOptions());
    try {
      await migrate(clientOf(byInitdb));
      // The template's database has nothing left to migrate.
      expect(await migrate(clientOf(fromTemplate))).toEqual([]);
      const versions = (await fromTemplate.query<{ version: number }>('select version from gst_schema_version order by version')).rows.map((r) => r.version);
      expect(versions).toEqual(migrations.map((m) => m.version));
      const made = await shape(fromTemplate);
      expect(made.length).toBeGreaterThan(100);
      expect(made).toEqual(await shape(byInitdb));
    } finally {
      await fromTemplate.close();
      await byInitdb.close();
    }
  }, 120_000);

  // The build writes the template (npm ci's prepare builds): CI always has it; a checkout never built does not.
  const built = existsSync(pgliteTemplatePath());
  it.skipIf(!built && process.env['CI'] !== 'true')(
    "a new data folder of a store starts from the build's template, in memory and on disk",
    async () => {
      expect(built, 'dist/ has no PGlite template of this code: run npm run build').toBe(true);
      const opened = new Date();
      const folder = join(scratch, 'data');
      const store = await openPgliteStore(folder, { thread: true });
      await store.close?.();
      const db = await PGlite.create(join(folder, 'pg'));
      try {
        // Migrations recorded before the store was opened: they came with the template, made at build time.
        const applied = (await db.query<{ applied_at: Date }>('select applied_at from gst_schema_version')).rows;
        expect(applied).toHaveLength(migrations.length);
        for (const row of applied) expect(row.applied_at.getTime()).toBeLessThan(opened.getTime());
      } finally {
        await db.close();
      }
    },
    120_000,
  );

  it('refuses an archive entry that would land outside the new folder, and leaves nothing behind', () => {
    const entry = (name: string, body: string): Buffer => {
      const header = Buffer.alloc(512);
      header.write(name, 0);
      header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
      header.write('0', 156);
      header.write('ustar\0', 257);
      const data = Buffer.alloc(Math.ceil(body.length / 512) * 512);
      data.write(body);
      return Buffer.concat([header, data]);
    };
    const file = join(scratch, 'hostile.tar.gz');
    writeFileSync(file, gzipSync(Buffer.concat([entry('/PG_VERSION', '17\n'), entry('/../../escaped', 'x'), Buffer.alloc(1024)])));
    const folder = join(scratch, 'hostile', 'pg');
    expect(() => unpackPgliteTemplate(file, folder)).toThrow(/outside its folder/);
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(join(scratch, 'escaped'))).toBe(false);
    expect(readdirSync(join(scratch, 'hostile'))).toEqual([]);
  });
});
