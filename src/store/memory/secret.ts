/**
 * Named secrets in memory.
 * @module
 */
import type { SecretStore } from '../../ports/store.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The secret store in memory; its map reports to the transaction open in `slot`. */
export function memorySecretStore(slot: JournalSlot): SecretStore {
  const secrets = new JournaledMap<string, string>(slot);
  return {
    async secret(name, create) {
      if (!secrets.has(name)) secrets.set(name, create());
      return secrets.get(name)!;
    },
  };
}
