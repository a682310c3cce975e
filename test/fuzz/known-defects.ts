/**
 * Defects the fuzzing finds that are known and being fixed. An answer failing in one of these ways is
 * counted, not failed, and the counts are printed per property; each entry's reproducer must still
 * fail, so a fixed defect makes `npm run fuzz` fail until its entry is removed. Nothing is skipped
 * silently. The list is meant to be empty.
 */
import type { makeClient } from './client.js';
import type { FuzzServer } from './server.js';

type Client = ReturnType<typeof makeClient>;
export interface Found {
  method: string;
  path: string;
  note: string;
  /** The body sent, as text (JSON escapes kept). */
  body: string;
  problem: string;
}

export interface KnownDefect {
  id: string;
  what: string;
  matches(found: Found): boolean;
  /** True while the defect still shows. */
  reproduce(target: FuzzServer, client: Client): Promise<boolean>;
}

/**
 * Empty: every defect found so far is fixed. An entry is an id, what fails, a matcher over findings, and a
 * reproducer that sends the failing request (over the fuzz client or a raw socket) and says whether it
 * still fails.
 */
export const knownDefects: KnownDefect[] = [];

export function matchingDefect(found: Found): KnownDefect | undefined {
  return knownDefects.find((d) => d.matches(found));
}
