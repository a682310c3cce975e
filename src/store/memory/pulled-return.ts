/**
 * Pulled returns in memory, their JSON text in the same pieces the SQL store keeps (return-pieces.ts).
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { PulledReturnStore, ReturnInfo } from '../../ports/store.js';
import { returnPieces } from '../return-pieces.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The pulled-return store in memory; its maps report to the transaction open in `slot`. */
export function memoryPulledReturnStore(slot: JournalSlot): PulledReturnStore {
  const returns = new JournaledMap<string, ReturnInfo>(slot);
  const piecesByKey = new JournaledMap<string, string>(slot);
  return {
    async putReturn(row) {
      const key = [row.companyId, row.gstin, row.returnType, row.period].join('|');
      const old = returns.get(key);
      const { json, ...info } = row;
      const pieces = returnPieces(json);
      const version = randomUUID();
      pieces.forEach((piece, seq) => piecesByKey.set(`${version}|${seq}`, piece));
      returns.set(key, { ...info, version, pieces: pieces.length });
      if (old) for (let seq = 0; seq < old.pieces; seq++) piecesByKey.delete(`${old.version}|${seq}`);
    },
    async getReturn(companyId, gstin, returnType, period) {
      const r = returns.get([companyId, gstin, returnType, period].join('|'));
      if (!r) return undefined;
      const { version, pieces, ...row } = r;
      const json = Array.from({ length: pieces }, (_, seq) => piecesByKey.get(`${version}|${seq}`)).join('');
      return { ...row, json };
    },
    async getReturnInfo(companyId, gstin, returnType, period) {
      const r = returns.get([companyId, gstin, returnType, period].join('|'));
      return r ? { ...r } : undefined;
    },
    async listReturnsOfPeriod(returnType, period) {
      return [...returns.values()]
        .filter((r) => r.returnType === returnType && r.period === period)
        .sort((a, b) => a.companyId.localeCompare(b.companyId) || a.gstin.localeCompare(b.gstin))
        .map((r) => ({ ...r }));
    },
    async getReturnPiece(version, seq) {
      return piecesByKey.get(`${version}|${seq}`);
    },
  };
}
