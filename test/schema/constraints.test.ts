/**
 * Table-driven: every constraint of every schema that the bundled examples reach is violated once, and
 * the validator must report the right SVC code at the right JSON Pointer.
 */
import { describe, expect, it } from 'vitest';
import { kinds, schemaId, type Kind } from '../../src/kinds.js';
import { allSchemas } from '../../src/schema/registry.js';
import { validate } from '../../src/validate.js';
import { svcCodes } from '../../src/schema/codes.js';
import { blankMeansAbsent } from '../../src/normalize/ewaybill-blanks.js';
import { gstFormats } from '../../src/schema/formats.js';
import { digitLimits } from '../../src/schema/digits.js';
import { example } from '../support/examples.js';
import { itemsBranch, leafConstraints, objectBranch } from '../support/schema-walk.js';

interface Case {
  name: string;
  pointer: string;
  code: string;
  mutate: (doc: any) => void;
}

const segmentsOf = (pointer: string): string[] => pointer.split('/').slice(1);

function setAt(doc: any, pointer: string, value: unknown): void {
  const segments = segmentsOf(pointer);
  let node = doc;
  for (const s of segments.slice(0, -1)) node = node[s];
  node[segments.at(-1)!] = value;
}

function deleteAt(doc: any, pointer: string): void {
  const segments = segmentsOf(pointer);
  let node = doc;
  for (const s of segments.slice(0, -1)) node = node[s];
  delete node[segments.at(-1)!];
}

function casesForLeaf(schema: Record<string, any>, pointer: string, value: unknown): Case[] {
  const cases: Case[] = [];
  const add = (name: string, code: string, bad: unknown): void => {
    cases.push({ name: `${pointer} ${name}`, pointer, code, mutate: (d) => setAt(d, pointer, bad) });
  };
  const types = ([] as string[]).concat(schema.type ?? []);
  if (typeof value === 'string') {
    if (typeof schema.maxLength === 'number') add(`longer than ${schema.maxLength}`, svcCodes.maxLength.code, 'A'.repeat(schema.maxLength + 1));
    if (typeof schema.minLength === 'number' && schema.minLength > 0) add('empty', svcCodes.minLength.code, '');
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test('#')) add('wrong characters', svcCodes.pattern.code, '#');
    if (Array.isArray(schema.enum)) add('outside its list', svcCodes.enum.code, 'ZZ#');
    if (typeof schema.format === 'string') {
      const code = gstFormats[schema.format]?.code.code ?? (schema.format === 'email' ? svcCodes.email.code : svcCodes.invalid.code);
      add(`not a ${schema.format}`, code, 'x@');
    }
    if (!types.includes('number') && !types.includes('integer') && !Array.isArray(schema.enum)) add('true/false instead of text', svcCodes.type.code, true);
  }
  if (typeof value === 'number') {
    if (Array.isArray(schema.digits)) {
      const limits = digitLimits(schema.digits as [number, number]);
      add('too many integer digits', svcCodes.digits.code, Number('9'.repeat(limits.integerDigits + 1)));
      if (types.includes('number')) add('too many decimals', svcCodes.digits.code, Number(`1.${'1'.repeat(limits.decimals + 1)}`));
    }
    if (typeof schema.minimum === 'number') add('below its minimum', svcCodes.range.code, schema.minimum - 1);
    if (typeof schema.maximum === 'number') add('above its maximum', svcCodes.range.code, schema.maximum + 1);
    if (Array.isArray(schema.enum)) add('outside its list', svcCodes.enum.code, 987654);
    // Numeric text is read as the number (SVC-118, test/normalize/coercion.test.ts); other text is a type error.
    if (!types.includes('string')) add('words instead of a number', svcCodes.type.code, `${String(value)} rupees`);
  }
  if (typeof value === 'boolean') add('text instead of true/false', svcCodes.type.code, 'yes');
  return cases;
}

function collect(schemaNode: any, base: string, value: unknown, pointer: string, cases: Case[]): void {
  const object = objectBranch(schemaNode, base);
  if (object && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of object.node.required ?? []) {
      if (key in (value as object)) {
        cases.push({
          name: `${pointer}/${key} missing`,
          pointer: `${pointer}/${key}`,
          code: svcCodes.required.code,
          mutate: (d) => deleteAt(d, `${pointer}/${key}`),
        });
      }
    }
    for (const [key, child] of Object.entries(object.node.properties ?? {})) {
      if (key in (value as object)) collect(child, object.base, (value as any)[key], `${pointer}/${key}`, cases);
    }
    return;
  }
  const items = itemsBranch(schemaNode, base);
  if (items && Array.isArray(value)) {
    value.forEach((entry, index) => index === 0 && collect(items.node, items.base, entry, `${pointer}/${index}`, cases));
    return;
  }
  if (value !== null && typeof value !== 'object') cases.push(...casesForLeaf(leafConstraints(schemaNode, base), pointer, value));
}

function casesFor(kind: Kind): Case[] {
  const root = allSchemas().get(schemaId(kind));
  const cases: Case[] = [];
  collect(root, schemaId(kind), example(kind), '', cases);
  return cases;
}

/**
 * The answers whose documented bare form (NIC's API pages) has no Success and other fields enough to know it
 * for a success: the response reader reads those without Success.
 */
const bareAnswerKinds = new Set<Kind>([
  'party-gstin',
  'update-vehicle-response',
  'update-transporter-response',
  'extend-validity-response',
  'reject-ewb-response',
  'cancel-irn-response',
  'consolidated-ewb-response',
  'initiate-multi-vehicle-response',
  'add-multi-vehicle-response',
  'change-multi-vehicle-response',
]);

describe.each(kinds)('constraints of %s', (kind) => {
  const cases = casesFor(kind);

  it('has constraints reached by its example', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const doc = example(kind);
    c.mutate(doc);
    const result = validate(kind, doc, { today: '22/11/2026', rules: false });
    if (blankMeansAbsent(kind) && c.name.endsWith(' empty')) {
      // The e-waybill portal reads a blank field as an absent one: only a required field is then refused.
      expect(result.errors.filter((e) => e.path === c.pointer).every((e) => e.code === svcCodes.required.code)).toBe(true);
      const segments = c.pointer.split('/').slice(1);
      const parent = segments.slice(0, -1).reduce((node: any, s) => node?.[s], result.value);
      expect(parent).not.toHaveProperty(segments.at(-1)!);
      return;
    }
    if (c.name === '/Success missing' && bareAnswerKinds.has(kind)) {
      // A portal's bare answer carries no Success: the response reader reads it as the success it is
      // (docs/portal-responses.md), so only the schema-level fields of the answer itself can be missing.
      expect(result.errors).toEqual([]);
      expect((result.value as { Success?: unknown }).Success).toBe(true);
      return;
    }
    expect(result.ok).toBe(false);
    const found = result.errors.filter((e) => e.path === c.pointer).map((e) => e.code);
    expect(found).toContain(c.code);
  });

  it('reports an unknown field as a warning and leaves it out', () => {
    const doc = example(kind);
    doc.NoSuchField = 1;
    const result = validate(kind, doc, { today: '22/11/2026', rules: false });
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: svcCodes.unknownField.code, path: '/NoSuchField' }));
    expect(result.value).not.toHaveProperty('NoSuchField');
  });
});
