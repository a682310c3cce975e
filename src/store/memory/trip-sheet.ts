/**
 * Trip sheets in memory.
 * @module
 */
import type { TripSheetRow, TripSheetStore } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The trip sheet store in memory; its map reports to the transaction open in `slot`. */
export function memoryTripSheetStore(slot: JournalSlot): TripSheetStore {
  const tripSheets = new JournaledMap<string, TripSheetRow>(slot);
  return {
    async insertTripSheet(row) {
      if (tripSheets.has(row.tripSheetNo)) return { inserted: false };
      tripSheets.set(row.tripSheetNo, copyRow(row));
      return { inserted: true };
    },
    async getTripSheet(tripSheetNo) {
      const r = tripSheets.get(tripSheetNo);
      return r ? copyRow(r) : undefined;
    },
    async updateTripSheet(tripSheetNo, status, record) {
      const r = tripSheets.get(tripSheetNo);
      if (r) tripSheets.set(tripSheetNo, { ...r, status, record: copyRow(record) });
    },
  };
}
