/**
 * @module
 * The schema files of schemas/ (not its subfolders) read from disk, in name order: what the generators
 * compile and embed. gstkit itself reads them from the module generated from these (src/schema/schemas.generated.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnySchemaObject } from 'ajv';

export function schemaFilesOnDisk(): AnySchemaObject[] {
  const dir = fileURLToPath(new URL('../schemas', import.meta.url));
  return readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .map((name) => {
      const schema = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as AnySchemaObject;
      if (typeof schema.$id !== 'string') throw new Error(`schemas/${name} has no $id`);
      return schema;
    });
}
