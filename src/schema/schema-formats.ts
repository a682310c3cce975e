/**
 * Every format the schemas name, as the validators compiled ahead of time call them
 * (`scripts/write-validators.ts` points Ajv's generated code here): `email` and `uri` from ajv-formats'
 * own module, the others gstkit's (`formats.ts`), each as `{ type, validate }` like Ajv's format definitions.
 * @module
 */
import type { Format } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { gstFormats } from './formats.js';

/** The formats of ajv-formats the schemas use; Ajv refuses at generation a schema that names another. */
export const ajvFormatNames = ['email', 'uri'] as const;

function gstFormatDefinitions(): Record<string, Format> {
  const definitions: Record<string, Format> = {};
  for (const [name, format] of Object.entries(gstFormats)) definitions[name] = { type: 'string', validate: format.validate };
  return definitions;
}

/** The format definitions by name, the same objects at generation time and at run time. */
export const schemaFormats: Readonly<Record<string, Format>> = {
  ...Object.fromEntries(ajvFormatNames.map((name) => [name, fullFormats[name]])),
  ...gstFormatDefinitions(),
};
