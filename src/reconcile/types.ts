/**
 * Types of purchase reconciliation: the purchase register row, the options, and the output row.
 * @module
 */
import type { InwardDocument } from '../gstr/types.js';

/**
 * Document types of the purchase register: invoice, credit note, debit note, and bill of entry (an import,
 * reconciled against GSTR-2B's IMPG and IMPGSEZ sections).
 */
export type PurchaseDocType = 'INV' | 'CRN' | 'DBN' | 'BOE';

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
  /** The port code of a bill of entry (the CSV's optional `port_code` column); when both sides name one, they must agree. */
  portCode?: string;
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
  /**
   * `global` (default): within each supplier (and PAN), the pairing of least total cost over every pair some
   * pass accepts. `greedy`: the passes in order, each purchase taking its closest candidate first come,
   * first served (the pairing of earlier releases, kept to compare).
   */
  pairing?: 'global' | 'greedy';
  /**
   * The day the credit would be claimed, for the time-bound ITC flags (section 16(4), Rule 37): a Date or
   * DD/MM/YYYY or YYYY-MM-DD text. Default today (UTC).
   */
  asOf?: Date | string;
}

export type ReconcileStatus = 'matched' | 'matched-with-tolerance' | 'mismatch' | 'missing-in-2b' | 'missing-in-books';

/** The passes, in the order they run; `unmatched` marks rows no pass paired. */
export type PassId = 'exact' | 'normalised-number' | 'amount-tolerance' | 'date-window' | 'pan-level' | 'number-only' | 'residual' | 'unmatched';

export const PASSES: readonly PassId[] = ['exact', 'normalised-number', 'amount-tolerance', 'date-window', 'pan-level', 'number-only', 'residual'];

export type ImsAction = 'accept' | 'reject' | 'pending';

/** Why two documents were paired: the pass and the differences that made the pair's cost. */
export interface PairBasis {
  /** `global` (the least-cost assignment), `greedy`, or `greedy-fallback` (a block too large for the exact solver). */
  method: 'global' | 'greedy' | 'greedy-fallback';
  /** The pair's cost: the pass's tier (0 exact ... 8 residual) plus a fraction from the differences below. */
  cost: number;
  /** How the numbers compare: the same, the same once normalized, the amendment's original number, or different. */
  number: 'same' | 'same-normalised' | 'amendment-original' | 'different';
  /** Days between the two dates, when both are known. */
  dayGap?: number;
  /** Sum of the absolute differences over the five heads, in rupees. */
  amountGap: number;
  /** How many 2B documents some pass would pair with this purchase, and how many purchases with this 2B document (global pairing). */
  candidates?: { forPurchase: number; for2b: number };
}

/** The best candidate a row did not take, and why. */
export interface RunnerUp {
  /** Where the candidate is: a purchase (`books`) or a 2B document (`2b`). */
  side: 'books' | '2b';
  /** Index into the purchases or the 2B documents. */
  index: number;
  docNo: string;
  /** The pass that would pair it; absent for a near miss that no pass accepts. */
  pass?: PassId;
  cost?: number;
  /** Why it was not taken, in words. */
  reason: string;
}

/** A document that GSTR-2B shows in a later period than its own (the supplier reported it late). */
export interface LateIn2b {
  documentPeriod: string;
  gstr2bPeriod: string;
  /** Months between the two. */
  months: number;
}

/** Codes of the ITC flags (`src/reconcile/itc-flags.ts`). */
export type ItcFlagCode = 'ITC-16-4' | 'ITC-R37-UNPAID' | 'ITC-R37-PAID-LATE' | 'ITC-R37-DATE' | 'ITC-RCM' | 'ITC-17-5';

/** An ITC rule the reviewer should look at on a row: information, never a refusal (the status stands). */
export interface ItcFlag {
  code: ItcFlagCode;
  /** The legal provision, e.g. `CGST Act s.16(4)`. */
  reference: string;
  message: string;
}

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
  /** Why the pair was made (paired rows of `reconcile`). */
  basis?: PairBasis;
  /** The best candidate not taken and why: another pairing that fitted, or for an unpaired row the nearest miss. */
  runnerUp?: RunnerUp;
  /** The month of the document's own date, `YYYY-MM` (the books' date when booked, else the 2B date). */
  documentPeriod?: string;
  /** Set when the 2B document came in a later GSTR-2B period than the document's own. */
  late?: LateIn2b;
  /** The suggested IMS action; null when the 2B document is absent or outside IMS. */
  suggestedImsAction: ImsAction | null;
  imsActionReason: string;
  /** ITC rules to look at (time limit, 180-day payment, reverse charge, blocked credit); absent when none. */
  flags?: ItcFlag[];
}

/** The result: rows in a stable order (by supplier, then document), with counts. */
export interface ReconcileResult {
  rows: ReconcileRow[];
  summary: Record<ReconcileStatus, number>;
  /** Rows whose 2B document came in a later period than the document's own. */
  late?: number;
  /** How the pairing was made, and its total cost (pairs' costs plus 5 for each document left unpaired). */
  pairing?: {
    method: 'global' | 'greedy';
    cost: number;
    /** Pairs some pass accepts. */
    candidates: number;
    components: number;
    /** Documents in the largest connected block of candidates. */
    largestComponent: number;
    /** Blocks paired greedily because the exact solver's work would have exceeded its limit. */
    fallbackComponents: number;
  };
}
