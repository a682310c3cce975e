/**
 * The size of each browser entry point of package.json "exports", bundled with esbuild as an application
 * would (platform browser, ESM, minified, code splitting so that dynamic imports stay separate chunks), and
 * gzipped at level 9. Prints a Markdown table: what a page loads up front, what it loads only when asked
 * (lazy chunks), and the `node:` modules the entry still imports (a browser has none: those entries do not
 * yet run in a browser, see test/runtimes/pending.ts).
 *
 *   npm run size          the table
 *   npm run size:check    also compares with size-budgets.json: fails when an entry's up-front size
 *                         (minified or gzipped) is more than 10% over its budget, or an entry has no budget
 *   tsx scripts/bundle-sizes.ts --write-budgets    writes the measured sizes as the new budgets
 * @module
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const budgetFile = path.join(root, 'size-budgets.json');
/** How far over its budget an entry may grow before the check fails. */
const TOLERANCE = 0.1;

/** The subpaths meant for the browser; the others (http, store, jobs, connectors…) serve a server. */
export const browserEntries = ['.', './masters', './render/qr', './render/upi', './render/pdf', './gstr', './reconcile', './gstr1'] as const;

interface Size {
  minified: number;
  gzip: number;
}

interface EntrySize {
  entry: string;
  initial: Size;
  lazy: Size;
  lazyChunks: number;
  /** `node:` modules still imported, each with one chain of imports that reaches it. */
  nodeImports: Map<string, string[]>;
}

const gzip = (bytes: Uint8Array): number => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
const builtinOf = (spec: string): string | undefined => (spec.startsWith('node:') ? spec : builtinModules.includes(spec) ? `node:${spec}` : undefined);

/** The source file of an export: ./dist/x/index.js is built from src/x/index.ts. */
function sourceOf(subpath: string): string {
  const exportsMap = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).exports as Record<string, { default: string }>;
  const target = exportsMap[subpath]?.default;
  if (!target) throw new Error(`package.json exports has no ${subpath}`);
  return path.join(root, target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
}

export async function measure(subpath: string): Promise<EntrySize> {
  const entry = sourceOf(subpath);
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    splitting: true,
    outdir: path.join(root, '.tmp-sizes'),
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Kept as imports so that they can be named (a browser bundler would stop at them).
    external: ['node:*', ...builtinModules],
  });
  const metafile = result.metafile as esbuild.Metafile;
  const files = new Map(result.outputFiles.map((f) => [path.relative(root, f.path), f.contents]));
  const entryOut = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint && path.resolve(root, o.entryPoint) === entry)?.[0];
  if (!entryOut) throw new Error(`esbuild made no output for ${subpath}`);

  // Up front: the entry chunk and the chunks it imports statically; lazy: the rest (dynamic imports).
  const initial = new Set<string>();
  const visit = (out: string): void => {
    if (initial.has(out)) return;
    initial.add(out);
    for (const imp of metafile.outputs[out]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(entryOut);
  const sum = (outs: string[]): Size => {
    const bytes = outs.map((o) => files.get(o) ?? new Uint8Array());
    return { minified: bytes.reduce((n, b) => n + b.length, 0), gzip: bytes.reduce((n, b) => n + gzip(b), 0) };
  };
  const chunks = Object.keys(metafile.outputs).filter((o) => o.endsWith('.js'));
  const lazy = chunks.filter((o) => !initial.has(o));

  // The node: modules the up-front code imports, and how the entry reaches each.
  const kept = new Set<string>();
  for (const out of initial) for (const imp of metafile.outputs[out]?.imports ?? []) if (imp.external) kept.add(builtinOf(imp.path) ?? imp.path);
  const nodeImports = new Map<string, string[]>();
  const start = path.relative(root, entry);
  const queue: Array<{ file: string; chain: string[] }> = [{ file: start, chain: [] }];
  const seen = new Set([start]);
  while (queue.length > 0) {
    const { file, chain } = queue.shift() as { file: string; chain: string[] };
    for (const imp of metafile.inputs[file]?.imports ?? []) {
      const builtin = builtinOf(imp.path);
      if (builtin) {
        if (kept.has(builtin) && !nodeImports.has(builtin)) nodeImports.set(builtin, [...chain, file]);
        continue;
      }
      if (imp.kind === 'dynamic-import' || imp.external || seen.has(imp.path)) continue;
      seen.add(imp.path);
      queue.push({ file: imp.path, chain: [...chain, file] });
    }
  }
  return {
    entry: subpath === '.' ? 'gstkit' : `gstkit/${subpath.slice(2)}`,
    initial: sum([...initial]),
    lazy: sum(lazy),
    lazyChunks: lazy.length,
    nodeImports,
  };
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

function table(sizes: EntrySize[]): string {
  const rows = [
    '| entry | up front, minified | up front, gzip | lazy chunks (minified / gzip) | node: modules still imported |',
    '|---|---:|---:|---|---|',
    ...sizes.map(
      (s) =>
        `| \`${s.entry}\` | ${kb(s.initial.minified)} | ${kb(s.initial.gzip)} | ${s.lazyChunks === 0 ? '—' : `${s.lazyChunks}: ${kb(s.lazy.minified)} / ${kb(s.lazy.gzip)}`} | ${[...s.nodeImports.keys()].map((m) => m.slice(5)).join(', ') || 'none'} |`,
    ),
  ];
  return rows.join('\n');
}

/**
 * What the entries fetch at run time only when a document needs it, so that no bundle counts it: the fonts
 * (through the PDF renderer's font loader) and the shaper, which a page that only validates never
 * downloads. The schemas and masters are modules of the bundles since they stopped being read from disk.
 */
async function outsidePieces(): Promise<Array<{ piece: string; size: Size }>> {
  const filesIn = (dir: string, test: (name: string) => boolean): string[] =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter(test)
      .map((f) => path.join(root, dir, f));
  const ofFiles = (files: string[]): Size => {
    const bytes = files.map((f) => new Uint8Array(readFileSync(f)));
    return { minified: bytes.reduce((n, b) => n + b.length, 0), gzip: bytes.reduce((n, b) => n + gzip(b), 0) };
  };
  const hb = path.join(path.dirname(fileURLToPath(import.meta.resolve('harfbuzzjs'))), 'harfbuzz.wasm');
  const latin = (name: string): boolean => /^NotoSans-(Regular|Bold)\.ttf$/.test(name);
  return [
    { piece: 'fonts: Noto Sans regular and bold (Latin), on the first PDF', size: ofFiles(filesIn('fonts', latin)) },
    {
      piece: 'fonts: the nine Indic Noto Sans faces, each on the first PDF that prints its script',
      size: ofFiles(filesIn('fonts', (f) => f.endsWith('.ttf') && !latin(f))),
    },
    { piece: 'harfbuzz.wasm (the shaper), on the first PDF with Indic text', size: ofFiles([hb]) },
  ];
}

type Budgets = Record<string, Size>;

function check(sizes: EntrySize[], budgets: Budgets): string[] {
  const problems: string[] = [];
  for (const s of sizes) {
    const budget = budgets[s.entry];
    if (!budget) {
      problems.push(`${s.entry} has no budget in size-budgets.json`);
      continue;
    }
    for (const key of ['minified', 'gzip'] as const) {
      const limit = Math.floor(budget[key] * (1 + TOLERANCE));
      if (s.initial[key] > limit)
        problems.push(
          `${s.entry}: ${key} ${s.initial[key]} bytes is more than 10% over its budget of ${budget[key]} (limit ${limit}); raise the budget in size-budgets.json if the growth is meant`,
        );
    }
  }
  for (const name of Object.keys(budgets))
    if (!sizes.some((s) => s.entry === name)) problems.push(`size-budgets.json names ${name}, which is not a browser entry`);
  return problems;
}

async function main(): Promise<number> {
  const sizes: EntrySize[] = [];
  for (const entry of browserEntries) sizes.push(await measure(entry));
  console.log(table(sizes));
  const chains = sizes.flatMap((s) => [...s.nodeImports].map(([mod, chain]) => `  ${s.entry}: ${[...chain, mod].join(' -> ')}`));
  if (chains.length > 0) console.log(`\nnode: modules the browser bundles still import (not runnable in a browser as they are):\n${chains.join('\n')}`);
  const pieces = await outsidePieces();
  console.log(
    `\n| fetched at run time when a document needs it, outside the bundles | minified | gzip |\n|---|---:|---:|\n${pieces.map((p) => `| ${p.piece} | ${kb(p.size.minified)} | ${kb(p.size.gzip)} |`).join('\n')}`,
  );

  if (process.argv.includes('--write-budgets')) {
    const budgets: Budgets = Object.fromEntries(sizes.map((s) => [s.entry, { minified: s.initial.minified, gzip: s.initial.gzip }]));
    writeFileSync(budgetFile, `${JSON.stringify(budgets, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(root, budgetFile)}`);
  }
  if (process.argv.includes('--check')) {
    const problems = check(sizes, JSON.parse(readFileSync(budgetFile, 'utf8')) as Budgets);
    if (problems.length > 0) {
      console.error(`\n${problems.join('\n')}`);
      return 1;
    }
    console.log(`\nevery entry within 10% of its budget in ${path.relative(root, budgetFile)}`);
  }
  return 0;
}

process.exitCode = await main();
