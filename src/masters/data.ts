/**
 * Reading the data of masters/, which scripts/write-masters.ts writes into files.generated.ts as JSON text:
 * no file system is needed, and each master is parsed once, on first use.
 * @module
 */

/** Where a master's facts come from, as recorded at the top of each data file. */
export interface Provenance {
  title: string;
  source: readonly string[];
  /** The date (or year) the facts reflect. */
  asOf: string;
  notes?: string;
}

/** Parses the JSON text of a master file (an export of files.generated.ts); the caller caches the result. */
export function readMaster<T extends { provenance: Provenance }>(json: string): T {
  return JSON.parse(json) as T;
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
