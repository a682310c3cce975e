/**
 * Writes README.md's command and kind lists from the code (`npm run gen:readme`); `--check` only compares.
 */
import { readFileSync } from 'node:fs';
import { withGeneratedLists } from './readme-lists.js';
import { writeOrCheck } from './write-or-check.js';

const current = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
writeOrCheck('README.md', withGeneratedLists(current), 'npm run gen:readme');
