/**
 * API key revocations in memory.
 * @module
 */
import type { RevokedKeyRow, RevokedKeyStore } from '../../ports/store.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The revoked-key store in memory; its map reports to the transaction open in `slot`. */
export function memoryRevokedKeyStore(slot: JournalSlot): RevokedKeyStore {
  const revokedKeys = new JournaledMap<string, RevokedKeyRow>(slot);
  return {
    async revokeApiKey(keyId, at) {
      if (!revokedKeys.has(keyId)) revokedKeys.set(keyId, { keyId, revokedAt: at });
    },
    async restoreApiKey(keyId) {
      return revokedKeys.delete(keyId);
    },
    async revokedApiKeys() {
      return [...revokedKeys.values()].map((r) => ({ ...r })).sort((a, b) => (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0));
    },
  };
}
