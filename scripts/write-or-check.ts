/**
 * @module
 * The frame every generator shares: write a generated file, or with `--check` only compare it with what the
 * generator makes now and exit 1 when they differ (CI and `npm run gen:check` run the check).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Writes `fresh` to `path` (relative to the repository root), or, when the command line has `--check`,
 * fails if the file holds anything else. `regenerate` is the command that rewrites it, named in the
 * message when it is stale.
 */
export function writeOrCheck(path: string, fresh: string, regenerate: string): void {
  const target = join(root, path);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      /* a missing file counts as stale */
    }
    if (current !== fresh) {
      process.stderr.write(`${path} is stale: run ${regenerate}\n`);
      process.exit(1);
    }
    process.stdout.write(`${path} is up to date\n`);
  } else {
    writeFileSync(target, fresh);
    process.stdout.write(`wrote ${path} (${fresh.split('\n').length} lines)\n`);
  }
}
