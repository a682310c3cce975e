/**
 * Writes docs/rules.md from the rule tables (`npm run docs:rules`). With `--check` it only compares and
 * exits 1 when the file is stale, which CI runs.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { rulesMarkdown } from '../src/rules/table.js';

const target = new URL('../docs/rules.md', import.meta.url);
const fresh = rulesMarkdown();
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== fresh) {
    process.stderr.write('docs/rules.md is stale: run npm run docs:rules\n');
    process.exit(1);
  }
  process.stdout.write('docs/rules.md is current\n');
} else {
  writeFileSync(target, fresh);
  process.stdout.write('wrote docs/rules.md\n');
}
