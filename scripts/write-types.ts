/**
 * @module
 * Writes src/types/payloads.ts, the TypeScript types of every payload kind, from the JSON Schemas in schemas/
 * (`npm run gen:types`). `--check` fails when the file is stale (`npm run gen:check`, which CI runs). The
 * types carry no index signatures, so a misspelt field in an object literal (`UnitPrise`) fails to compile.
 *
 *   npx tsx scripts/write-types.ts [--check]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { writeOrCheck } from './write-or-check.js';

type Schema = { [key: string]: unknown };

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaDir = join(root, 'schemas');

const files = new Map<string, Schema>();
for (const name of readdirSync(schemaDir)
  .filter((n) => n.endsWith('.schema.json'))
  .sort()) {
  files.set(name, JSON.parse(readFileSync(join(schemaDir, name), 'utf8')) as Schema);
}

/** The schema a `$ref` names, and the file it lives in. */
function resolve(ref: string, file: string): { schema: Schema; file: string } {
  const [path, pointer = ''] = ref.split('#') as [string, string?];
  const inFile = path === '' ? file : path.replace(/^.*\//, '');
  let node: unknown = files.get(inFile);
  if (node === undefined) throw new Error(`${file}: $ref ${ref} names an unknown file`);
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined || node === null || typeof node !== 'object') throw new Error(`${file}: $ref ${ref} points nowhere`);
  return { schema: node as Schema, file: inFile };
}

const identifier = /^[A-Za-z_$][\w$]*$/;

function literal(value: unknown): string {
  return JSON.stringify(value);
}

function indent(text: string, by: string): string {
  return text.replace(/\n/g, `\n${by}`);
}

/** The TypeScript type of a schema. */
function typeOf(schema: Schema | boolean, file: string, depth = 0): string {
  if (schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0)) return 'unknown';
  if (schema === false) return 'never';
  if (depth > 40) throw new Error(`${file}: schema nests too deep (a recursive $ref?)`);
  if (typeof schema['$ref'] === 'string') {
    const { schema: target, file: inFile } = resolve(schema['$ref'], file);
    return typeOf(target, inFile, depth + 1);
  }
  if ('const' in schema) return literal(schema['const']);
  if (Array.isArray(schema['enum'])) return schema['enum'].map(literal).join(' | ');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const own = { ...schema };
      delete own[key];
      const base = Object.keys(own).some((k) => k === 'type' || k === 'properties') ? typeOf(own, file, depth + 1) : undefined;
      const union = [...new Set(options.map((o) => typeOf(o as Schema, file, depth + 1)))].join(' | ');
      return base && base !== 'unknown' ? `(${base}) & (${union})` : union;
    }
  }
  if (Array.isArray(schema['allOf'])) return schema['allOf'].map((s) => `(${typeOf(s as Schema, file, depth + 1)})`).join(' & ');
  const types = Array.isArray(schema['type']) ? (schema['type'] as string[]) : typeof schema['type'] === 'string' ? [schema['type'] as string] : [];
  if (types.length === 0 && schema['properties']) types.push('object');
  if (types.length === 0) return 'unknown';
  return types
    .map((t) => {
      switch (t) {
        case 'string':
          return 'string';
        case 'number':
        case 'integer':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array': {
          const items = schema['items'];
          const inner = items === undefined ? 'unknown' : typeOf(items as Schema, file, depth + 1);
          return /^[\w".]+$/.test(inner) ? `${inner}[]` : `Array<${inner}>`;
        }
        case 'object':
          return objectType(schema, file, depth);
        default:
          throw new Error(`${file}: unknown type ${t}`);
      }
    })
    .join(' | ');
}

function objectType(schema: Schema, file: string, depth: number): string {
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0) return 'Record<string, unknown>';
  const lines = names.map((name) => {
    const prop = properties[name]!;
    const doc = typeof prop['description'] === 'string' ? `/** ${prop['description'].replace(/\*\//g, '* /').replace(/\s+/g, ' ')} */\n` : '';
    const key = identifier.test(name) ? name : literal(name);
    return `${doc}${key}${required.has(name) ? '' : '?'}: ${typeOf(prop, file, depth + 1)};`;
  });
  return `{\n  ${indent(lines.join('\n'), '  ')}\n}`;
}

/** `irn-record` → `IrnRecord`; request kinds end in `Payload` (`irn` → `IrnPayload`). */
function typeName(kind: string, schema: Schema): string {
  const pascal = kind
    .split('-')
    .map((w) => (w === 'irn' || w === 'ewb' || w === 'gstr' || w === 'qr' ? w.toUpperCase().slice(0, 1) + w.slice(1) : w[0]!.toUpperCase() + w.slice(1)))
    .join('');
  const isResponse = /response|record|detail|list|info|party|job|success|error/.test(kind);
  void schema;
  return isResponse ? pascal : `${pascal}Payload`;
}

function generate(): string {
  const out: string[] = [
    '// Generated by scripts/write-types.ts from schemas/*.schema.json: do not edit. `npx tsx scripts/write-types.ts`',
    '// rewrites it, and CI fails when it is stale.',
    '',
  ];
  const kinds: Array<[string, string]> = [];
  for (const [name, schema] of files) {
    const kind = name.replace(/\.schema\.json$/, '');
    if (kind === 'common') continue;
    const type = typeName(kind, schema);
    kinds.push([kind, type]);
    const title = typeof schema['title'] === 'string' ? schema['title'] : kind;
    const description = typeof schema['description'] === 'string' ? ` ${schema['description'].replace(/\s+/g, ' ')}` : '';
    const body = typeOf(schema, name);
    out.push(`/** ${title} (\`${kind}\`).${description.replace(/\*\//g, '* /')} */`);
    out.push(body.startsWith('{') ? `export interface ${type} ${body}` : `export type ${type} = ${body};`, '');
  }
  out.push('/** The canonical type of each payload kind: what `validate(kind, ...)` returns. */');
  out.push('export interface PayloadTypes {');
  for (const [kind, type] of kinds) out.push(`  ${literal(kind)}: ${type};`);
  out.push('}', '');
  return out.join('\n');
}

writeOrCheck('src/types/payloads.ts', generate(), 'npm run gen:types');
