import type { AnySchemaObject } from 'ajv';
import { allSchemas, resolveSchemaRef } from '../schema/registry.js';
import { schemaId, type Kind } from '../kinds.js';

/**
 * The key structure of a payload, read off its JSON Schema: which keys an object may hold (with their
 * canonical spelling) and what shape each value has. The tolerant reader walks payloads along it.
 */
export type Shape = ObjectShape | ArrayShape | ScalarShape | OpaqueShape;

export interface ObjectShape {
  type: 'object';
  /** Canonical key → shape of its value. */
  properties: Map<string, Shape>;
  /** Lower-cased key → canonical key. */
  byLowerCase: Map<string, string>;
  /** Whether keys outside `properties` are allowed (free-form objects). */
  open: boolean;
}

export interface ArrayShape {
  type: 'array';
  items: Shape;
}

/** A scalar of known JSON types: the reader converts between number and text where the schema allows one only. */
export interface ScalarShape {
  type: 'scalar';
  /** The JSON types the schema accepts (`string`, `number`, `integer`, `boolean`, `null`). */
  accepts: ReadonlySet<string>;
  /** A coded text (enum, pattern or format): padding around it is never part of the value. */
  coded: boolean;
  /** Whether `accepts` has `string`, `number`, `integer`: read for every value, so answered once here. */
  readonly text: boolean;
  readonly number: boolean;
  readonly integer: boolean;
  /** A state code of the state master, which the portals take with one digit or two (`7`, `07`). */
  readonly stateCode: boolean;
}

function scalar(accepts: ReadonlySet<string>, coded: boolean, stateCode = false): ScalarShape {
  return { type: 'scalar', accepts, coded, text: accepts.has('string'), number: accepts.has('number'), integer: accepts.has('integer'), stateCode };
}

/** A value with no structure or type we know: copied as it is. */
export interface OpaqueShape {
  type: 'opaque';
}

const opaque: OpaqueShape = { type: 'opaque' };
const shapes = new Map<Kind, Shape>();

/** The shape of a kind's payload, built once from its schema. */
export function shapeOf(kind: Kind): Shape {
  let shape = shapes.get(kind);
  if (!shape) {
    const id = schemaId(kind);
    const root = allSchemas().get(id);
    shape = root ? new ShapeBuilder().build(root, id) : opaque;
    shapes.set(kind, shape);
  }
  return shape;
}

class ShapeBuilder {
  /** Shapes under construction or built, by absolute schema location; breaks reference cycles. */
  private readonly byLocation = new Map<string, Shape>();

  build(node: unknown, base: string): Shape {
    if (!isSchemaObject(node)) return opaque;
    if (typeof node.$ref === 'string') return this.followRef(node.$ref, base);
    const parts: Shape[] = [];
    if (node.properties || node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'))) {
      parts.push(this.objectShape(node, base));
    }
    if (node.items !== undefined) parts.push({ type: 'array', items: this.build(node.items, base) });
    const scalar = scalarShape(node);
    if (scalar && parts.length === 0) parts.push(scalar);
    for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = node[keyword];
      if (Array.isArray(branches)) for (const branch of branches) parts.push(this.build(branch, base));
    }
    return mergeShapes(parts);
  }

  private objectShape(node: AnySchemaObject, base: string): ObjectShape {
    const shape: ObjectShape = {
      type: 'object',
      properties: new Map(),
      byLowerCase: new Map(),
      open: node.additionalProperties !== false && node.unevaluatedProperties !== false,
    };
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    for (const [key, child] of Object.entries(properties)) {
      shape.properties.set(key, this.build(child, base));
      shape.byLowerCase.set(key.toLowerCase(), key);
    }
    return shape;
  }

  private followRef(ref: string, base: string): Shape {
    const { location, node: target, base: fileId } = resolveSchemaRef(ref, base);
    const known = this.byLocation.get(location);
    if (known) return known;
    // A placeholder object filled in place, so a self-referencing schema terminates.
    const placeholder: ObjectShape = { type: 'object', properties: new Map(), byLowerCase: new Map(), open: true };
    this.byLocation.set(location, placeholder);
    const built = this.build(target, fileId);
    if (built.type === 'object') {
      placeholder.properties = built.properties;
      placeholder.byLowerCase = built.byLowerCase;
      placeholder.open = built.open;
      return placeholder;
    }
    this.byLocation.set(location, built);
    return built;
  }
}

const scalarTypes = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The scalar shape of a schema node that declares only scalar types, else undefined. */
function scalarShape(node: AnySchemaObject): ScalarShape | undefined {
  const declared: unknown[] = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  if (declared.length === 0 || !declared.every((t) => typeof t === 'string' && scalarTypes.has(t))) return undefined;
  const coded = node.enum !== undefined || node.const !== undefined || node.pattern !== undefined || node.format !== undefined;
  return scalar(new Set(declared as string[]), coded, node.format === 'state-code');
}

function isSchemaObject(node: unknown): node is AnySchemaObject {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** Merges the shapes of schema alternatives: the union of their keys. */
function mergeShapes(parts: Shape[]): Shape {
  const structured = parts.filter((p) => p.type !== 'opaque');
  if (structured.length === 0) return opaque;
  if (structured.length === 1) return structured[0]!;
  const objects = structured.filter((p): p is ObjectShape => p.type === 'object');
  const arrays = structured.filter((p): p is ArrayShape => p.type === 'array');
  const scalars = structured.filter((p): p is ScalarShape => p.type === 'scalar');
  if (objects.length === 0 && arrays.length === 0) {
    // Alternatives of scalar types: the union of what they accept; coded only when every branch is.
    return scalar(
      new Set(scalars.flatMap((p) => [...p.accepts])),
      scalars.every((p) => p.coded),
    );
  }
  if (objects.length > 0) {
    const merged: ObjectShape = { type: 'object', properties: new Map(), byLowerCase: new Map(), open: false };
    for (const o of objects) {
      for (const [key, child] of o.properties) merged.properties.set(key, child);
      for (const [lower, key] of o.byLowerCase) merged.byLowerCase.set(lower, key);
      merged.open ||= o.open && o.properties.size === 0;
    }
    return merged;
  }
  if (arrays.length === 0) return opaque;
  return { type: 'array', items: mergeShapes(arrays.map((a) => a.items)) };
}
