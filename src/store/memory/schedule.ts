/**
 * Schedules in memory.
 * @module
 */
import type { ScheduleRow, ScheduleStore } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The schedule store in memory; its map reports to the transaction open in `slot`. */
export function memoryScheduleStore(slot: JournalSlot): ScheduleStore {
  const schedules = new JournaledMap<string, ScheduleRow>(slot);
  const own = (companyId: string, id: string): ScheduleRow | undefined => {
    const r = schedules.get(id);
    return r && r.companyId === companyId ? r : undefined;
  };
  return {
    async addSchedule(row) {
      if (!schedules.has(row.scheduleId)) schedules.set(row.scheduleId, copyRow(row));
    },
    async listSchedules(companyId) {
      return [...schedules.values()]
        .filter((r) => r.companyId === companyId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.scheduleId.localeCompare(b.scheduleId))
        .map(copyRow);
    },
    async getSchedule(companyId, id) {
      const r = own(companyId, id);
      return r ? copyRow(r) : undefined;
    },
    async updateSchedule(companyId, id, change) {
      const r = own(companyId, id);
      if (!r) return false;
      schedules.set(id, { ...r, ...copyRow(change) });
      return true;
    },
    async deleteSchedule(companyId, id) {
      if (!own(companyId, id)) return false;
      schedules.delete(id);
      return true;
    },
    async claimDueSchedules(now, leaseUntil, limit) {
      const due = [...schedules.values()]
        .filter((r) => r.nextRunAt <= now && (r.claimedUntil === undefined || r.claimedUntil <= now))
        .sort((a, b) => a.nextRunAt.localeCompare(b.nextRunAt))
        .slice(0, limit);
      for (const r of due) schedules.set(r.scheduleId, { ...r, claimedUntil: leaseUntil });
      return due.map((r) => ({ ...copyRow(r), claimedUntil: leaseUntil }));
    },
    async recordScheduleRun(id, claim, record) {
      const r = schedules.get(id);
      if (!r || r.claimedUntil !== claim) return false;
      const { claimedUntil: _ended, ...rest } = r;
      schedules.set(id, { ...rest, ...copyRow(record), runs: r.runs + 1 });
      return true;
    },
  };
}
