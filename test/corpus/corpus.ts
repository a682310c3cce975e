/**
 * The validation corpus: every payload the test suite validates, valid and invalid, with what validate()
 * finds in each. A change that makes validation faster must leave these findings as they are.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { validate, type ValidateOptions } from '../../src/validate.js';
import type { Kind } from '../../src/kinds.js';

export interface CorpusEntry {
  kind: Kind;
  options: ValidateOptions;
  payload: unknown;
}

/** What a user sees of one validation: whether it passed, the canonical value (hashed) and each issue. */
export interface Findings {
  ok?: boolean;
  value?: string;
  /** [code, path, severity] of each error then each warning, in the order validate() gives them. */
  issues?: Array<[string, string, string]>;
  /** The message when validate() throws (a bad option is a programmer error). */
  throws?: string;
}

const corpusFile = new URL('./validation-corpus.jsonl.gz', import.meta.url);
export const snapshotFile = new URL('./validation-findings.json.gz', import.meta.url);

export function loadCorpus(): CorpusEntry[] {
  return gunzipSync(readFileSync(corpusFile))
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as CorpusEntry);
}

export function loadSnapshot(): Findings[] {
  return JSON.parse(gunzipSync(readFileSync(snapshotFile)).toString('utf8')) as Findings[];
}

export function findingsOf(entry: CorpusEntry): Findings {
  try {
    const result = validate(entry.kind, entry.payload, entry.options);
    return {
      ok: result.ok,
      value: createHash('sha256')
        .update(JSON.stringify(result.value) ?? 'undefined')
        .digest('base64url')
        .slice(0, 16),
      issues: [...result.errors, ...result.warnings].map((i) => [i.code, i.path, i.severity]),
    };
  } catch (error) {
    return { throws: error instanceof Error ? error.message : String(error) };
  }
}
