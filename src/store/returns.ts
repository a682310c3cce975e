/**
 * The GSTR {@link ReturnStore} of one company over the store: pulled returns survive restarts and are
 * shared by every server, and one company never reads another's.
 * @module
 */
import type { ReturnStore } from '../ports/returns.js';
import type { ReturnType } from '../ports/gst-portal.js';
import type { PulledReturnStore } from '../ports/store.js';

/** The pulled returns of `companyId`. */
export function storeReturns(store: PulledReturnStore, companyId: string): ReturnStore {
  const putJson: NonNullable<ReturnStore['putJson']> = async (entry, json) => {
    await store.putReturn({
      companyId,
      gstin: entry.gstin,
      returnType: entry.returnType,
      period: entry.period,
      pulledAt: entry.pulledAt,
      json,
      ...(entry.documents !== undefined ? { documents: entry.documents } : {}),
    });
  };
  const getJson: NonNullable<ReturnStore['getJson']> = async (gstin, returnType, period) => {
    const row = await store.getReturn(companyId, gstin, returnType, period);
    return row ? { pulledAt: row.pulledAt, json: row.json } : undefined;
  };
  return {
    put: ({ data, ...entry }) => putJson(entry, JSON.stringify(data)),
    putJson,
    async get(gstin, returnType: ReturnType, period) {
      const row = await getJson(gstin, returnType, period);
      return row ? { gstin, returnType, period, pulledAt: row.pulledAt, data: JSON.parse(row.json) as unknown } : undefined;
    },
    getJson,
    async info(gstin, returnType, period) {
      const row = await store.getReturnInfo(companyId, gstin, returnType, period);
      if (!row) return undefined;
      return { pulledAt: row.pulledAt, version: row.version, pieces: row.pieces, ...(row.documents !== undefined ? { documents: row.documents } : {}) };
    },
    // Versions are random ids, handed out only by this company's info above.
    piece: (version, seq) => store.getReturnPiece(version, seq),
  };
}
