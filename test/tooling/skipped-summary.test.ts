/**
 * A developer's `npm test` without PostgreSQL and Redis ends by naming the test files it skipped and the
 * command that starts the servers, rather than skipping them unseen.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the skipped-tests summary', () => {
  it('lists the files skipped for want of each server, and .ci/services start, at the very end', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CI: '', GSTKIT_SKIPPED_LOG: '' };
    for (const name of ['DATABASE_URL', 'REDIS_URL']) delete env[name];
    const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/jobs/contract.test.ts', 'test/jobs/outbox-shared.test.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(0);
    const tail = run.stdout.slice(run.stdout.lastIndexOf('Skipped for want of a server'));
    expect(tail).toContain('without PostgreSQL (DATABASE_URL): 2 test file(s)\n    test/jobs/contract.test.ts\n    test/jobs/outbox-shared.test.ts\n');
    expect(tail).toContain('without Redis (REDIS_URL): 1 test file(s)\n    test/jobs/contract.test.ts\n');
    expect(tail).toContain('eval "$(bash .ci/services start .tmp/services)" && npm test');
    // Nothing of vitest's own report comes after it.
    expect(tail).not.toContain('Test Files');
  }, 120_000);
});
