/**
 * @module
 * Writes docs/rules.md from the rule tables (`npm run gen:rules`). With `--check` it only compares and
 * exits 1 when the file is stale (`npm run gen:check`, which CI runs).
 */
import { rulesMarkdown } from '../src/rules/table.js';
import { writeOrCheck } from './write-or-check.js';

writeOrCheck('docs/rules.md', rulesMarkdown(), 'npm run gen:rules');
