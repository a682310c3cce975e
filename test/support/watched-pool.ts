import { createThreadPool, type ThreadPool } from '../../src/jobs/thread-pool.js';

/**
 * A one-thread pool that records the thread each task said it ran on. The pool is added to `pools`, which
 * the test closes when it ends.
 */
export function watchedPool(pools: ThreadPool[], maxHeapMb?: number): { pool: ThreadPool; ranOn: number[] } {
  // Kept for the whole test (it checks which thread ran what), however slow the machine.
  const inner = createThreadPool({ size: 1, idleMs: 600_000, ...(maxHeapMb ? { maxHeapMb } : {}) });
  pools.push(inner);
  const ranOn: number[] = [];
  const pool: ThreadPool = {
    get threadIds() {
      return inner.threadIds;
    },
    run: (kind, input, handlers) => inner.run(kind, input, { ...handlers, started: (id: number) => void ranOn.push(id) }),
    close: () => inner.close(),
  };
  return { pool, ranOn };
}
