/** src/types/payloads.ts matches schemas/: a schema change without `npm run types` fails here, not only in CI. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('generated payload types', () => {
  it('are up to date with the JSON Schemas', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/write-types.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('up to date');
    expect(run.status).toBe(0);
  }, 60_000);
});
