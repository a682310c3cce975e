/**
 * A new PGlite database from a template instead of initdb. Creating a cluster (initdb inside WebAssembly)
 * and applying the migrations took 5 to 11 s before a new data folder served its first request; unpacking
 * the same cluster, made once at build time, takes about a second. The template is named by a key of
 * everything that shapes it (PGlite's version, the settings and the migrations), so a template made by
 * another version of either is never used: the store then creates the cluster as before.
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageFile } from '../package-files.js';
import { migrate } from './migrate.js';
import { PGLITE_SETTINGS, pgliteOptions } from './pglite-options.js';
import { migrations } from './schema.js';
import type { Row, SqlClient } from './sql-client.js';

/** PGlite's version, as installed next to this gstkit. */
function pgliteVersion(): string {
  // Its package.json is not exported: found by walking up from its entry point.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
    }
    const up = dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}

/** The key of the template this code would make: PGlite's version, its settings and every migration. */
export function pgliteTemplateKey(): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\0`);
  for (const line of PGLITE_SETTINGS) hash.update(`${line}\0`);
  for (const m of migrations) hash.update(`${m.version}\0${m.name}\0${m.sql}\0`);
  return hash.digest('hex').slice(0, 24);
}

/** Where the build writes the template of this code, inside the package's dist/. */
export function pgliteTemplatePath(key = pgliteTemplateKey()): string {
  return packageFile(`dist/pglite-template/${key}.tar.gz`);
}

let found: { path: string | undefined } | undefined;

/** The template file of this code, when the build made one; undefined otherwise (initdb then runs). */
export function pgliteTemplateFile(): string | undefined {
  if (!found) {
    const path = pgliteTemplatePath();
    found = { path: existsSync(path) ? path : undefined };
  }
  return found.path;
}

/** PGlite's options for a new database: the template's contents to load, when there is one. */
export function loadTemplateOption(): { loadDataDir: Blob } | Record<string, never> {
  const file = pgliteTemplateFile();
  return file ? { loadDataDir: new Blob([readFileSync(file)]) } : {};
}

/**
 * Makes the template: a cluster in memory with every migration applied, dumped as PGlite dumps a data
 * folder (a gzipped tar). Written beside its final name first, so a stopped build leaves no half file.
 */
export async function writePgliteTemplate(path = pgliteTemplatePath()): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(undefined, pgliteOptions());
  try {
    const run = async (text: string, params?: readonly unknown[]): Promise<Row[]> => (await db.query(text, params ? [...params] : undefined)).rows as Row[];
    const client: SqlClient = {
      query: run,
      transaction: (work) =>
        db.transaction((tx) => work({ query: async (text, params) => (await tx.query(text, params ? [...params] : undefined)).rows as Row[] })),
      exec: async (script) => {
        await db.exec(script);
      },
      close: () => db.close(),
    };
    await migrate(client);
    await db.query('checkpoint');
    const dump = await db.dumpDataDir('gzip');
    mkdirSync(dirname(path), { recursive: true });
    const partial = `${path}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, path);
    return path;
  } finally {
    await db.close();
  }
}
