/**
 * A stored return as an export finds it: one cheap look-up says whether it is there, when it was pulled and
 * how many documents the pull counted; the JSON is read only when written, piece by piece where the store
 * keeps pieces, so no single read moves a whole return through the store.
 * @module
 */
import { parseLazily } from './lazy-json.js';
import type { ReturnStore } from '../ports/returns.js';
import type { ReturnType } from './types.js';

export interface FoundReturn {
  pulledAt: string;
  /** Counted at the pull; undefined for returns stored before the count was kept. */
  documents?: number;
  /** Reads and parses the return: the latest pull, with when it was pulled. */
  read(): Promise<{ pulledAt: string; data: unknown }>;
}

/** How many times a read starts over when a new pull replaces the return while it is being read. */
const RETRIES = 3;

/** Finds a stored return without reading it; undefined when none is stored. */
export async function findStoredReturn(store: ReturnStore, gstin: string, returnType: ReturnType, period: string): Promise<FoundReturn | undefined> {
  const { info, piece } = store;
  if (info && piece) {
    const first = await info(gstin, returnType, period);
    if (!first) return undefined;
    return {
      pulledAt: first.pulledAt,
      ...(first.documents !== undefined ? { documents: first.documents } : {}),
      async read() {
        let current = first;
        for (let attempt = 0; ; attempt++) {
          const parts: string[] = [];
          for (let seq = 0; seq < current.pieces; seq++) {
            const part = await piece(current.version, seq);
            if (part === undefined) break;
            parts.push(part);
          }
          if (parts.length === current.pieces) return { pulledAt: current.pulledAt, data: parseLazily(parts.join('')) };
          // Pulled again meanwhile: its pieces are gone; read the new pull instead.
          const again = await info(gstin, returnType, period);
          if (!again || attempt >= RETRIES) throw new Error(`the ${returnType} of ${gstin} for ${period} kept changing while it was read; export again`);
          current = again;
        }
      },
    };
  }
  const stored = await store.get(gstin, returnType, period);
  if (!stored) return undefined;
  return {
    pulledAt: stored.pulledAt,
    ...(stored.documents !== undefined ? { documents: stored.documents } : {}),
    async read() {
      // Read again on each pass: the store is the one copy kept in memory.
      const again = await store.get(gstin, returnType, period);
      if (!again) throw new Error(`the ${returnType} of ${gstin} for ${period} is no longer stored`);
      return { pulledAt: again.pulledAt, data: again.data };
    },
  };
}
