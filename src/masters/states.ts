/**
 * GST state and union territory codes.
 * @module
 */
import { codeText, lazy, readMaster, type Provenance } from './data.js';
import { statesJson } from './files.generated.js';

/** One GST state code. */
export interface StateEntry {
  /** Two digits, e.g. `29`. */
  code: string;
  name: string;
  /** `special` for 96 Other Countries, 97 Other Territory and 99 Centre Jurisdiction. */
  kind: 'state' | 'union-territory' | 'special';
  /** The GST list's alpha code (`KA`); empty where that list has none (96, 99). */
  alpha: string;
  /** False for the legacy codes 25 (Daman and Diu, merged into 26) and 28 (undivided Andhra Pradesh). */
  validForNewDocuments: boolean;
}

interface StateRow extends StateEntry {
  inGstin: boolean;
  note: string;
}

interface StatesFile {
  provenance: Provenance;
  states: StateRow[];
}

const table = lazy(() => {
  const file = readMaster<StatesFile>(statesJson);
  const list: StateEntry[] = [];
  const byCode = new Map<string, StateEntry>();
  const gstinCodes = new Set<string>();
  for (const row of file.states) {
    const entry: StateEntry = Object.freeze({
      code: row.code,
      name: row.name,
      kind: row.kind,
      alpha: row.alpha,
      validForNewDocuments: row.validForNewDocuments,
    });
    list.push(entry);
    byCode.set(entry.code, entry);
    if (row.inGstin) gstinCodes.add(entry.code);
  }
  return { provenance: file.provenance, list: Object.freeze(list), byCode, gstinCodes };
});

/** Normalises `'29'`, `29`, `'9'`, `9` to a two-digit code; undefined when it cannot be one. */
export function stateCodeText(code: unknown): string | undefined {
  const text = codeText(code);
  if (text === undefined) return undefined;
  if (text.length === 2 && isDigit(text, 0) && isDigit(text, 1)) return text;
  if (text.length === 1 && isDigit(text, 0)) return '0' + text;
  return undefined;
}

function isDigit(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** The state with this code (`'29'`, `29`, `'9'` for 09), or undefined. */
export function state(code: string | number): StateEntry | undefined {
  const key = stateCodeText(code);
  return key === undefined ? undefined : table().byCode.get(key);
}

/** Every state code, in code order, legacy and special codes included. */
export function states(): readonly StateEntry[] {
  return table().list;
}

/** True when a GSTIN may start with this two-digit code (every code but 96 and 28). */
export function isGstinStateCode(code: string): boolean {
  return table().gstinCodes.has(code);
}

/** Where the state codes come from. */
export function statesProvenance(): Provenance {
  return table().provenance;
}
