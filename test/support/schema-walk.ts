import { allSchemas } from '../../src/schema/registry.js';

type Node = Record<string, any>;

/** Resolves `$ref` chains (relative to the file's `$id`) to the schema node and its base. */
export function resolve(node: Node, base: string): { node: Node; base: string } {
  let current = node;
  let currentBase = base;
  for (let guard = 0; typeof current.$ref === 'string' && guard < 20; guard += 1) {
    const location = new URL(current.$ref, currentBase).href;
    const [fileId = '', fragment = ''] = location.split('#');
    let target: any = allSchemas().get(fileId);
    for (const segment of fragment.split('/').slice(1)) target = target?.[decodeURIComponent(segment)];
    if (!target) throw new Error(`unresolved ${location}`);
    current = { ...target, ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
    currentBase = fileId;
  }
  return { node: current, base: currentBase };
}

/** The object-schema branch of a node (through anyOf/oneOf nullable wrappers), if any. */
export function objectBranch(node: Node, base: string): { node: Node; base: string } | undefined {
  const resolved = resolve(node, base);
  if (resolved.node.properties) return resolved;
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const branch of resolved.node[key] ?? []) {
      const found = objectBranch(branch, resolved.base);
      if (found) return found;
    }
  }
  return undefined;
}

/** The array-items schema of a node, if it describes an array. */
export function itemsBranch(node: Node, base: string): { node: Node; base: string } | undefined {
  const resolved = resolve(node, base);
  if (resolved.node.items) return { node: resolved.node.items, base: resolved.base };
  for (const key of ['anyOf', 'oneOf']) {
    for (const branch of resolved.node[key] ?? []) {
      const found = itemsBranch(branch, resolved.base);
      if (found) return found;
    }
  }
  return undefined;
}

/** The leaf constraints of a scalar node (merging nullable wrappers). */
export function leafConstraints(node: Node, base: string): Node {
  const resolved = resolve(node, base);
  const merged: Node = { ...resolved.node };
  for (const key of ['anyOf', 'oneOf']) {
    for (const branch of resolved.node[key] ?? []) {
      const inner = leafConstraints(branch, resolved.base);
      if (inner.type !== 'null') Object.assign(merged, inner);
    }
  }
  return merged;
}
