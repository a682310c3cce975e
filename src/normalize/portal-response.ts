/**
 * Responses as the portals really write them, read into the service's forms. Genuine portal responses
 * carry 12-hour date-times with AM/PM (`05/10/2022 12:39:00 PM`), the IRP's `2022-10-05 12:39:00`, codes
 * padded with spaces (`"1  "`), numbers as strings (`"560001"`), numbers where the service writes strings
 * (`EwbNo: 391009149369`), and null or `""` for absent values. Each value is read by what the kind's
 * schema expects at its place: date-times become `DD/MM/YYYY HH:MM:SS` (24-hour IST), dates `DD/MM/YYYY`
 * (epoch milliseconds too), strings are trimmed, numeric text becomes a number where a number belongs (and
 * a number text where a string belongs), and an absent value (null or blank where the schema takes
 * neither) is left out.
 * Nothing is guessed: a value that fits none of these readings is kept as it came, for the schema to judge.
 * @module
 */

import type { AnySchemaObject } from 'ajv';
import { schemaId, type Kind } from '../kinds.js';
import { allSchemas, resolveSchemaRef } from '../schema/registry.js';
import { portalDate, portalDateTime, portalInstant } from './portal-datetime.js';

/** What the schema takes at one place, read off its types, `$ref`s and alternatives. */
export interface Expect {
  types: Set<string>;
  /** The allowed values, when the schema lists them. */
  values?: Set<unknown>;
  /** `dateTime` or `date` when the place takes the service's date-time or date. */
  temporal?: 'dateTime' | 'date';
  properties?: Map<string, { node: unknown; base: string }>;
  items?: { node: unknown; base: string };
}

const isSchemaObject = (node: unknown): node is AnySchemaObject => typeof node === 'object' && node !== null && !Array.isArray(node);
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const DATE_TIME_PATTERN = '^[0-9]{2}/[0-9]{2}/[0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2}$';
const DATE_PATTERN = '^[0-9]{2}/[0-9]{2}/[0-9]{4}$';

const cache = new Map<unknown, Expect>();

/** What the schema node (in the file `base`) takes. */
export function expectOf(node: unknown, base: string, depth = 0): Expect {
  const cached = cache.get(node);
  if (cached) return cached;
  const out: Expect = { types: new Set() };
  if (!isSchemaObject(node) || depth > 20) return out;
  if (typeof node.$ref === 'string') {
    const target = resolveSchemaRef(node.$ref, base);
    merge(out, expectOf(target.node, target.base, depth + 1));
  }
  const type = node.type;
  for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) out.types.add(String(t));
  if (node.const !== undefined) out.types.add(node.const === null ? 'null' : typeof node.const);
  if (Array.isArray(node.enum)) {
    out.values ??= new Set();
    for (const v of node.enum) {
      out.values.add(v);
      out.types.add(v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v);
    }
  }
  if (node.pattern === DATE_TIME_PATTERN) out.temporal = 'dateTime';
  else if (node.pattern === DATE_PATTERN || node.format === 'gst-date') out.temporal ??= 'date';
  if (isSchemaObject(node.properties)) {
    out.properties ??= new Map();
    for (const [key, child] of Object.entries(node.properties)) out.properties.set(key, { node: child, base });
  }
  if (node.items !== undefined) out.items = { node: node.items, base };
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches)) for (const branch of branches) merge(out, expectOf(branch, base, depth + 1));
  }
  cache.set(node, out);
  return out;
}

function merge(into: Expect, from: Expect): void {
  for (const t of from.types) into.types.add(t);
  if (from.values) {
    into.values ??= new Set();
    for (const v of from.values) into.values.add(v);
  }
  into.temporal ??= from.temporal;
  if (from.properties) {
    into.properties ??= new Map();
    for (const [k, v] of from.properties) if (!into.properties.has(k)) into.properties.set(k, v);
  }
  into.items ??= from.items;
}

/** Marks a value to be left out of its object. */
const ABSENT = Symbol('absent');

const NUMERIC = /^-?\d+(\.\d+)?$/;
const EPOCH_MS = /^\d{13}$/;

function readScalar(value: unknown, expect: Expect): unknown {
  const { types } = expect;
  const takesNumber = types.has('number') || types.has('integer');
  if (value === null) return types.has('null') || types.size === 0 ? null : ABSENT;
  if (typeof value === 'number') {
    // NIC's v1.01 GetTripSheet page writes a member without validity as `validUpto: 0`: no date-time.
    if (value === 0 && expect.temporal) return types.has('null') ? null : ABSENT;
    // A GSP may pass a portal's date-time on as epoch milliseconds.
    if (expect.temporal) {
      const instant = portalInstant(value);
      if (instant !== undefined) return expect.temporal === 'date' ? instant.slice(0, 10) : instant;
    }
    if (types.has('string') && !takesNumber && Number.isFinite(value)) return String(value);
    return value;
  }
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') {
    // A blank where the schema takes no blank text (a number, a date) means the value is absent.
    // So is a blank where the schema lists the values and blank is not one of them (BlkStatus "").
    if (expect.temporal || (takesNumber && !types.has('string')) || (expect.values && !expect.values.has(''))) return types.has('null') ? null : ABSENT;
    return types.has('string') || types.size === 0 ? text : types.has('null') ? null : ABSENT;
  }
  if (expect.temporal) {
    // The `validUpto: 0` above, after the tolerant reader turned it into text.
    if (text === '0') return types.has('null') ? null : ABSENT;
    // Epoch milliseconds the tolerant reader already turned into text, where a date-time belongs.
    const instant = EPOCH_MS.test(text) ? portalInstant(Number(text)) : undefined;
    if (expect.temporal === 'dateTime') return portalDateTime(text) ?? instant ?? text;
    return portalDate(text) ?? instant?.slice(0, 10) ?? text;
  }
  if (takesNumber && !types.has('string') && NUMERIC.test(text)) {
    const n = Number(text);
    if (types.has('integer') && !types.has('number') && !Number.isSafeInteger(n)) return text;
    return n;
  }
  if (types.has('boolean') && !types.has('string') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function read(value: unknown, node: unknown, base: string): unknown {
  const expect = expectOf(node, base);
  if (Array.isArray(value)) {
    if (!expect.items) return value;
    const items = expect.items;
    return value.map((entry) => {
      const read1 = read(entry, items.node, items.base);
      return read1 === ABSENT ? null : read1;
    });
  }
  if (isPlain(value)) {
    if (!expect.properties) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = expect.properties.get(key);
      const read1 = child ? read(value[key], child.node, child.base) : value[key];
      if (read1 !== ABSENT) Object.defineProperty(out, key, { value: read1, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return readScalar(value, expect);
}

/** The response kinds that carry a portal's answer (the service's own jobs, deals and GSTIN search do not). */
export const portalResponseKinds: readonly Kind[] = Object.freeze([
  'ewb-response',
  'ewb-detail',
  'ewb-list-other-party',
  'ewb-list-by-date',
  'irn-record',
  'party-gstin',
  'cancel-ewb-response',
  'close-ewb-response',
  'cancel-irn-response',
  'update-vehicle-response',
  'update-transporter-response',
  'extend-validity-response',
  'reject-ewb-response',
  'ewb-list-for-transporter',
  'ewb-list-rejected',
  'consolidated-ewb-response',
  'initiate-multi-vehicle-response',
  'add-multi-vehicle-response',
  'change-multi-vehicle-response',
  'trip-sheet',
] as Kind[]);

/** Whether a kind carries a portal's answer, which is read in the portals' forms. */
export function isPortalResponseKind(kind: Kind): boolean {
  return portalResponseKinds.includes(kind);
}

/**
 * A response payload (canonical key names already) with the portals' forms read into the service's:
 * see the module comment. Other kinds come back unchanged. Never changes its input.
 */
export function readPortalResponse(kind: Kind, payload: unknown): unknown {
  if (!isPortalResponseKind(kind)) return payload;
  const id = schemaId(kind);
  const root = allSchemas().get(id);
  if (!root) return payload;
  const out = read(payload, root, id);
  return out === ABSENT ? null : out;
}
