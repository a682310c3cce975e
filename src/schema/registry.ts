import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 as Ajv2020Type } from 'ajv/dist/2020.js';
import { packageFile } from '../package-files.js';
import { schemaId, type Kind } from '../kinds.js';
import { gstFormats } from './formats.js';
import { digitLimits, fitsDigits } from './digits.js';
import { appendErrorsInPlace } from './linear-errors.js';

// ajv and ajv-formats are CommonJS; createRequire gives their constructors without default-import quirks.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020.js') as { default: typeof Ajv2020Type };
const addFormats = require('ajv-formats') as { default: (ajv: Ajv2020Type, formats: string[]) => void };

/** Every schema file shipped in schemas/, parsed, by `$id`. Read once. */
let schemaFiles: Map<string, AnySchemaObject> | undefined;

export function allSchemas(): Map<string, AnySchemaObject> {
  if (schemaFiles) return schemaFiles;
  const dir = packageFile('schemas');
  const loaded = new Map<string, AnySchemaObject>();
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.schema.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as AnySchemaObject;
    if (typeof schema.$id !== 'string') throw new Error(`schemas/${name} has no $id`);
    loaded.set(schema.$id, schema);
  }
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
 */
export type PayloadObjects = 'any' | 'json';

const ajvInstances = new Map<PayloadObjects, Ajv2020Type>();

/**
 * gstkit's Ajv instance for payloads made of `objects` (default `any`). allErrors, so a user fixes everything
 * in one round; no type coercion, no defaults written into the caller's object; refs kept out of line so that
 * V8 optimises each piece.
 *
 * Only own properties count for `any` payloads (an object made with a prototype could otherwise satisfy a
 * field it does not carry, which JSON.stringify would then leave out). For `json` payloads the two readings
 * agree as long as Object.prototype is as a clean process has it: its members are not enumerable and no
 * schema names one (a test holds the schemas to that; {@link objectPrototypeInert} checks the prototype on
 * each validation). So their instance leaves the test out, and with it an array of keys that Ajv built for
 * every object checked: the schema check of the 3-line example takes about a fifth less time.
 */
export function ajv(objects: PayloadObjects = 'any'): Ajv2020Type {
  const existing = ajvInstances.get(objects);
  if (existing) return existing;
  const instance = new Ajv2020.default({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    inlineRefs: false,
    coerceTypes: false,
    useDefaults: false,
    // The EWB API's schemas write two-decimal amounts as multipleOf 0.01: 0.07 / 0.01 is 7.000000000000001
    // in doubles, so the quotient is compared with its nearest whole number within 1e-9.
    multipleOfPrecision: 9,
    verbose: true,
    ownProperties: objects === 'any',
    schemas: [...allSchemas().values()],
    code: { process: appendErrorsInPlace },
  });
  addFormats.default(instance, ['email', 'uri']);
  for (const [name, format] of Object.entries(gstFormats)) {
    instance.addFormat(name, { type: 'string', validate: format.validate });
  }
  instance.addKeyword({
    keyword: 'digits',
    type: 'number',
    schemaType: 'array',
    compile: (schema: [number, number]) => {
      const limits = digitLimits(schema);
      return (value: number) => fitsDigits(value, limits);
    },
    metaSchema: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 },
  });
  // Plain-English description of a pattern, used in messages; an annotation only.
  instance.addKeyword({ keyword: 'patternMessage', schemaType: 'string' });
  // The service specification's tighter limit on a field the portal's schema accepts more widely; read by
  // the specification-limit rule (src/rules/specification-limits.ts), an annotation only for Ajv.
  instance.addKeyword({ keyword: 'specification', schemaType: 'object', metaSchema: specificationMetaSchema });
  ajvInstances.set(objects, instance);
  return instance;
}

/** What a `specification` annotation may say: the limit in the specification's words and how to test it. */
const specificationMetaSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['limit'],
  properties: {
    limit: { type: 'string' },
    expectation: { type: 'string' },
    digits: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 },
    integer: { const: true },
    pattern: { type: 'string', format: 'regex' },
    maxLength: { type: 'integer', minimum: 0 },
  },
};

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

const validators = new Map<PayloadObjects, Map<Kind, ValidateFunction>>([
  ['any', new Map()],
  ['json', new Map()],
]);

/** The compiled validator of a kind for payloads made of `objects`, compiled at first use and cached. */
export function validatorFor(kind: Kind, objects: PayloadObjects = 'any'): ValidateFunction {
  const compiled = validators.get(objects)!;
  let validator = compiled.get(kind);
  if (!validator) {
    validator = ajv(objects).getSchema(schemaId(kind));
    if (!validator) throw new Error(`no schema registered for kind ${kind}`);
    compiled.set(kind, validator);
  }
  return validator;
}

/** Runs the bare schema of a kind on a payload made of `objects`; the raw Ajv errors, or none. */
export function schemaErrors(kind: Kind, payload: unknown, objects: PayloadObjects = 'any'): ErrorObject[] {
  const validator = validatorFor(kind, objects);
  return validator(payload) ? [] : [...(validator.errors ?? [])];
}
