/**
 * Blank text in an e-waybill request means "not given". The e-waybill portal's own sample requests send
 * `"transporterId": ""`, `"transDocNo": ""`, `"transDocDate": ""` for a Part A without those details, and
 * ERPs do the same for the optional text fields they leave empty (research/nic.md GENEWAYBILL; public client
 * samples). The portal reads them as absent, so gstkit leaves them out of the canonical request, as it does
 * with null. Only fields the schema types as text are read so: a blank where a number belongs stays an error
 * (the tolerant reader does not guess a number). A required field sent blank is reported as missing, which
 * the portal also refuses.
 * @module
 */

import { schemaId, type Kind } from '../kinds.js';
import { allSchemas } from '../schema/registry.js';
import { expectOf } from './portal-response.js';
import { isPlainObject } from '../json.js';

/** The kinds whose blank text fields are absent ones: the e-waybill portal's requests. */
const BLANK_MEANS_ABSENT: readonly Kind[] = ['ewb', 'cancel-ewb', 'update-vehicle', 'update-transporter', 'extend-validity', 'reject-ewb'];

function dropBlanks(value: unknown, node: unknown, base: string): unknown {
  const expect = expectOf(node, base);
  if (Array.isArray(value)) {
    const items = expect.items;
    return items ? value.map((entry) => dropBlanks(entry, items.node, items.base)) : value;
  }
  if (!isPlainObject(value) || !expect.properties) return value;
  const byLower = new Map([...expect.properties].map(([k, v]) => [k.toLowerCase(), v]));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    const child = byLower.get(key.toLowerCase());
    if (typeof v === 'string' && v.trim() === '') {
      const types = child ? expectOf(child.node, child.base).types : undefined;
      // Unknown keys (left to the reader's warning) and text fields: blank means not given.
      if (!types || types.size === 0 || (types.has('string') && !types.has('number') && !types.has('integer'))) continue;
    }
    const read = child && typeof v === 'object' && v !== null ? dropBlanks(v, child.node, child.base) : v;
    Object.defineProperty(out, key, { value: read, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Whether blank text in this kind means an absent field. */
export function blankMeansAbsent(kind: Kind): boolean {
  return BLANK_MEANS_ABSENT.includes(kind);
}

/** An e-waybill request without its blank text fields; other kinds come back unchanged. Never changes its input. */
export function dropBlankEwbFields(kind: Kind, payload: unknown): unknown {
  if (!blankMeansAbsent(kind)) return payload;
  const id = schemaId(kind);
  const root = allSchemas().get(id);
  return root ? dropBlanks(payload, root, id) : payload;
}
