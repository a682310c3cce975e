/**
 * The service specification's tighter limits on fields that the portal's own schema accepts more widely:
 * a unit price with three decimals (the IRP's schema allows them, the specification says Number(12,2)), a
 * one-digit state code, a unit of eight letters. The portal is the judge, so these are warnings, and errors
 * only in strict mode. Each limit is written beside its field in the JSON Schema as a `specification`
 * annotation; this rule reads them off the schema once per kind.
 * @module
 */

import { warning, pointer, readablePath, type Issue } from '../issue.js';
import { schemaId, type Kind } from '../kinds.js';
import { allSchemas, resolveSchemaRef } from '../schema/registry.js';
import { describeDigits, digitLimits, fitsDigits } from '../schema/digits.js';
import { makeRule, type Rule } from './rule.js';

/** A `specification` annotation as the schemas write it (its meta-schema is in src/schema/registry.ts). */
export interface SpecificationLimit {
  /** The limit in the specification's words: `Number(12,2)`, `String(2)`. */
  limit: string;
  /** What the limit asks for, in plain words, when the limit alone does not say it. */
  expectation?: string;
  digits?: [number, number];
  integer?: true;
  pattern?: string;
  maxLength?: number;
}

/** A field with a specification limit: its path from the payload's root (`*` for every entry of a list). */
export interface LimitedField {
  path: readonly string[];
  specification: SpecificationLimit;
  /** Whether a value of the field keeps within the limit. A value of another type is the schema's concern. */
  within(value: unknown): boolean;
  /** The limit in words for a message. */
  expectation: string;
}

/** The code of a value beyond the specification's limit that the portal's schema accepts. */
export const SPECIFICATION_LIMIT = 'SVC-315';

const limitedFields = new Map<Kind, readonly LimitedField[]>();

/** The fields of a kind that carry a specification limit, read off its schema once. */
export function limitedFieldsOf(kind: Kind): readonly LimitedField[] {
  let fields = limitedFields.get(kind);
  if (!fields) {
    fields = [];
    const id = schemaId(kind);
    const root = allSchemas().get(id);
    if (root) collect(root, id, [], fields as LimitedField[], 0);
    limitedFields.set(kind, fields);
  }
  return fields;
}

/** No payload field is more than a few levels down; the bound only guards against a schema that refers to itself. */
const MAX_DEPTH = 12;

function collect(node: unknown, base: string, path: string[], out: LimitedField[], depth: number): void {
  if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (typeof schema['$ref'] === 'string') {
    const target = resolveSchemaRef(schema['$ref'], base);
    collect(target.node, target.base, path, out, depth + 1);
  }
  const specification = schema['specification'] as SpecificationLimit | undefined;
  if (specification) out.push(limitedField(path, specification));
  const properties = schema['properties'];
  if (typeof properties === 'object' && properties !== null) {
    for (const [key, child] of Object.entries(properties)) collect(child, base, [...path, key], out, depth + 1);
  }
  if (typeof schema['items'] === 'object') collect(schema['items'], base, [...path, '*'], out, depth + 1);
}

function limitedField(path: readonly string[], specification: SpecificationLimit): LimitedField {
  const tests: Array<(value: unknown) => boolean> = [];
  const words: string[] = [];
  if (specification.digits) {
    const limits = digitLimits(specification.digits);
    tests.push((v) => typeof v !== 'number' || fitsDigits(v, limits));
    words.push(describeDigits(limits));
  }
  if (specification.integer) {
    tests.push((v) => typeof v !== 'number' || Number.isInteger(v));
    if (!specification.digits) words.push('a whole number');
  }
  if (specification.pattern !== undefined) {
    const pattern = new RegExp(specification.pattern, 'u');
    tests.push((v) => typeof v !== 'string' || pattern.test(v));
  }
  if (specification.maxLength !== undefined) {
    const max = specification.maxLength;
    tests.push((v) => typeof v !== 'string' || [...v].length <= max);
    if (specification.expectation === undefined) words.push(`at most ${max} characters`);
  }
  const expectation = specification.expectation ?? words.join(', ');
  // Most fields have one test: it is the check itself, without a loop over one.
  const within = tests.length === 1 ? tests[0]! : (value: unknown) => tests.every((test) => test(value));
  return { path, specification, within, expectation };
}

/**
 * Checks every value at a field's path (from segment `i` on), with the keys leading to it, and adds an issue
 * for each beyond the limit. The keys are one stack, pushed and popped as the walk goes, and nothing else is
 * made per value: every validation of a kind walks these paths, and only a value beyond its limit needs its
 * pointer written out.
 */
function checkValues(doc: unknown, field: LimitedField, i: number, at: Array<string | number>, portalName: string, issues: Issue[]): void {
  const path = field.path;
  if (i === path.length) {
    if (!field.within(doc)) issues.push(beyondLimit(field, doc, at, portalName));
    return;
  }
  const head = path[i]!;
  if (head === '*') {
    if (!Array.isArray(doc)) return;
    for (let index = 0; index < doc.length; index++) {
      at.push(index);
      checkValues(doc[index], field, i + 1, at, portalName, issues);
      at.pop();
    }
    return;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return;
  const value = (doc as Record<string, unknown>)[head];
  if (value === undefined || value === null) return;
  at.push(head);
  checkValues(value, field, i + 1, at, portalName, issues);
  at.pop();
}

function beyondLimit(field: LimitedField, value: unknown, at: Array<string | number>, portalName: string): Issue {
  const path = pointer(...at);
  return warning(
    SPECIFICATION_LIMIT,
    `${readablePath(path)} ${JSON.stringify(value)} is beyond the specification's ${field.specification.limit} (${field.expectation}); the ${portalName}'s own schema accepts it`,
    path,
  );
}

/** The issues of a document: one per value beyond its specification limit. */
export function specificationLimitIssues(kind: Kind, doc: unknown, portal: string): Issue[] {
  const issues: Issue[] = [];
  const portalName = portal === 'IRP' ? 'IRP' : 'e-way bill portal';
  const at: Array<string | number> = [];
  for (const field of limitedFieldsOf(kind)) checkValues(doc, field, 0, at, portalName, issues);
  return issues;
}

/** The specification-limit rule of a kind, for its rule table. */
export function specificationLimitRule(kind: Kind, portal: 'IRP' | 'EWB'): Rule {
  return makeRule(
    {
      id: `${kind.toUpperCase()}-SPEC-LIMITS`,
      code: SPECIFICATION_LIMIT,
      certainty: 'certain',
      evidence: { spec: 'the service API specification, field tables (String(n), Number(p,s))' },
      portalAccepts: true,
      description: `A value the ${portal}'s published schema accepts but the specification's field table limits more tightly (the limits are the \`specification\` annotations of the ${kind} schema); a warning unless strict.`,
    },
    (doc: unknown) => specificationLimitIssues(kind, doc, portal),
  );
}
