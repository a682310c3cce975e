/**
 * Types of purchase reconciliation: the purchase register row, the options, and the output row.
 * @module
 */
import type { InwardDocument } from '../gstr/types.js';

/** Document types of the purchase register: invoice, credit note, debit note. */
export type PurchaseDocType = 'INV' | 'CRN' | 'DBN';

/** The five amount heads compared. */
export type Head = 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess';
export const HEADS: readonly Head[] = ['taxable', 'igst', 'cgst', 'sgst', 'cess'];

/** One document of the purchase register (books). Credit-note amounts are positive, as in GSTR-2B. */
export interface PurchaseRow {
  supplierGstin: string;
  docType: PurchaseDocType;
  docNo: string;
  /** A calendar date (UTC midnight) or text `DD/MM/YYYY`, `DD-MM-YYYY` or `YYYY-MM-DD`. */
  docDate: Date | string;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  /** Further columns of the register, kept and shown in reports. */
  extra?: Record<string, string>;
  /** Where the row came from (a CSV line number); shown in reports. */
  ref?: string;
}

/** Tolerance on one amount: within `absolute` rupees or `percent` % of the larger amount, whichever is wider. */
export interface Tolerance {
  absolute?: number;
  percent?: number;
}

export interface ReconcileOptions {
  /** Default ₹1 absolute and 0 %, for every head. */
  tolerance?: Tolerance & { heads?: Partial<Record<Head, Tolerance>> };
  /** Days by which the two dates may differ in the date-window and residual passes (default 10). */
  dateWindowDays?: number;
  /** Match across a supplier's other registrations (same PAN, another GSTIN). Default true. */
  panLevel?: boolean;
}

export type ReconcileStatus = 'matched' | 'matched-with-tolerance' | 'mismatch' | 'missing-in-2b' | 'missing-in-books';

/** The passes, in the order they run; `unmatched` marks rows no pass paired. */
export type PassId = 'exact' | 'normalised-number' | 'amount-tolerance' | 'date-window' | 'pan-level' | 'number-only' | 'residual' | 'unmatched';

export const PASSES: readonly PassId[] = ['exact', 'normalised-number', 'amount-tolerance', 'date-window', 'pan-level', 'number-only', 'residual'];

export type ImsAction = 'accept' | 'reject' | 'pending';

/** One output row: a purchase and a 2B document paired, or one of them alone. */
export interface ReconcileRow {
  status: ReconcileStatus;
  pass: PassId;
  /** Every reason, in words. */
  reasons: string[];
  supplierGstin: string;
  docType: PurchaseDocType;
  /** Index into the purchases given. */
  purchaseIndex?: number;
  purchase?: PurchaseRow;
  /** Index into the 2B documents (in the order they were given, files flattened). */
  gstr2bIndex?: number;
  gstr2b?: InwardDocument;
  /** A 2B original superseded by the amendment in `gstr2b`, when both are in the 2B given. */
  gstr2bOriginalIndex?: number;
  gstr2bOriginal?: InwardDocument;
  /** Books minus 2B, per head (missing side counts as zero). */
  differences: Record<Head, number>;
  /** The suggested IMS action; null when the 2B document is absent or outside IMS. */
  suggestedImsAction: ImsAction | null;
  imsActionReason: string;
}

/** The result: rows in a stable order (by supplier, then document), with counts. */
export interface ReconcileResult {
  rows: ReconcileRow[];
  summary: Record<ReconcileStatus, number>;
}
