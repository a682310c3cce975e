/**
 * Copies a stored row: the memory store copies rows in and out so that no caller changes a stored record by
 * accident. Rows are JSON-like (objects, arrays, strings, numbers), which a plain walk copies faster than
 * `structuredClone`'s serialisation (it showed in profiles of generateirn). Anything else (a Uint8Array, a Date, a Map) and anything nested deeper than any row is copied by
 * `structuredClone`, so the result is the same.
 * @module
 */

const DEEPEST_WALKED = 32;

function walk(v: unknown, depth: number): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'function' || typeof v === 'symbol' ? structuredClone(v) : v;
  if (depth > DEEPEST_WALKED) return structuredClone(v);
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return structuredClone(v);
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = walk(v[i], depth + 1);
    return out;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    const copied = walk((v as Record<string, unknown>)[key], depth + 1);
    // JSON.parse makes "__proto__" an own key; assigning it would set the copy's prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: copied, enumerable: true, writable: true, configurable: true });
    else out[key] = copied;
  }
  return out;
}

/** A deep copy of `v`, as `structuredClone(v)` makes it. */
export function copyRow<T>(v: T): T {
  return walk(v, 0) as T;
}
