/**
 * The GSTIN registry's entries in memory.
 * @module
 */
import type { TaxpayerStore } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The taxpayer store in memory; its map reports to the transaction open in `slot`. */
export function memoryTaxpayerStore(slot: JournalSlot): TaxpayerStore {
  const taxpayers = new JournaledMap<string, Record<string, unknown>>(slot);
  return {
    async putTaxpayer(gstin, data) {
      taxpayers.set(gstin, copyRow(data));
    },
    async listTaxpayers() {
      return [...taxpayers.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([gstin, data]) => ({ gstin, data: copyRow(data) }));
    },
  };
}
