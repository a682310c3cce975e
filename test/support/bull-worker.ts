/**
 * A BullMQ worker process for the crash tests: runs jobs from QUEUE against DATABASE_URL with an executor
 * that reports progress and then, with HANG=1, never finishes (so the test can kill it mid-job).
 * Prints "ready" once connected and "working <jobId>" when a job starts.
 */
import { startBullWorker } from '../../src/jobs/bullmq.js';
import { openPostgresStore } from '../../src/store/index.js';

const store = await openPostgresStore(process.env['DATABASE_URL']!);
await startBullWorker({
  store,
  redisUrl: process.env['REDIS_URL']!,
  queueName: process.env['QUEUE']!,
  leaseMs: Number(process.env['LEASE_MS'] ?? 1000),
  executor: async (job, progress) => {
    process.stdout.write(`working ${job.jobId}\n`);
    progress(40, { done: 40, total: 100 });
    if (process.env['HANG'] === '1') await new Promise(() => {});
    return { ok: true, result: { by: process.pid } };
  },
});
process.stdout.write('ready\n');
