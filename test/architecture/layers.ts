/**
 * The layers of `src/`, bottom to top, and the reader of imports that the layer test (and
 * docs/architecture.md) rely on. A file may import its own layer and the layers below it, never one above;
 * inside the core the order is finer (masters, then compute, schema, normalize, rules, then the pipeline).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Layer {
  /** Higher ranks sit above lower ones. */
  rank: number;
  name: string;
}

/** Where each folder or loose file of `src/` sits. Order matters only for readability. */
export const layerTable: ReadonlyArray<{ match: RegExp; layer: Layer }> = [
  { match: /^(issue|json|kinds|quote|clock|package-files|spawn-thread)\.ts$|^(types|platform)\//, layer: { rank: 10, name: 'base' } },
  { match: /^ports\//, layer: { rank: 20, name: 'ports' } },
  { match: /^masters\//, layer: { rank: 30, name: 'core: masters' } },
  { match: /^compute\//, layer: { rank: 31, name: 'core: compute' } },
  { match: /^schema\//, layer: { rank: 32, name: 'core: schema' } },
  { match: /^normalize\//, layer: { rank: 33, name: 'core: normalize' } },
  { match: /^rules\//, layer: { rank: 34, name: 'core: rules' } },
  { match: /^(validate|catalogue|index)\.ts$/, layer: { rank: 35, name: 'core: validation pipeline' } },
  { match: /^render\//, layer: { rank: 40, name: 'render' } },
  { match: /^(gstr|gstr1|gstr3b|reconcile|bulk)\//, layer: { rank: 50, name: 'features' } },
  { match: /^playground\//, layer: { rank: 55, name: 'page' } },
  { match: /^(store|jobs|ratelimit|connectors|sandbox|webhooks)\//, layer: { rank: 60, name: 'adapters' } },
  { match: /^(http|cli)\/|^cli\.ts$/, layer: { rank: 70, name: 'hosts' } },
];

/** The layer of a path relative to `src/`; undefined for a file no row places (itself a finding). */
export function layerOf(file: string): Layer | undefined {
  return layerTable.find((row) => row.match.test(file))?.layer;
}

/** Core files that still import a `node:` module, each with why; the browser and edge build empties this list. */
export const nodeOnlyCore: Readonly<Record<string, string>> = {
  'package-files.ts':
    'finds files shipped in the package on disk, for the command line only (no file of layers 1 to 5 imports it); a static node:url import keeps Node before 20.16, which has no process.getBuiltinModule, working',
  'spawn-thread.ts': 'starts Node worker threads (node:worker_threads) for the job runners of the adapters layer; no file of layers 1 to 5 imports it',
};

/** Layers whose files must run anywhere JavaScript runs (no `node:` import) but for {@link nodeOnlyCore}. */
export const coreRanks = (rank: number): boolean => rank < 60;

export interface ImportEdge {
  from: string;
  /** The specifier as written. */
  spec: string;
  /** The imported file relative to `src/`, or the `node:` module. */
  to: string;
}

const specifier = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import of one file: static, re-export, dynamic and `import('…')` type references. */
export function importsOf(file: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  // Examples in doc comments are not imports.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(specifier)) {
    const spec = (m[1] ?? m[2]) as string;
    if (spec.startsWith('node:')) edges.push({ from: file, spec, to: spec });
    else if (spec.startsWith('.')) {
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '.ts');
      edges.push({ from: file, spec, to });
    }
  }
  return edges;
}

/** The TypeScript files under `dir`, as paths relative to it. */
export function sourceFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (sub: string): void => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (rel.endsWith('.ts')) files.set(rel, readFileSync(path.join(dir, rel), 'utf8'));
    }
  };
  walk('');
  return files;
}

/** What is wrong with the imports of `files` (path relative to `src/` → text), one line per finding. */
export function layerFindings(files: ReadonlyMap<string, string>): string[] {
  const findings: string[] = [];
  for (const [file, text] of files) {
    const from = layerOf(file);
    if (!from) {
      findings.push(`src/${file}: no layer places this file (add it to layerTable in test/architecture/layers.ts)`);
      continue;
    }
    for (const edge of importsOf(file, text)) {
      if (edge.to.startsWith('node:')) {
        if (coreRanks(from.rank) && !(file in nodeOnlyCore))
          findings.push(`src/${file} imports '${edge.spec}': the ${from.name} layer imports no node: module`);
        continue;
      }
      const to = layerOf(edge.to);
      if (!to) findings.push(`src/${file} imports '${edge.spec}', which no layer places`);
      else if (to.rank > from.rank) findings.push(`src/${file} imports '${edge.spec}': ${from.name} may not import ${to.name} (a layer above it)`);
    }
  }
  return findings;
}

/** The folder (or loose file) a path belongs to: `rules`, `index.ts`. */
export const folderOf = (file: string): string => file.split('/')[0] as string;

/** The cycles of a graph given as adjacency lists, each as its strongly connected set (Tarjan). */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1 || graph.get(v)?.has(v)) cycles.push(set.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** The folder graph of `files`: which top-level folder imports which (own folder left out). */
export function folderGraph(files: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of files) {
    const from = folderOf(file);
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const edge of importsOf(file, text)) {
      if (edge.to.startsWith('node:')) continue;
      const to = folderOf(edge.to);
      if (to !== from) targets.add(to);
    }
  }
  return graph;
}

/** The file graph of `files` (every relative import). */
export function fileGraph(files: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of files)
    graph.set(
      file,
      new Set(
        importsOf(file, text)
          .filter((e) => !e.to.startsWith('node:'))
          .map((e) => e.to),
      ),
    );
  return graph;
}
