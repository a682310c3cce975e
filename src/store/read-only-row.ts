/**
 * A stored record made read-only instead of copied: the memory store keeps an IRN record (its
 * acknowledgement and signed tokens, or whatever else a provider keeps there, such as an invoice of a few
 * hundred objects) by freezing it where it stands, so a caller can change
 * it neither through the object it handed in nor through one it read back, and nothing is copied on the
 * way in or out. Copying it took a walk and left the request's own objects as garbage on every
 * generateirn. Only JSON-like values (plain objects, arrays, primitives) are frozen; a record holding
 * anything else (a Uint8Array, a Date, a Map, a cycle) is copied as before, since freezing would not
 * protect it (the JSON-like parts met before it may already be frozen: they stay as they read).
 * @module
 */
import { copyRow } from './copy-row.js';

const DEEPEST_WALKED = 32;

/** Freezes `v` all through, in one walk; false (and `v` left partly frozen) when it is not JSON-like. */
function freezeJson(v: unknown, depth: number): boolean {
  if (v === null) return true;
  const t = typeof v;
  if (t === 'string' || t === 'number' || t === 'boolean' || t === 'undefined' || t === 'bigint') return true;
  if (t !== 'object' || depth > DEEPEST_WALKED) return false;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return false;
    for (let i = 0; i < v.length; i++) if (!freezeJson(v[i], depth + 1)) return false;
  } else {
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return false;
    // for-in walks the object's own keys here (its prototype is Object.prototype or null) without an array of them.
    for (const key in v as object) if (!freezeJson((v as Record<string, unknown>)[key], depth + 1)) return false;
  }
  Object.freeze(v);
  return true;
}

/** A record kept by the store: `value` is read-only all through (`shared`), or a private copy to copy again on reads. */
export interface KeptRecord<T> {
  value: T;
  shared: boolean;
}

/** Keeps `v`: frozen in place when it is JSON-like all through, else a copy. */
export function keepRecord<T>(v: T): KeptRecord<T> {
  return freezeJson(v, 0) ? { value: v, shared: true } : { value: copyRow(v), shared: false };
}

/** What a reader gets of a kept record: the frozen record itself, or a fresh copy. */
export function readRecord<T>(kept: KeptRecord<T>): T {
  return kept.shared ? kept.value : copyRow(kept.value);
}
