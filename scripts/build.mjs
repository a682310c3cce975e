// Builds dist/ with the TypeScript compiler. Plain Node (no rm -rf, no chmod) so it runs on Windows too.
import { chmodSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
rmSync('dist', { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
// The bin must be executable where the file system has modes; npm sets it on install as well.
if (process.platform !== 'win32') chmodSync('dist/cli.js', 0o755);
