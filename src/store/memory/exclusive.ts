/**
 * The in-memory store as callers see it: one operation at a time, each transaction journaled and rolled
 * back whole when it throws.
 * @module
 */
import type { Store } from '../../ports/store.js';
import { Journal, type JournalSlot } from './journal.js';

/**
 * The store as callers see it: one operation at a time (a promise chain), so a transaction's writes are
 * seen by no other call before it ends, and a transaction that throws is rolled back whole. A
 * transaction's work must use the handle it is given; calling the outer store from inside it would wait
 * for the transaction itself.
 */
export function exclusive(inner: Store, slot: JournalSlot): Store {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  const outer = { ...inner } as Record<string, unknown>;
  for (const [name, value] of Object.entries(inner)) {
    // Reading a file's chunks lazily changes nothing, and must not hold the turn between chunks.
    if (typeof value !== 'function' || name === 'readFile' || name === 'atomically') continue;
    outer[name] = (...args: unknown[]) => inTurn(() => (value as (...a: unknown[]) => Promise<unknown>).apply(inner, args));
  }
  outer['atomically'] = <T>(work: (tx: Store) => Promise<T>): Promise<T> =>
    inTurn(async () => {
      const journal = new Journal();
      slot.current = journal;
      try {
        return await work(inner);
      } catch (e) {
        journal.rollback();
        throw e;
      } finally {
        slot.current = undefined;
      }
    });
  return outer as unknown as Store;
}
