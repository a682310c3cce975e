/**
 * A new PGlite database from a template instead of initdb. Creating a cluster (initdb inside WebAssembly)
 * and applying the migrations took 5 to 11 s before a new data folder served its first request; unpacking
 * the same cluster, made once at build time, takes about a second. The template is named by a key of
 * everything that shapes it (PGlite's version, the settings and the migrations), so a template made by
 * another version of either is never used: the store then creates the cluster as before.
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { packageFile } from '../package-files.js';
import { migrate } from './migrate.js';
import { PGLITE_SETTINGS, pgliteOptions } from './pglite-options.js';
import { migrations } from './schema.js';
import type { Row } from './sql-client.js';

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
 * Makes the template: a cluster created in a scratch folder with every migration applied and then shut
 * down cleanly, so that a database started from it has no recovery to run, packed as PGlite packs a data
 * folder (a gzipped ustar archive, names from the folder's root). Written beside its final name first, so
 * a stopped build leaves no half file.
 */
export async function writePgliteTemplate(path = pgliteTemplatePath()): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const scratch = mkdtempSync(join(tmpdir(), 'gstkit-pglite-template-'));
  try {
    const folder = join(scratch, 'pg');
    const db = await PGlite.create(folder, pgliteOptions());
    try {
      const run = async (text: string, params?: readonly unknown[]): Promise<Row[]> => (await db.query(text, params ? [...params] : undefined)).rows as Row[];
      await migrate({
        query: run,
        transaction: (work) =>
          db.transaction((tx) => work({ query: async (text, params) => (await tx.query(text, params ? [...params] : undefined)).rows as Row[] })),
        exec: async (script) => {
          await db.exec(script);
        },
        close: () => db.close(),
      });
    } finally {
      await db.close();
    }
    mkdirSync(dirname(path), { recursive: true });
    const partial = `${path}.partial`;
    writeFileSync(partial, gzipSync(packFolder(folder), { level: 9 }));
    renameSync(partial, path);
    return path;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A ustar header block for one entry. */
function tarHeader(name: string, size: number, type: '0' | '5'): Uint8Array {
  const block = new Uint8Array(512);
  const put = (text: string, at: number, length: number): void => {
    block.set(new TextEncoder().encode(text).subarray(0, length), at);
  };
  const octal = (n: number, length: number): string => `${n.toString(8).padStart(length - 1, '0')}\0`;
  if (name.length > 100) throw new Error(`a PGlite template entry name is longer than 100 characters: ${name}`);
  put(name, 0, 100);
  put(octal(type === '5' ? 0o755 : 0o600, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(0, 12), 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  const sum = block.reduce((a, b) => a + b, 0);
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/** A folder's directories and files as one ustar archive, names from its root with a leading slash. */
function packFolder(folder: string): Uint8Array {
  const parts: Uint8Array[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const name = `${prefix}/${entry.name}`;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        parts.push(tarHeader(name, 0, '5'));
        walk(path, name);
      } else if (entry.isFile() && entry.name !== 'postmaster.pid') {
        const bytes = readFileSync(path);
        parts.push(tarHeader(name, bytes.length, '0'), bytes, new Uint8Array((512 - (bytes.length % 512)) % 512));
      }
    }
  };
  walk(folder, '');
  parts.push(new Uint8Array(1024));
  return Buffer.concat(parts);
}

/** Reads a NUL-terminated text field of a tar header. */
function field(block: Uint8Array, start: number, length: number): string {
  const bytes = block.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
}

/**
 * Unpacks the template into a new data folder with Node's own file calls: no PGlite is started for it, so
 * none of the memory a cluster's creation touches stays in the server. The files go to a sibling folder
 * renamed into place at the end, so a start stopped halfway leaves no half cluster behind. The archive is
 * PGlite's dump: ustar entries of directories and regular files only.
 */
export function unpackPgliteTemplate(file: string, folder: string): void {
  const tar = gunzipSync(readFileSync(file));
  const partial = `${folder}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const root = resolve(partial);
  try {
    for (let at = 0; at + 512 <= tar.length; ) {
      const header = tar.subarray(at, at + 512);
      if (header.every((b) => b === 0)) break;
      const name = [field(header, 345, 155), field(header, 0, 100)].filter(Boolean).join('/');
      const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
      const type = String.fromCharCode(header[156]!);
      const target = resolve(root, `.${sep}${name.replace(/^\/+/, '')}`);
      if (!Number.isFinite(size) || size < 0 || (target !== root && !target.startsWith(root + sep))) {
        throw new Error(`the PGlite template ${file} holds an entry outside its folder or of no size: ${name}`);
      }
      if (type === '5') mkdirSync(target, { recursive: true });
      else if (type === '0' || type === '\0') {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, tar.subarray(at + 512, at + 512 + size));
      } else throw new Error(`the PGlite template ${file} holds an entry of type ${type}, not a file or a folder: ${name}`);
      at += 512 + Math.ceil(size / 512) * 512;
    }
    // A dump taken from a running database carries its lock file; a new cluster must not.
    rmSync(join(partial, 'postmaster.pid'), { force: true });
    rmSync(folder, { recursive: true, force: true });
    renameSync(partial, folder);
  } catch (e) {
    rmSync(partial, { recursive: true, force: true });
    throw e;
  }
}
