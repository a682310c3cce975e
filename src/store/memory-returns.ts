/**
 * The return store in memory: the default of a bare sandbox, and handy in tests.
 * @module
 */
import type { ReturnStore, StoredReturn } from '../ports/returns.js';

/** An in-memory store (the sandbox default). */
export function createMemoryReturnStore(): ReturnStore & { readonly size: number } {
  const map = new Map<string, StoredReturn>();
  const key = (g: string, r: string, p: string): string => `${g}|${r}|${p}`;
  return {
    async put(entry) {
      // One assignment: a reader sees either the old copy or the new one, never a mix.
      map.set(key(entry.gstin, entry.returnType, entry.period), Object.freeze({ ...entry }));
    },
    async get(gstin, returnType, period) {
      return map.get(key(gstin, returnType, period));
    },
    get size() {
      return map.size;
    },
  };
}
