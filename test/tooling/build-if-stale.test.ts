/**
 * `npm start` (and `prepare`) build with `scripts/build.mjs --if-stale`: a current dist/ is kept as it is,
 * and any change to the inputs, a touched-but-equal file aside, builds again. Run on a copy of the build's
 * settings with a two-file src/, so the compiler takes seconds.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gstkit-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(...args: string[]): { built: boolean; mtime: number } {
  const before = statOr('dist/cli.js');
  const run = spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: dir, encoding: 'utf8' });
  expect(run.stderr + run.stdout).toBe('');
  expect(run.status).toBe(0);
  const after = statOr('dist/cli.js');
  return { built: after !== before, mtime: after };
}

function statOr(path: string): number {
  try {
    return statSync(join(dir, path)).mtimeMs;
  } catch {
    return -1;
  }
}

describe('scripts/build.mjs --if-stale', () => {
  it('builds when dist/ is missing or any input changed, and not when it is current', async () => {
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'scripts'));
    for (const f of ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'scripts/build.mjs']) copyFileSync(join(root, f), join(dir, f));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'src/cli.ts'), "import { answer } from './answer.js';\nconsole.log(answer);\n");
    writeFileSync(join(dir, 'src/answer.ts'), 'export const answer = 1;\n');

    expect(build('--if-stale').built).toBe(true);
    const first = statOr('dist/cli.js');
    // mtimes differ; then 20 ms apart is enough to see a rewrite.
    await new Promise((r) => setTimeout(r, 20));
    expect(build('--if-stale').built).toBe(false);
    // A checkout that only touches a file (same content) is no reason to build.
    utimesSync(join(dir, 'src/answer.ts'), new Date(), new Date());
    expect(build('--if-stale').built).toBe(false);
    expect(statOr('dist/cli.js')).toBe(first);

    writeFileSync(join(dir, 'src/answer.ts'), 'export const answer = 2;\n');
    expect(build('--if-stale').built).toBe(true);
    expect(readFileSync(join(dir, 'dist/answer.js'), 'utf8')).toContain('answer = 2');
    // A compiler setting counts too.
    writeFileSync(
      join(dir, 'tsconfig.build.json'),
      readFileSync(join(dir, 'tsconfig.build.json'), 'utf8').replace('"declaration": true', '"declaration": true, "removeComments": true'),
    );
    expect(build('--if-stale').built).toBe(true);
    // A deleted dist/ is rebuilt.
    rmSync(join(dir, 'dist'), { recursive: true });
    expect(build('--if-stale').built).toBe(true);
  }, 120_000);
});
