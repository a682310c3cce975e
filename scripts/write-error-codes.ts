/**
 * @module
 * Writes docs/error-codes.md from the code tables (`npm run gen:codes`). With `--check` it only compares
 * and exits 1 when the file is stale (`npm run gen:check`, which CI runs).
 */
import { errorCodesMarkdown } from '../src/catalogue.js';
import { writeOrCheck } from './write-or-check.js';

writeOrCheck('docs/error-codes.md', errorCodesMarkdown(), 'npm run gen:codes');
