import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Suites that start real servers to break them (stalled and killed databases, a full disk, kill -9 and
 * restart, several servers on one store, the NIC and GSTN connectors' server processes) or prove behaviour at volume
 * (a 50,000 x 50,000 reconciliation, hundreds of thousands of GSTR documents): minutes on two cores, so a
 * developer's `npm test` leaves them out and `npm run test:all` runs them. CI (CI=true) always runs them,
 * so `npm test` there is the whole suite.
 */
export const LONG_SUITES = [
  'test/http/dependency-stall.test.ts',
  'test/store/connections-terminated.test.ts',
  'test/store/disk-full.test.ts',
  'test/store/restart.test.ts',
  'test/store/multi-server.test.ts',
  'test/connectors/nic-serve.test.ts',
  'test/connectors/nic-shared-sessions.test.ts',
  'test/connectors/nic-serve-shared.test.ts',
  'test/connectors/gstn-serve.test.ts',
  'test/store/key-removal.test.ts',
  'test/jobs/work-threads.test.ts',
  'test/gstr/readers.test.ts',
  'test/bulk/bulk-restart.test.ts',
  // Each starts `gstkit serve` or a whole vitest run as child processes, seconds apiece on two cores.
  'test/docs/snippets.test.ts',
  'test/http/serve-host.test.ts',
  'test/store/audit-retention.test.ts',
  'test/webhooks/servers.test.ts',
  'test/tooling/skipped-summary.test.ts',
];

// GSTKIT_TEST_LONG=0 leaves the long suites out even in CI: the run on Node 24 (scripts/test-node24.sh), since
// they start servers to break them, which Node 20's run in CI has covered.
const all = process.env['GSTKIT_TEST_LONG'] !== '0' && (process.env['CI'] === 'true' || process.env['GSTKIT_TEST_ALL'] === '1');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(all ? [] : LONG_SUITES)],
    // Lists, at the end, the tests skipped for want of PostgreSQL or Redis and how to start them.
    globalSetup: ['test/support/skipped-summary.ts'],
    // Vitest's default, one worker fewer than the cores, is a single worker on two cores; most of these
    // tests wait on servers and child processes, so two workers there take far less than twice as long.
    // CI keeps the default its timing-sensitive suites were tuned on.
    ...(process.env['CI'] === 'true' ? {} : { maxWorkers: Math.max(2, availableParallelism() - 1) }),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
  },
});
