/**
 * Pulled returns (GSTR-2A, 2B, 3B) in the store: each pull's JSON text kept in pieces, replaced whole by
 * the next pull of the same return. The return store a company's jobs use (`ReturnStore`, ports/returns.ts)
 * is built over this (store/returns.ts).
 * @module
 */

/** One pulled return. */
export interface ReturnRow {
  companyId: string;
  gstin: string;
  returnType: string;
  period: string;
  /** ISO 8601. */
  pulledAt: string;
  /** The GSTN JSON as received, as text (parsed only by who needs it). */
  json: string;
  /** The documents the pull counted, when it did (an export's progress total). */
  documents?: number;
}

/** What is stored for a pulled return, without its JSON. */
export interface ReturnInfo extends Omit<ReturnRow, 'json'> {
  /** Names this pull: its pieces are read with it, and a later pull of the same return gets another. */
  version: string;
  /** How many pieces the JSON text is kept in (see {@link PulledReturnStore.getReturnPiece}). */
  pieces: number;
}

/** Where pulled returns are kept. */
export interface PulledReturnStore {
  /** Keeps a pull, replacing the previous pull of the same return (company, GSTIN, type, period). */
  putReturn(row: ReturnRow): Promise<void>;
  getReturn(companyId: string, gstin: string, returnType: string, period: string): Promise<ReturnRow | undefined>;
  getReturnInfo(companyId: string, gstin: string, returnType: string, period: string): Promise<ReturnInfo | undefined>;
  /** What is stored (without JSON) of every company's and GSTIN's pull of `returnType` for `period`. */
  listReturnsOfPeriod(returnType: string, period: string): Promise<ReturnInfo[]>;
  /**
   * Piece `seq` (from 0) of a pull's JSON text; the pieces in order joined are the text. Undefined past the
   * last piece, or when the return has been pulled again since `version` was read (its pieces are gone).
   */
  getReturnPiece(version: string, seq: number): Promise<string | undefined>;
}
