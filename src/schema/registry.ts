/**
 * The package's JSON Schemas and their validators, compiled ahead of time. Both are modules generated from
 * schemas/ (`npm run gen:validators`), so the registry reads no file and compiles no code: it runs unchanged
 * on Node, in browsers and on edge runtimes.
 * @module
 */
import type { AnySchemaObject, ErrorObject } from 'ajv';
import type { Kind } from '../kinds.js';
import { schemaFilesJson } from './schemas.generated.js';
import { validatorsByKind as anyObjectValidators } from './validators-any.generated.js';
import { validatorsByKind as jsonObjectValidators } from './validators-json.generated.js';

/** Every schema file shipped in schemas/, parsed, by `$id`. Parsed once, on first use. */
let schemaFiles: Map<string, AnySchemaObject> | undefined;

export function allSchemas(): Map<string, AnySchemaObject> {
  if (schemaFiles) return schemaFiles;
  const loaded = new Map<string, AnySchemaObject>();
  // The generator has checked that each schema has an $id.
  for (const schema of JSON.parse(schemaFilesJson) as AnySchemaObject[]) loaded.set(schema.$id as string, schema);
  schemaFiles = loaded;
  return loaded;
}

/** Where a `$ref` points: its absolute location, the schema node there, and the file its own refs resolve against. */
export interface SchemaRefTarget {
  location: string;
  node: unknown;
  base: string;
}

/**
 * Follows a `$ref` written in the schema file `base` to the node it names (undefined when there is none).
 * Readers that walk a schema themselves (the tolerant reader's shapes, the portal-answer reader, the
 * specification limits) resolve references through here.
 */
export function resolveSchemaRef(ref: string, base: string): SchemaRefTarget {
  const location = new URL(ref, base).href;
  const [file = '', fragment = ''] = location.split('#');
  let node: unknown = allSchemas().get(file);
  for (const raw of fragment.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null && !Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return { location, node, base: file };
}

/**
 * What a payload is made of, as far as the schema check cares: `any` objects, or only `json`-like ones
 * (plain objects and arrays, as JSON.parse makes them; see limits.ts, whose walk finds this out).
 *
 * Each has its own validators, compiled ahead of time from the same schemas (`npm run gen:validators`,
 * options in scripts/validator-compiler.ts). Only own properties count for `any` payloads: an object made
 * with a prototype could otherwise satisfy a field it does not carry. For `json` payloads the two readings
 * agree as long as Object.prototype is as a clean process has it ({@link objectPrototypeInert}), so their
 * validators leave the own-property test out, and with it an array of keys built for every object checked.
 */
export type PayloadObjects = 'any' | 'json';

/** Every property name a schema gives (`properties` and `required`, at any depth), made once. */
let fieldNames: ReadonlySet<string> | undefined;

export function schemaFieldNames(): ReadonlySet<string> {
  if (fieldNames) return fieldNames;
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) visit(n);
    else if (node !== null && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (o['properties'] !== null && typeof o['properties'] === 'object') for (const k of Object.keys(o['properties'] as object)) names.add(k);
      if (Array.isArray(o['required'])) for (const k of o['required']) if (typeof k === 'string') names.add(k);
      for (const v of Object.values(o)) visit(v);
    }
  };
  for (const schema of allSchemas().values()) visit(schema);
  fieldNames = names;
  return names;
}

/**
 * Whether a plain object inherits nothing the schema check could mistake for a field of its own: Object.prototype
 * has no enumerable property (which `additionalProperties` would meet) and none named like a schema field
 * (which `required` would take as present). A clean process always passes; a library that polluted
 * Object.prototype sends payloads to the own-property check. Run per validation: a dozen names to look up.
 */
export function objectPrototypeInert(): boolean {
  for (const _ in Object.prototype) return false;
  const fields = schemaFieldNames();
  for (const name of Object.getOwnPropertyNames(Object.prototype)) if (fields.has(name)) return false;
  return true;
}

/** A schema validator compiled ahead of time: whether the payload passes, and Ajv's errors when not. */
export interface CompiledValidator {
  (payload: unknown): boolean;
  errors?: ErrorObject[] | null;
}

// The generated modules are not type-checked (Ajv writes plain JavaScript); their tables have this shape.
const compiled: Record<PayloadObjects, Readonly<Record<Kind, CompiledValidator>>> = {
  any: anyObjectValidators as unknown as Record<Kind, CompiledValidator>,
  json: jsonObjectValidators as unknown as Record<Kind, CompiledValidator>,
};

/** The validator of a kind for payloads made of `objects`, compiled ahead of time (no code is made at run time). */
export function validatorFor(kind: Kind, objects: PayloadObjects = 'any'): CompiledValidator {
  const validator = compiled[objects][kind];
  if (!validator) throw new Error(`no schema registered for kind ${kind}`);
  return validator;
}

/** Runs the bare schema of a kind on a payload made of `objects`; the raw Ajv errors, or none. */
export function schemaErrors(kind: Kind, payload: unknown, objects: PayloadObjects = 'any'): ErrorObject[] {
  const validator = validatorFor(kind, objects);
  return validator(payload) ? [] : [...(validator.errors ?? [])];
}
