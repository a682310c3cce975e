/**
 * The floor for schema validation: a fresh Ajv 2020 with its default options compiling gstkit's schemas.
 * It gets only what the schemas need to compile: the formats they name and the keywords of their own
 * (`digits`, checked the same way; `patternMessage` and `specification`, annotations).
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { Kind } from '../../src/kinds.js';
import { fromGstkit } from './bench-from.js';

const { allSchemas } = await fromGstkit<typeof import('../../src/schema/registry.js')>('schema/registry.js');
const { gstFormats } = await fromGstkit<typeof import('../../src/schema/formats.js')>('schema/formats.js');
const { digitLimits, fitsDigits } = await fromGstkit<typeof import('../../src/schema/digits.js')>('schema/digits.js');
const { schemaId } = await fromGstkit<typeof import('../../src/kinds.js')>('kinds.js');

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020.js').default;
const addFormats = require('ajv-formats').default;

export function freshAjvValidator(kind: Kind): ValidateFunction {
  const ajv = new Ajv2020({ schemas: [...allSchemas().values()] });
  addFormats(ajv, ['email', 'uri']);
  for (const [name, format] of Object.entries(gstFormats)) ajv.addFormat(name, { type: 'string', validate: format.validate });
  ajv.addKeyword({
    keyword: 'digits',
    type: 'number',
    schemaType: 'array',
    compile: (schema: [number, number]) => {
      const limits = digitLimits(schema);
      return (value: number) => fitsDigits(value, limits);
    },
  });
  ajv.addKeyword({ keyword: 'patternMessage', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'specification', schemaType: 'object' });
  const validator = ajv.getSchema(schemaId(kind)) as ValidateFunction | undefined;
  if (!validator) throw new Error(`no schema for ${kind}`);
  return validator;
}
