/**
 * Named counters in memory.
 * @module
 */
import type { CounterStore } from '../../ports/store.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The counter store in memory; its map reports to the transaction open in `slot`. */
export function memoryCounterStore(slot: JournalSlot): CounterStore {
  const counters = new JournaledMap<string, number>(slot);
  return {
    async nextNumber(name, start) {
      const next = counters.has(name) ? counters.get(name)! + 1 : start;
      counters.set(name, next);
      return next;
    },
  };
}
