/**
 * Small helpers over JSON-like values that every layer shares: structural equality, own-property
 * setting that is safe for `__proto__`, and the plain-object test.
 * @module
 */

/** Structural equality of JSON-like values (key order ignored). Depth-limited, so cyclic input cannot hang it. */
export function sameValue(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (depth > 64 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  const bRecord = b as Record<string, unknown>;
  const aRecord = a as Record<string, unknown>;
  return aKeys.every((k) => Object.hasOwn(bRecord, k) && sameValue(aRecord[k], bRecord[k], depth + 1));
}

/** Sets an own property even for keys such as `__proto__`, which plain assignment would treat specially. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Only `__proto__` behaves specially under assignment; defineProperty is slow, so it is kept for that key.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
