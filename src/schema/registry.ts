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
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.schema.json')).sort()) {
    const schema = JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as AnySchemaObject;
    if (typeof schema.$id !== 'string') throw new Error(`schemas/${name} has no $id`);
    loaded.set(schema.$id, schema);
  }
  schemaFiles = loaded;
  return loaded;
}

let ajvInstance: Ajv2020Type | undefined;

/**
 * The one Ajv instance of gstkit. allErrors, so a user fixes everything in one round; no type coercion,
 * no defaults written into the caller's object; refs kept out of line so that V8 optimises each piece.
 */
export function ajv(): Ajv2020Type {
  if (ajvInstance) return ajvInstance;
  const instance = new Ajv2020.default({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    inlineRefs: false,
    coerceTypes: false,
    useDefaults: false,
    verbose: true,
    ownProperties: true,
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
  ajvInstance = instance;
  return instance;
}

const validators = new Map<Kind, ValidateFunction>();

/** The compiled validator of a kind, compiled at first use and cached. */
export function validatorFor(kind: Kind): ValidateFunction {
  let validator = validators.get(kind);
  if (!validator) {
    validator = ajv().getSchema(schemaId(kind));
    if (!validator) throw new Error(`no schema registered for kind ${kind}`);
    validators.set(kind, validator);
  }
  return validator;
}

/** Runs the bare schema of a kind on a payload; the raw Ajv errors, or none. */
export function schemaErrors(kind: Kind, payload: unknown): ErrorObject[] {
  const validator = validatorFor(kind);
  return validator(payload) ? [] : [...(validator.errors ?? [])];
}
