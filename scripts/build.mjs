// Builds dist/ with the TypeScript compiler. Plain Node (no rm -rf, no chmod) so it runs on Windows too.
//   node scripts/build.mjs              always builds
//   node scripts/build.mjs --if-stale   builds only when the inputs changed since the last build
// The inputs' content hash (not their mtimes, which a checkout or a copy resets) is kept in
// dist/.build-stamp, written only after a build succeeds; package.json's files leave it out of the tarball.
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const require = createRequire(import.meta.url);
const STAMP = 'dist/.build-stamp';

/** Every input of the build, by path and content: the sources, the compiler settings, this script and the compiler's version. */
function inputsHash() {
  const hash = createHash('sha256');
  const add = (path) => hash.update(`${path}\0`).update(readFileSync(path)).update('\0');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else add(path);
    }
  };
  walk('src');
  for (const path of ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'scripts/build.mjs', 'scripts/build-playground.mjs'])
    if (existsSync(path)) add(path);
  hash.update(require('typescript/package.json').version);
  hash.update(require('esbuild/package.json').version);
  return hash.digest('hex');
}

const hash = inputsHash();
if (process.argv.includes('--if-stale') && existsSync('dist/cli.js') && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) {
  process.exit(0);
}
rmSync('dist', { recursive: true, force: true });
const tsc = require.resolve('typescript/bin/tsc');
const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
// A new PGlite database starts from this template (the cluster with every migration applied) instead of
// running initdb: about a second instead of 5 to 11 (src/store/pglite-template.ts).
if (existsSync('dist/store/pglite-template.js')) {
  const template = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "const m = await import('./dist/store/pglite-template.js'); await m.writePgliteTemplate();"],
    { stdio: 'inherit' },
  );
  if (template.status !== 0) process.exit(template.status ?? 1);
}
// The bin must be executable where the file system has modes; npm sets it on install as well.
if (process.platform !== 'win32') chmodSync('dist/cli.js', 0o755);
// The page (src/playground/) is bundled for the browser by esbuild, beside the compiler's output.
// (A build of a project without the page, such as the build script's own test, skips it.)
if (existsSync('src/playground/main.ts')) {
  const { buildPlayground } = await import('./build-playground.mjs');
  await buildPlayground();
}
writeFileSync(STAMP, hash);
