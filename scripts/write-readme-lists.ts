/**
 * Writes README.md's command and kind lists from the code (`npm run gen:readme`). With `--check` it only
 * compares and exits 1 when they are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { withGeneratedLists } from './readme-lists.js';

const target = new URL('../README.md', import.meta.url);
const current = readFileSync(target, 'utf8');
const fresh = withGeneratedLists(current);
if (process.argv.includes('--check')) {
  if (current !== fresh) {
    process.stderr.write("README.md's command or kind list is stale: run npm run gen:readme\n");
    process.exit(1);
  }
  process.stdout.write("README.md's lists are current\n");
} else {
  writeFileSync(target, fresh);
  process.stdout.write("wrote README.md's lists\n");
}
