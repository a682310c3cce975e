/**
 * Once-only notices in memory, with the SQL store's behaviour.
 * @module
 */
import type { NoticeStore } from '../../ports/store.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The notice store in memory; its map reports to the transaction open in `slot`. */
export function memoryNoticeStore(slot: JournalSlot): NoticeStore {
  const notices = new JournaledMap<string, string>(slot);
  return {
    async claimNotice(key, at) {
      if (notices.has(key)) return false;
      notices.set(key, at);
      return true;
    },
    async hasNotice(key) {
      return notices.has(key);
    },
  };
}
