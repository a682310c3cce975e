/**
 * The GSTIN registry's entries in the store (the sandbox's taxpayers), by GSTIN.
 * @module
 */

/** Where the GSTIN registry's entries are kept. */
export interface TaxpayerStore {
  /** Adds or replaces the entry of `gstin`. */
  putTaxpayer(gstin: string, data: Record<string, unknown>): Promise<void>;
  /** Every entry, by GSTIN. */
  listTaxpayers(): Promise<Array<{ gstin: string; data: Record<string, unknown> }>>;
}
