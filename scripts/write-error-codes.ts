/**
 * Writes docs/error-codes.md from the code tables (`npm run docs:codes`). With `--check` it only compares
 * and exits 1 when the file is stale, which CI runs.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { errorCodesMarkdown } from '../src/catalogue.js';

const target = new URL('../docs/error-codes.md', import.meta.url);
const fresh = errorCodesMarkdown();
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== fresh) {
    process.stderr.write('docs/error-codes.md is stale: run npm run docs:codes\n');
    process.exit(1);
  }
  process.stdout.write('docs/error-codes.md is current\n');
} else {
  writeFileSync(target, fresh);
  process.stdout.write('wrote docs/error-codes.md\n');
}
