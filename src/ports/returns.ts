/**
 * The return store port: where pulled returns are kept. A pull replaces the previous copy of the same
 * return as a whole. In memory: `store/memory-returns.ts`; over the SQL store: `store/returns.ts`.
 * @module
 */
import type { ReturnType } from './gst-portal.js';

/** What a store keeps: the returns, and the IMS inbox as an IMS pull found it (`ims`). */
export type StoredReturnType = ReturnType | 'ims';

/** One pulled return: the GSTN JSON as received, with when it was pulled. */
export interface StoredReturn {
  gstin: string;
  returnType: StoredReturnType;
  period: string;
  /** ISO 8601 time of the pull. */
  pulledAt: string;
  data: unknown;
  /** The documents the pull counted, when known: an export's progress total without reading the return. */
  documents?: number;
}

/** What is stored for a return, without reading it; `version` names the pull its pieces belong to. */
export interface StoredReturnInfo {
  pulledAt: string;
  documents?: number;
  version: string;
  pieces: number;
}

/** Storage port; hosts can back it with a database or object store. */
export interface ReturnStore {
  /** Stores a return, atomically replacing any earlier copy of the same GSTIN, return and period. */
  put(entry: StoredReturn): Promise<void>;
  get(gstin: string, returnType: StoredReturnType, period: string): Promise<StoredReturn | undefined>;
  /** The stored return as its JSON text, unparsed (a job thread parses it off the serving thread). */
  getJson?(gstin: string, returnType: ReturnType, period: string): Promise<{ pulledAt: string; json: string } | undefined>;
  /** Stores a return given as JSON text (serialised by a job thread), like {@link put}. */
  putJson?(entry: Omit<StoredReturn, 'data'>, json: string): Promise<void>;
  /** When the return was pulled and how it is kept, without reading it (with {@link piece}: read in pieces). */
  info?(gstin: string, returnType: ReturnType, period: string): Promise<StoredReturnInfo | undefined>;
  /** Piece `seq` of the JSON text of pull `version`; undefined when that pull has since been replaced. */
  piece?(version: string, seq: number): Promise<string | undefined>;
}
