import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, fileGraph, folderGraph, importsOf, layerFindings, layerTable, nodeOnlyCore, sourceFiles } from './layers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = sourceFiles(`${root}src`);

describe('the layers of src/', () => {
  it('no file imports a layer above its own, and the core imports no node: module', () => {
    expect(layerFindings(files)).toEqual([]);
  });

  it('the folder graph has no cycle', () => {
    expect(cyclesOf(folderGraph(files))).toEqual([]);
  });

  it('every node-only exception of the core still imports a node: module (the list only shrinks)', () => {
    const stale = Object.keys(nodeOnlyCore).filter((file) => !importsOf(file, files.get(file) ?? '').some((e) => e.to.startsWith('node:')));
    expect(stale).toEqual([]);
  });

  it('the fetch-style entry gstkit/http loads no node:http or node:net, statically', () => {
    const graph = fileGraph(files);
    const seen = new Set<string>();
    const nodeModules = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = files.get(file) ?? '';
      // Type-only imports and dynamic imports load nothing when the entry is imported.
      const loaded = text.replace(/import\s+type\s[^;]*;|export\s+type\s[^;]*;|import\(\s*['"][^'"]+['"]\s*\)/g, '');
      for (const edge of importsOf(file, loaded)) {
        if (edge.to.startsWith('node:')) nodeModules.add(edge.to);
        else if (graph.has(edge.to)) visit(edge.to);
      }
    };
    visit('http/index.ts');
    expect(seen.size).toBeGreaterThan(10);
    expect([...nodeModules].filter((m) => m === 'node:http' || m === 'node:net')).toEqual([]);
  });

  it('every subpath the package exports starts at a file the layer table places', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, string | { default: string }> };
    const entries = Object.values(pkg.exports)
      .map((target) => (typeof target === 'string' ? target : target.default))
      .filter((target) => target.startsWith('./dist/') && target.endsWith('.js'))
      .map((target) => target.slice('./dist/'.length).replace(/\.js$/, '.ts'));
    expect(entries.length).toBeGreaterThan(15);
    for (const entry of entries) expect(files.has(entry), entry).toBe(true);
  });

  it('docs/architecture.md has a paragraph for every folder of src/', () => {
    const page = `${root}docs/architecture.md`;
    expect(existsSync(page)).toBe(true);
    const text = readFileSync(page, 'utf8');
    const folders = new Set([...files.keys()].filter((f) => f.includes('/')).map((f) => f.split('/')[0] as string));
    const missing = [...folders].filter((folder) => !text.includes(`**\`${folder}/\`**`));
    expect(missing).toEqual([]);
  });
});

describe('the layer check itself', () => {
  const src = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));

  it('names the file and the import of an upward import', () => {
    const findings = layerFindings(
      src({
        'ports/irp.ts': "import { routes } from '../http/routes.js';",
        'http/routes.ts': "import type { IrpProvider } from '../ports/irp.js';",
      }),
    );
    expect(findings).toEqual(["src/ports/irp.ts imports '../http/routes.js': ports may not import hosts (a layer above it)"]);
  });

  it('holds the finer order inside the core, and sees dynamic and type-position imports', () => {
    const findings = layerFindings(
      src({
        'compute/line.ts': "const rules = await import('../rules/apply.js');",
        'masters/units.ts': "export type Pool = import('../jobs/thread-pool.js').ThreadPool;",
        'rules/apply.ts': "import { lineAmounts } from '../compute/line.js';",
      }),
    );
    expect(findings).toEqual([
      "src/compute/line.ts imports '../rules/apply.js': core: compute may not import core: rules (a layer above it)",
      "src/masters/units.ts imports '../jobs/thread-pool.js': core: masters may not import adapters (a layer above it)",
    ]);
  });

  it('refuses a node: import in the core but not in an adapter, and a file no layer places', () => {
    const findings = layerFindings(
      src({
        'render/qr/gif.ts': "import { deflateSync } from 'node:zlib';",
        'store/pglite.ts': "import { mkdirSync } from 'node:fs';",
        'widgets/thing.ts': '',
      }),
    );
    expect(findings).toEqual([
      "src/render/qr/gif.ts imports 'node:zlib': the render layer imports no node: module",
      'src/widgets/thing.ts: no layer places this file (add it to layerTable in test/architecture/layers.ts)',
    ]);
  });

  it('finds a folder cycle', () => {
    const graph = folderGraph(
      src({
        'gstr/jobs.ts': "import { writeReport } from '../render/excel/report.js';",
        'render/excel/report.ts': "import { readGstr2b } from '../../gstr/read-2b.js';",
        'gstr/read-2b.ts': '',
      }),
    );
    expect(cyclesOf(graph)).toEqual([['gstr', 'render']]);
  });

  it('places every layer row somewhere in src/', () => {
    for (const row of layerTable)
      expect(
        [...files.keys()].some((f) => row.match.test(f)),
        String(row.match),
      ).toBe(true);
  });
});
