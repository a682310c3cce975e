import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Lists, at the end, the tests skipped for want of PostgreSQL or Redis and how to start them.
    globalSetup: ['test/support/skipped-summary.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
  },
});
