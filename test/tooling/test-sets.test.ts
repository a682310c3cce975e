/**
 * `npm test` leaves the long suites out on a developer's machine and runs them in CI and in
 * `npm run test:all`; the list names files that exist, so a renamed suite cannot drop out of CI unseen.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LONG_SUITES } from '../../vitest.config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function listed(env: Record<string, string>): string[] {
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'list', '--filesOnly'], {
    cwd: root,
    env: { ...process.env, CI: '', GSTKIT_TEST_ALL: '', GSTKIT_TEST_LONG: '', ...env },
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return run.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

describe('the test sets', () => {
  it('names long suites that exist', () => {
    expect(LONG_SUITES.length).toBeGreaterThan(0);
    for (const f of LONG_SUITES) expect(existsSync(join(root, f)), f).toBe(true);
  });

  it('leaves the long suites out of a developer run, and runs them with CI=true or GSTKIT_TEST_ALL=1', () => {
    const quick = listed({});
    expect(quick).toContain('test/tooling/test-sets.test.ts');
    for (const f of LONG_SUITES) expect(quick).not.toContain(f);
    for (const env of [{ CI: 'true' }, { GSTKIT_TEST_ALL: '1' }] as Array<Record<string, string>>) {
      const all = listed(env);
      for (const f of LONG_SUITES) expect(all).toContain(f);
      expect(all.length).toBe(quick.length + LONG_SUITES.length);
    }
    // The run on Node 24 in CI: the long suites ran on Node 20 already.
    expect(listed({ CI: 'true', GSTKIT_TEST_LONG: '0' }).sort()).toEqual([...quick].sort());
  }, 90_000);
});
