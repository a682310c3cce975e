/**
 * HSN (goods) and SAC (services) codes: built-in chapters and SAC headings, and lookups in a full
 * master that the host supplies (see {@link useHsnMaster}).
 * @module
 */
import type { Issue } from '../issue.js';
import { lazy, readMaster, type Provenance } from './data.js';
import { hsnChaptersJson } from './files.generated.js';

/** Goods (HSN) or services (SAC, chapter 99). */
export type HsnKind = 'goods' | 'service';

/** A chapter (goods, two digits) or a SAC heading (services, four digits, or `99` itself). */
export interface HsnChapter {
  chapter: string;
  description: string;
  kind: HsnKind;
}

/** One code of the HSN/SAC master. */
export interface HsnEntry {
  code: string;
  description: string;
  kind: HsnKind;
}

/** A full HSN/SAC master, from the official file or the host's own data. */
export interface HsnMaster {
  /** Every code (2 to 8 digits) to its entry. */
  readonly codes: ReadonlyMap<string, HsnEntry>;
  /** Where it was read from (a file name), for messages. */
  readonly source: string;
  readonly counts: { readonly goods: number; readonly services: number };
  /** Warnings from loading: rows repaired (a lost leading zero restored) or skipped. */
  readonly notes: readonly Issue[];
}

interface ChaptersFile {
  provenance: Provenance;
  chapters: Record<string, string>;
  sacHeadings: Record<string, string>;
}

const builtIn = lazy(() => {
  const file = readMaster<ChaptersFile>(hsnChaptersJson);
  const chapters = new Map<string, HsnChapter>();
  for (const [chapter, description] of Object.entries(file.chapters)) {
    chapters.set(chapter, Object.freeze({ chapter, description, kind: 'goods' as const }));
  }
  const headings = new Map<string, HsnChapter>();
  for (const [chapter, description] of Object.entries(file.sacHeadings)) {
    headings.set(chapter, Object.freeze({ chapter, description, kind: 'service' as const }));
  }
  return { provenance: file.provenance, chapters, headings };
});

let current: HsnMaster | undefined;

/**
 * A code as a string of digits. Strings are trimmed and must hold digits only; numbers (which lose
 * leading zeros) get one zero back when their length is odd. Undefined for anything else.
 */
export function hsnCodeText(code: unknown): string | undefined {
  let text: string;
  if (typeof code === 'string') {
    if (code.length > 32) return undefined;
    text = code.trim();
  } else if (typeof code === 'number' && Number.isSafeInteger(code) && code > 0) {
    text = String(code);
    if (text.length % 2 === 1) text = '0' + text;
  } else return undefined;
  if (text.length < 2 || text.length > 8) return undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  return text;
}

/**
 * The chapter of an HSN code (its first two digits) or, for a service code, its SAC heading (first four
 * digits; `99` alone gives the services chapter). Undefined when no such chapter or heading exists
 * (77 is reserved and unused), so an impossible code is caught without the full master.
 */
export function hsnChapter(code: string | number): HsnChapter | undefined {
  const text = hsnCodeText(code);
  if (text === undefined) return undefined;
  const { chapters, headings } = builtIn();
  if (text.startsWith('99')) return headings.get(text.length >= 4 ? text.slice(0, 4) : '99');
  return chapters.get(text.slice(0, 2));
}

/** Every built-in chapter and SAC heading. */
export function hsnChapters(): readonly HsnChapter[] {
  const { chapters, headings } = builtIn();
  return [...chapters.values(), ...headings.values()];
}

/** Where the built-in chapters come from. */
export function hsnChaptersProvenance(): Provenance {
  return builtIn().provenance;
}

/** Builds a master from entries (the first of duplicate codes wins). */
export function createHsnMaster(entries: Iterable<HsnEntry>, source = 'host', notes: readonly Issue[] = []): HsnMaster {
  const codes = new Map<string, HsnEntry>();
  let goods = 0;
  let services = 0;
  for (const e of entries) {
    if (codes.has(e.code)) continue;
    codes.set(e.code, Object.freeze({ code: e.code, description: e.description, kind: e.kind }));
    if (e.kind === 'service') services++;
    else goods++;
  }
  return Object.freeze({ codes, source, counts: Object.freeze({ goods, services }), notes: Object.freeze([...notes]) });
}

/** Wraps a map already holding frozen entries (used by the loaders, which build it themselves). */
export function masterFromMap(codes: Map<string, HsnEntry>, source: string, notes: readonly Issue[] = []): HsnMaster {
  let services = 0;
  for (const e of codes.values()) if (e.kind === 'service') services++;
  return Object.freeze({
    codes,
    source,
    counts: Object.freeze({ goods: codes.size - services, services }),
    notes: Object.freeze([...notes]),
  });
}

/** Sets the master that {@link hsn} and {@link hsnExists} look in, for the whole process; undefined clears it. */
export function useHsnMaster(master: HsnMaster | undefined): void {
  if (master !== undefined && !(master?.codes instanceof Map)) {
    throw new TypeError('useHsnMaster expects a master from loadHsnMasterFromXlsx, loadCompactHsn or createHsnMaster');
  }
  current = master;
}

/** True once a master has been set. */
export function hasHsnMaster(): boolean {
  return current !== undefined;
}

/** The master set by {@link useHsnMaster}, if any. */
export function currentHsnMaster(): HsnMaster | undefined {
  return current;
}

function documentCode(code: unknown): string | undefined {
  const text = hsnCodeText(code);
  return text !== undefined && (text.length === 4 || text.length === 6 || text.length === 8) ? text : undefined;
}

/** The entry of a 4-, 6- or 8-digit code in the current master; undefined when absent or no master is set. */
export function hsn(code: string): HsnEntry | undefined {
  if (current === undefined) return undefined;
  const text = documentCode(code);
  return text === undefined ? undefined : current.codes.get(text);
}

/**
 * Whether a code can go on a document: false when it is not 4, 6 or 8 digits or its chapter (or SAC
 * heading) does not exist; otherwise, with a master set, whether the master holds it, and without one
 * undefined (cannot tell).
 */
export function hsnExists(code: string, master: HsnMaster | undefined = current): boolean | undefined {
  const text = documentCode(code);
  if (text === undefined || hsnChapter(text) === undefined) return false;
  if (master === undefined) return undefined;
  return master.codes.has(text);
}
