/**
 * Reading the data files shipped in masters/. Each file is read once, on first use.
 * @module
 */
import { readFileSync } from 'node:fs';
import { packageFile } from '../package-files.js';

/** Where a master's facts come from, as recorded at the top of each data file. */
export interface Provenance {
  title: string;
  source: readonly string[];
  /** The date (or year) the facts reflect. */
  asOf: string;
  notes?: string;
}

/** Reads and parses `masters/<name>`; the caller caches the result. */
export function readMaster<T extends { provenance: Provenance }>(name: string): T {
  return JSON.parse(readFileSync(packageFile(`masters/${name}`), 'utf8')) as T;
}

/** Returns a function that builds a value once, on its first call. */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/**
 * A code given as a string or a number, as a trimmed string; undefined for anything else.
 * Numbers must be non-negative safe integers.
 */
export function codeText(code: unknown): string | undefined {
  if (typeof code === 'string') return code.length > 64 ? undefined : code.trim();
  if (typeof code === 'number' && Number.isSafeInteger(code) && code >= 0) return String(code);
  return undefined;
}
