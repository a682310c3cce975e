// Builds the page (src/playground/) into static files with esbuild: the client code split so that each
// part loads when first used, the service worker with the list of files it keeps, the HTML, the style
// sheet and the examples. scripts/build.mjs calls it after the compiler; alone:
//   node scripts/build-playground.mjs [OUT_DIR]        (default dist/playground)
// The page runs the library in the browser. A `node:` module the bundle still names (HarfBuzz asks for
// `module` on its Node-only path; a core module that regressed would too) is replaced by one that fails
// when used, so the page loads and says what this browser cannot do instead of failing as a whole.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'src', 'playground');
/** Files of the page copied as they are. */
const STATIC = ['index.html', 'style.css', 'favicon.svg'];

/** Node's built-in modules, as the browser would be asked for them: each becomes a module that fails when used. */
const nodeModulesUnavailable = {
  name: 'node-modules-unavailable',
  setup(build) {
    const bare = new Set(builtinModules);
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('node:') ? args.path.slice(5) : bare.has(args.path) ? args.path : undefined;
      return name === undefined ? undefined : { path: name, namespace: 'unavailable' };
    });
    build.onLoad({ filter: /.*/, namespace: 'unavailable' }, async (args) => {
      // Node's own module names the exports; each is a function that fails when called, with the module named.
      const real = await import(`node:${args.path}`);
      const names = Object.keys(real).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
      const failing = (name) => `() => { throw new Error(${JSON.stringify(`the core still needs node:${args.path} (${name}) for this`)}); }`;
      return {
        contents: [
          ...names.map((n) => `export const ${n} = ${failing(n)};`),
          `export default new Proxy({}, { get: (_, key) => (${failing('default')})() });`,
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

/** Every file under `dir`, relative to it, with forward slashes. */
function filesUnder(dir) {
  const out = [];
  const walk = (sub) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** Builds the page into `outDir`; resolves with the files written, relative to it. */
export async function buildPlayground(outDir = join(root, 'dist', 'playground'), { minify = true } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'examples'), { recursive: true });
  await esbuild.build({
    entryPoints: { app: join(source, 'main.ts') },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    chunkNames: 'chunks/[name]-[hash]',
    minify,
    sourcemap: false,
    legalComments: 'none',
    plugins: [nodeModulesUnavailable],
    // exceljs reads the government's HSN workbook (masters/hsn-loader.ts), which the page never loads: a
    // megabyte the page and its service worker need not carry.
    external: ['exceljs'],
    logLevel: 'warning',
  });
  for (const file of STATIC) copyFileSync(join(source, file), join(outDir, file));
  // The PDF's fonts, fetched by the page when a document needs them, with their licence.
  mkdirSync(join(outDir, 'fonts'));
  for (const file of readdirSync(join(root, 'fonts')).filter((f) => f.endsWith('.ttf') || f === 'OFL.txt'))
    copyFileSync(join(root, 'fonts', file), join(outDir, 'fonts', file));
  // HarfBuzz (the PDF's text shaper) fetches its WebAssembly beside the chunk that loads it.
  copyFileSync(createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz.wasm'), join(outDir, 'chunks', 'harfbuzz.wasm'));
  for (const file of readdirSync(join(source, 'examples'))) copyFileSync(join(source, 'examples', file), join(outDir, 'examples', file));
  // The worker keeps what is written so far, index.html under the page's own address (as a server answers it).
  const files = ['./', ...filesUnder(outDir).filter((f) => f !== 'index.html')];
  const version = createHash('sha256');
  for (const file of filesUnder(outDir)) version.update(file).update(readFileSync(join(outDir, file)));
  await esbuild.build({
    entryPoints: [join(source, 'service-worker.ts')],
    outfile: join(outDir, 'service-worker.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify,
    define: { PAGE_FILES: JSON.stringify(files), PAGE_VERSION: JSON.stringify(version.digest('hex').slice(0, 16)) },
    logLevel: 'warning',
  });
  return filesUnder(outDir);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = resolve(process.argv[2] ?? join(root, 'dist', 'playground'));
  const files = await buildPlayground(out);
  const bytes = files.reduce((n, f) => n + statSync(join(out, f)).size, 0);
  process.stdout.write(`page: ${files.length} files, ${(bytes / 1024).toFixed(0)} KB in ${relative(process.cwd(), out) || '.'}\n`);
}
