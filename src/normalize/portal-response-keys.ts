/**
 * Keys with spaces around them, as NIC's GetEwayBill page (v1.01) writes its whole sample answer
 * (`"actualDist ": 356`, `"docNo ": "esf "`): read as the field the trimmed name is, at every depth. Only
 * a key whose trimmed name is a field of the schema at that place is trimmed (in any letter case, as the
 * reader matches names), and only when that name is not also present as it is; any other key stays as it
 * came, for the reader to report.
 * @module
 */

import { expectOf } from './portal-response.js';
import { isPlainObject, setOwn } from '../json.js';

/** Deeper than any portal answer nests; a cyclic value stops here instead of looping. */
const MAX_DEPTH = 64;

/**
 * The value with every padded field name trimmed, read against the schema node (in the file `base`) that
 * describes it; the same value (not a copy) when no key needs it.
 */
export function trimPortalKeys(value: unknown, node: unknown, base: string, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  const expect = expectOf(node, base);
  if (Array.isArray(value)) {
    const items = expect.items;
    if (!items) return value;
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const read = trimPortalKeys(value[i], items.node, items.base, depth + 1);
      if (read === value[i]) continue;
      out ??= value.slice();
      out[i] = read;
    }
    return out ?? value;
  }
  if (!isPlainObject(value) || !expect.properties) return value;
  const fields = new Map([...expect.properties].map(([k, v]) => [k.toLowerCase(), v]));
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(value)) {
    const trimmed = key.trim();
    const child = fields.get(trimmed.toLowerCase());
    const name = trimmed !== key && child && !Object.hasOwn(value, trimmed) ? trimmed : key;
    const read = child ? trimPortalKeys(value[key], child.node, child.base, depth + 1) : value[key];
    if (name !== key || read !== value[key]) changed = true;
    entries.push([name, read]);
  }
  if (!changed) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) setOwn(out, k, v);
  return out;
}
