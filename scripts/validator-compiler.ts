/**
 * @module
 * The Ajv instances the validators are compiled with, ahead of time (`scripts/write-validators.ts`): gstkit
 * runs the code they generate and never compiles a schema itself, so no `new Function` happens at run time.
 * Each option is chosen for the findings gstkit reports; changing one changes every validator.
 */
import { createRequire } from 'node:module';
import type { AnySchemaObject, KeywordCxt } from 'ajv';
import type { Ajv2020 as Ajv2020Type } from 'ajv/dist/2020.js';
import type { PayloadObjects } from '../src/schema/registry.js';
import { schemaFormats } from '../src/schema/schema-formats.js';
import { digitLimits } from '../src/schema/digits.js';
import { schemaFilesOnDisk } from './schema-files.js';

// ajv is CommonJS; createRequire gives its constructor and code builder without default-import quirks.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020.js') as { default: typeof Ajv2020Type };
const { _, stringify } = require('ajv/dist/compile/codegen/index.js') as typeof import('ajv/dist/compile/codegen/index.js');

/**
 * The modules the generated code takes its helpers from, written as `require` calls as Ajv expects; the
 * generator turns them into imports. Paths relative to the generated files in src/schema/.
 */
const formatsModule = _`require("./schema-formats.js").schemaFormats`;
const digitsModule = _`require("./digits.js").fitsDigits`;

/**
 * gstkit's Ajv instance for payloads made of `objects`. allErrors, so a user fixes everything in one round;
 * no type coercion, no defaults written into the caller's object; refs kept out of line so that V8
 * optimises each piece; `verbose`, as the translation of errors reads the failing schema.
 *
 * Only own properties count for `any` payloads (an object made with a prototype could otherwise satisfy a
 * field it does not carry, which JSON.stringify would then leave out). For `json` payloads the two readings
 * agree as long as Object.prototype is as a clean process has it (see `objectPrototypeInert` in
 * src/schema/registry.ts), so their validators leave the test out, and with it an array of keys that Ajv
 * builds for every object checked.
 */
export function compilingAjv(objects: PayloadObjects): Ajv2020Type {
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
    schemas: schemaFilesOnDisk(),
    code: { source: true, esm: true, lines: true, formats: formatsModule },
  });
  for (const [name, format] of Object.entries(schemaFormats)) instance.addFormat(name, format);
  instance.addKeyword({
    keyword: 'digits',
    type: 'number',
    schemaType: 'array',
    // Generated as code (a keyword compiled to a closure cannot be written out): a call of fitsDigits with
    // the limits read from the schema once, here.
    code: (cxt: KeywordCxt) => {
      const fits = cxt.gen.scopeValue('func', { ref: fitsDigitsPlaceholder, code: digitsModule });
      const limits = digitLimits(cxt.schema as [number, number]);
      const limitsName = cxt.gen.scopeValue('obj', { key: `digits ${limits.integerDigits},${limits.decimals}`, ref: limits, code: stringify(limits) });
      cxt.fail(_`!${fits}(${cxt.data}, ${limitsName})`);
    },
    metaSchema: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 },
  });
  // Plain-English description of a pattern, used in messages; an annotation only.
  instance.addKeyword({ keyword: 'patternMessage', schemaType: 'string' });
  // The service specification's tighter limit on a field the portal's schema accepts more widely; read by
  // the specification-limit rule (src/rules/specification-limits.ts), an annotation only for Ajv.
  instance.addKeyword({ keyword: 'specification', schemaType: 'object', metaSchema: specificationMetaSchema });
  return instance;
}

/** Stands for fitsDigits in Ajv's scope at generation time; the generated code imports the real one. */
const fitsDigitsPlaceholder = (): boolean => true;

/** What a `specification` annotation may say: the limit in the specification's words and how to test it. */
const specificationMetaSchema: AnySchemaObject = {
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
