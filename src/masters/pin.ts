/**
 * PIN (postal code) pre-screen: which states a PIN's three-digit prefix may belong to.
 * @module
 */
import { codeText, lazy, readMaster, type Provenance } from './data.js';
import { pinPrefixesJson } from './files.generated.js';
import { state, stateCodeText, type StateEntry } from './states.js';

interface PinFile {
  provenance: Provenance;
  prefixes: Record<string, Array<[string, number]>>;
}

/** The PIN that e-invoices give to parties outside India (96) and in Other Territory (97). */
export const FOREIGN_PIN = '999999';
const FOREIGN_STATES: readonly string[] = Object.freeze(['96', '97']);
const NONE: readonly string[] = Object.freeze([]);

const table = lazy(() => {
  const file = readMaster<PinFile>(pinPrefixesJson);
  const byPrefix = new Map<string, readonly string[]>();
  for (const [prefix, members] of Object.entries(file.prefixes)) {
    byPrefix.set(prefix, Object.freeze(members.map(([code]) => code)));
  }
  return { provenance: file.provenance, byPrefix };
});

/** A six-digit PIN (first digit not 0) as text, `560 001` accepted; undefined otherwise. */
export function pinText(pin: unknown): string | undefined {
  let text = codeText(pin);
  if (text === undefined) return undefined;
  if (text.length === 7 && text.charCodeAt(3) === 32) text = text.slice(0, 3) + text.slice(4);
  if (text.length !== 6 || text.charCodeAt(0) === 48) return undefined;
  for (let i = 0; i < 6; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  return text;
}

/**
 * The state codes a PIN's three-digit prefix may belong to, the most likely first; empty when the
 * prefix is unknown or the PIN is malformed. `999999` gives 96 and 97 (foreign and Other Territory parties).
 */
export function pinStates(pin: string | number): readonly string[] {
  const text = pinText(pin);
  if (text === undefined) return NONE;
  if (text === FOREIGN_PIN) return FOREIGN_STATES;
  return table().byPrefix.get(text.slice(0, 3)) ?? NONE;
}

/**
 * Whether a PIN may belong to a state: true if any candidate state of its prefix matches,
 * false if none does, undefined when the prefix is unknown (or the PIN malformed).
 */
export function pinMatchesState(pin: string | number, stateCode: string | number): boolean | undefined {
  const candidates = pinStates(pin);
  if (candidates.length === 0) return undefined;
  const code = stateCodeText(stateCode);
  return code !== undefined && candidates.includes(code);
}

/** The state of a PIN when its prefix belongs to exactly one state. */
export function stateOfPin(pin: string | number): StateEntry | undefined {
  const candidates = pinStates(pin);
  return candidates.length === 1 ? state(candidates[0]!) : undefined;
}

/** Every known three-digit prefix with its candidate states. */
export function pinPrefixes(): ReadonlyMap<string, readonly string[]> {
  return table().byPrefix;
}

/** Where the PIN prefixes come from. */
export function pinProvenance(): Provenance {
  return table().provenance;
}
