import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { kinds } from '../../src/kinds.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const schemaDir = join(root, 'schemas');
const exampleDir = join(root, 'docs', 'examples');

const FORMATS = [
  'gst-date',
  'gst-datetime',
  'irp-datetime',
  'iso-date',
  'return-period',
  'gstin',
  'gstin-or-urp',
  'state-code',
  'unit-code',
  'country-code',
  'currency-code',
  'email',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function readJson(path: string): Json {
  return JSON.parse(readFileSync(path, 'utf8')) as Json;
}

const schemaFiles = readdirSync(schemaDir)
  .filter((f) => f.endsWith('.schema.json'))
  .sort();
const schemas = new Map(schemaFiles.map((f) => [f, readJson(join(schemaDir, f)) as Record<string, Json>]));

function makeAjv(): Ajv2020 {
  // Formats are placeholders here: this test proves the files compile and agree with each other.
  const ajv = new Ajv2020({ strict: true, allErrors: true, inlineRefs: false });
  ajv.addKeyword({ keyword: 'digits', type: 'number', schemaType: 'array' });
  ajv.addKeyword({ keyword: 'patternMessage', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'specification', schemaType: 'object' });
  for (const name of FORMATS) ajv.addFormat(name, true);
  for (const schema of schemas.values()) ajv.addSchema(schema);
  return ajv;
}

/** Visit every subschema with its JSON Pointer. */
function walk(node: Json, pointer: string, visit: (schema: Record<string, Json>, pointer: string) => void): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  visit(node, pointer);
  for (const key of ['properties', '$defs']) {
    const map = node[key];
    if (map && typeof map === 'object' && !Array.isArray(map)) {
      for (const [name, child] of Object.entries(map)) walk(child, `${pointer}/${key}/${name}`, visit);
    }
  }
  for (const key of ['items', 'if', 'then', 'else', 'not']) {
    if (key in node) walk(node[key] as Json, `${pointer}/${key}`, visit);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child, i) => walk(child, `${pointer}/${key}/${i}`, visit));
  }
}

describe('schema files', () => {
  it('there is one schema per kind, plus common', () => {
    const expected = [...kinds.map((k) => `${k}.schema.json`), 'common.schema.json'].sort();
    expect(schemaFiles).toEqual(expected);
  });

  it.each(schemaFiles)('%s has the agreed header', (file) => {
    const schema = schemas.get(file)!;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`https://gstkit.dev/schemas/${file}`);
    expect(typeof schema.title).toBe('string');
    expect(typeof schema.description).toBe('string');
  });

  it.each(schemaFiles)('%s follows the conventions', (file) => {
    const problems: string[] = [];
    walk(schemas.get(file)!, '#', (schema, pointer) => {
      const isConditional = /\/(if|then|else)(\/|$)/.test(pointer);
      if (!isConditional && schema.type === 'object' && schema.properties && schema.additionalProperties !== false) {
        problems.push(`${pointer}: object without additionalProperties false`);
      }
      if ('pattern' in schema && typeof schema.patternMessage !== 'string') {
        problems.push(`${pointer}: pattern without patternMessage`);
      }
      const properties = schema.properties;
      if (!isConditional && properties && typeof properties === 'object' && !Array.isArray(properties)) {
        for (const [name, child] of Object.entries(properties)) {
          if (child === null || typeof child !== 'object' || Array.isArray(child) || typeof child.description !== 'string') {
            problems.push(`${pointer}/properties/${name}: no description`);
          }
        }
      }
      if (typeof schema.$ref === 'string' && !/^(#|common\.schema\.json#)\/\$defs\/[A-Za-z0-9]+$/.test(schema.$ref)) {
        problems.push(`${pointer}: unexpected $ref ${schema.$ref}`);
      }
    });
    expect(problems).toEqual([]);
  });

  it('every schema compiles in strict mode', () => {
    const ajv = makeAjv();
    for (const file of schemaFiles) {
      const id = schemas.get(file)!.$id as string;
      expect(() => ajv.getSchema(id), file).not.toThrow();
      expect(ajv.getSchema(id), file).toBeTypeOf('function');
    }
  });
});

describe('examples', () => {
  const ajv = makeAjv();

  it.each([...kinds])('docs/examples/%s.json is valid', (kind) => {
    const path = join(exampleDir, `${kind}.json`);
    expect(existsSync(path), path).toBe(true);
    const validate = ajv.getSchema(`https://gstkit.dev/schemas/${kind}.schema.json`)!;
    const ok = validate(readJson(path));
    expect(validate.errors ?? [], kind).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each([
    ['irn-sample-spellings.json', 'irn'],
    ['ewb-sample-spellings.json', 'ewb'],
  ])('%s uses spellings the canonical %s schema does not know', (file, kind) => {
    const validate = ajv.getSchema(`https://gstkit.dev/schemas/${kind}.schema.json`)!;
    expect(validate(readJson(join(exampleDir, file)))).toBe(false);
    const unknown = (validate.errors ?? []).filter((e: ErrorObject) => e.keyword === 'additionalProperties');
    expect(unknown.length).toBeGreaterThan(0);
  });
});

describe('failure bodies', () => {
  const ajv = makeAjv();
  const failing = { Success: false, Errors: [{ Code: 'SVC-152', Message: 'Invalid GSTIN' }] };

  it.each([
    'irn-record',
    'ewb-response',
    'ewb-detail',
    'ewb-list-other-party',
    'ewb-list-by-date',
    'gstin-info',
    'party-gstin',
    'payment-qr-response',
    'cancel-ewb-response',
    'close-ewb-response',
    'cancel-irn-response',
  ])('%s accepts Success false with Errors and refuses it without', (kind) => {
    const validate = ajv.getSchema(`https://gstkit.dev/schemas/${kind}.schema.json`)!;
    expect(validate(failing)).toBe(true);
    expect(validate({ Success: false })).toBe(false);
    expect(validate({ Success: true, Errors: failing.Errors })).toBe(false);
  });
});

describe('conditions written into the schemas', () => {
  const ajv = makeAjv();
  const check = (kind: string, payload: unknown): boolean => ajv.getSchema(`https://gstkit.dev/schemas/${kind}.schema.json`)!(payload) as boolean;
  const example = (kind: string): Record<string, any> => readJson(join(exampleDir, `${kind}.json`)) as Record<string, any>;

  it('every invoice names the buyer GSTIN, as the IRP schema requires; an export gives URP', () => {
    const invoice = example('irn');
    const { Gstin: _gstin, ...buyer } = invoice.BuyerDtls;
    expect(check('irn', { ...invoice, BuyerDtls: buyer })).toBe(false);
    expect(check('irn', { ...invoice, TranDtls: { TaxSch: 'GST', SupTyp: 'EXPWOP' }, BuyerDtls: buyer })).toBe(false);
    expect(check('irn', { ...invoice, TranDtls: { TaxSch: 'GST', SupTyp: 'EXPWOP' }, BuyerDtls: { ...buyer, Gstin: 'URP' } })).toBe(true);
  });

  it('a payment QR invoice is B2C and names no buyer GSTIN', () => {
    const invoice = example('payment-qr');
    expect(check('payment-qr', { ...invoice, BuyerDtls: { ...invoice.BuyerDtls, Gstin: null } })).toBe(true);
    expect(check('payment-qr', { ...invoice, BuyerDtls: { ...invoice.BuyerDtls, Gstin: '29AADCN7314Q1ZU' } })).toBe(false);
    expect(check('payment-qr', { ...invoice, TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' } })).toBe(false);
  });

  it('sub-supply type 8 (others) needs its description', () => {
    const { subSupplyDesc: _desc, ...ewb } = example('ewb');
    expect(check('ewb', { ...ewb, subSupplyType: '8' })).toBe(false);
    expect(check('ewb', { ...ewb, subSupplyType: '8', subSupplyDesc: 'Trade samples' })).toBe(true);
  });

  it('a failed job says why', () => {
    const failed: Record<string, unknown> = { ...example('job-status'), jobStatus: 101, jobStatusText: 'failed' };
    delete failed.url;
    delete failed.result;
    expect(check('job-status', failed)).toBe(false);
    expect(check('job-status', { ...failed, error: { code: '2000', message: 'not connected to GST System' } })).toBe(true);
  });

  it('an export names each GSTIN once and uses a known report type', () => {
    const body = example('gstr-export');
    expect(check('gstr-export', { ...body, gstins: [body.gstins[0], body.gstins[0]] })).toBe(false);
    expect(check('gstr-export', { ...body, gstins: [] })).toBe(false);
    expect(check('gstr-export', { ...body, reportType: 102 })).toBe(false);
  });

  it('unknown keys are refused at every level of a request', () => {
    const invoice = example('irn');
    expect(check('irn', { ...invoice, Extra: 1 })).toBe(false);
    expect(check('irn', { ...invoice, ItemList: [{ ...invoice.ItemList[0], Extra: 1 }] })).toBe(false);
    expect(check('irn', { ...invoice, ValDtl: invoice.ValDtls })).toBe(false);
  });
});
