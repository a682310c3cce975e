/**
 * The built page's files (dist/playground, written by scripts/build-playground.mjs) read from disk for
 * `gstkit serve`, and copied for `gstkit playground --out`.
 * @module
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PageFile } from '../http/page.js';
import { packageFile } from '../package-files.js';

/**
 * Codes of serving and copying the page. Here, not beside the page's own: the build bundles src/playground/
 * for the browser and does not compile it into dist/.
 */
export const pageFileCodes = {
  /** The page's files are not built (dist/playground is missing): `npm run build` builds them. */
  pageNotBuilt: 'SVC-813',
  /** `gstkit playground --out DIR`: no DIR given, or DIR is a file or a directory holding other files. */
  badOutDir: 'SVC-814',
} as const;

/** Where the build puts the page. */
export const builtPageDir = (): string => packageFile('dist/playground');

/** Every file under `dir`, by its path relative to `dir` with forward slashes. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string): void => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** Why the page cannot be served or copied from `dir`, or undefined when its files are there. */
export function pageMissing(dir: string): string | undefined {
  return existsSync(path.join(dir, 'index.html')) && existsSync(path.join(dir, 'app.js'))
    ? undefined
    : `${pageFileCodes.pageNotBuilt}: the page is not built (no ${path.join(dir, 'index.html')}): run npm run build`;
}

/** The page's files, read into memory (a few megabytes) so that serving them touches no disk. */
export function readPageFiles(dir: string = builtPageDir()): { ok: true; files: Map<string, PageFile> } | { ok: false; message: string } {
  const missing = pageMissing(dir);
  if (missing) return { ok: false, message: missing };
  return { ok: true, files: new Map(filesUnder(dir).map((rel) => [rel, { body: new Uint8Array(readFileSync(path.join(dir, rel))) }])) };
}

/**
 * Copies the page into `out`, which must be missing or an empty directory (so nothing of someone's is
 * overwritten). Answers the files written, or why not.
 */
export function copyPage(out: string, dir: string = builtPageDir()): { ok: true; files: string[] } | { ok: false; message: string } {
  const missing = pageMissing(dir);
  if (missing) return { ok: false, message: missing };
  if (existsSync(out)) {
    if (!statSync(out).isDirectory()) return { ok: false, message: `${pageFileCodes.badOutDir}: ${out} is a file, not a directory` };
    if (readdirSync(out).length > 0) return { ok: false, message: `${pageFileCodes.badOutDir}: ${out} is not empty; give a new or empty directory` };
  }
  cpSync(dir, out, { recursive: true });
  return { ok: true, files: filesUnder(out) };
}
