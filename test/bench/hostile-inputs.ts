/**
 * The hostile inputs of the request limits, timed on the schema alone (the per-request limits lifted):
 * gstkit's compiled validators next to a plain Ajv with the same options and schemas but without the
 * linear error append, and next to the floor, JSON.parse of the same body.
 * Run: npx tsx test/bench/hostile-inputs.ts
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv2020 as Ajv2020Type } from 'ajv/dist/2020.js';
import { allSchemas, schemaErrors } from '../../src/schema/registry.js';
import { gstFormats } from '../../src/schema/formats.js';
import { validate } from '../../src/validate.js';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020.js') as { default: typeof Ajv2020Type };
const addFormats = require('ajv-formats') as { default: (ajv: Ajv2020Type, formats: string[]) => void };

/** Plain Ajv, gstkit's options, the schemas as they were (the export's GSTINs without their item type). */
function plainAjv(): Ajv2020Type {
  const schemas = [...allSchemas().values()].map((s) => structuredClone(s));
  const exportSchema = schemas.find((s) => String(s.$id).endsWith('/gstr-export.schema.json'))!;
  delete exportSchema.properties.gstins.items.type;
  const ajv = new Ajv2020.default({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    inlineRefs: false,
    verbose: true,
    ownProperties: true,
    schemas,
  });
  addFormats.default(ajv, ['email', 'uri']);
  for (const [name, format] of Object.entries(gstFormats)) ajv.addFormat(name, { type: 'string', validate: format.validate });
  ajv.addKeyword({ keyword: 'digits', type: 'number', schemaType: 'array', validate: () => true });
  ajv.addKeyword({ keyword: 'patternMessage', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'specification', schemaType: 'object' });
  return ajv;
}

const time = (run: () => unknown): number => {
  const started = performance.now();
  run();
  return performance.now() - started;
};
const ms = (n: number): string => `${n.toFixed(0).padStart(7)} ms`;

const invoice = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const plain = plainAjv();
const plainIrn = plain.getSchema('https://gstkit.dev/schemas/irn.schema.json')!;
const plainExport = plain.getSchema('https://gstkit.dev/schemas/gstr-export.schema.json')!;
// compile everything once before timing
for (const run of [
  () => plainIrn({}),
  () => plainExport({}),
  () => schemaErrors('irn', {}),
  () => schemaErrors('gstr-export', {}),
  () => validate('irn', invoice),
])
  run();

console.log('input                                   JSON.parse   plain Ajv     gstkit schema   gstkit validate()');
for (const n of [5_000, 10_000, 20_000]) {
  const body = JSON.stringify({ ...invoice, ItemList: Array.from({ length: n }, () => ({})) });
  const doc = JSON.parse(body) as unknown;
  const row = [
    time(() => JSON.parse(body)),
    time(() => plainIrn(doc)),
    time(() => schemaErrors('irn', doc)),
    time(() => validate('irn', doc, { today: '14/11/2026' })),
  ];
  console.log(`${String(n).padStart(6)} empty ItemList lines (${(body.length / 1024).toFixed(0)} KB)`.padEnd(40), row.map(ms).join('  '));
}
for (const n of [10_000, 25_000, 100_000]) {
  const gstins = Array.from({ length: n }, (_, i) => `29AAGCK${String(i).padStart(5, '0')}1Z4`);
  const body = JSON.stringify({ gstins, startReturnPeriod: '2026-01', endReturnPeriod: '2026-03' });
  const doc = JSON.parse(body) as unknown;
  const row = [
    time(() => JSON.parse(body)),
    n > 25_000 ? NaN : time(() => plainExport(doc)),
    time(() => schemaErrors('gstr-export', doc)),
    time(() => validate('gstr-export', doc)),
  ];
  console.log(
    `${String(n).padStart(6)} GSTINs on an export (${(body.length / 1024).toFixed(0)} KB)`.padEnd(40),
    row.map((t) => (Number.isNaN(t) ? '   (skipped)' : ms(t))).join('  '),
  );
}
console.log('validate() refuses both before any line is read (2173, SVC-113): its column is the pre-check alone.');
