/**
 * The inputs and the result of the GSTR-3B computation: cells of the form's tables, each with the documents
 * that make it up, and the checks made before filing.
 * @module
 */
import type { Issue } from '../issue.js';
import type { Gstr3b, InwardReturn } from '../gstr/types.js';
import type { PurchaseRow, ReconcileResult } from '../reconcile/index.js';

/** The amounts of one cell; a cell carries only the keys its row of the form has. */
export interface Gstr3bAmounts {
  taxable?: number;
  igst?: number;
  cgst?: number;
  sgst?: number;
  cess?: number;
  /** Table 5: inter-state and intra-state values. */
  inter?: number;
  intra?: number;
}

export type Gstr3bAmountKey = keyof Gstr3bAmounts;

/** Where a document of a cell came from. */
export type Gstr3bSource = 'e-invoice' | 'sales-register' | 'gstr2b' | 'purchases' | 'adjustment' | 'portal';

/** One document (or adjustment) in a cell, with what it adds to the cell (negative for credit notes and reversals). */
export interface Gstr3bDocumentRef {
  source: Gstr3bSource;
  /** Index into the input it came from (sales, sales register, 2B documents, purchases, adjustments). */
  index: number;
  /** INV, CRN, DBN, Bill of Entry, ISD Invoice, ... */
  type: string;
  number: string;
  /** DD/MM/YYYY */
  date?: string;
  /** The other party's GSTIN (buyer for sales, supplier for purchases). */
  party?: string;
  placeOfSupply?: string;
  /** Why the document sits in this cell, in words. */
  reason: string;
  amounts: Gstr3bAmounts;
}

/** How the portal treats a cell in the period, and its value when a portal summary was given. */
export interface Gstr3bPortalCell {
  source: 'GSTR-1/1A/IFF' | 'GSTR-2B';
  locked: boolean;
  note: string;
  /** The portal's value (from the summary given); a locked cell keeps it in the return. */
  value?: Gstr3bAmounts;
}

/** One cell (a row of the form, or a place of supply of table 3.2). */
export interface Gstr3bCell {
  /** Stable id: `3.1(a)`, `3.1.1(ii)`, `3.2 unreg 27`, `4A(5)`, `4C`, `5 GST`. */
  id: string;
  /** Form table: `3.1`, `3.1.1`, `3.2`, `4`, `5`. */
  table: string;
  /** Row code as `gstr3bRowSource` names it: `(a)`, `(i)`, `unreg`, `A(5)`, `C`, `GST`. */
  code: string;
  label: string;
  placeOfSupply?: string;
  /** The value the return carries: the portal's where it locks the cell and a summary was given, the books' otherwise. */
  amounts: Gstr3bAmounts;
  /** The value computed from the documents. */
  computed: Gstr3bAmounts;
  portal?: Gstr3bPortalCell;
  /** True when the portal does not let the cell be edited in this period. */
  locked: boolean;
  documents: Gstr3bDocumentRef[];
}

/** A row of the sales register: what is not e-invoiced (B2C, exempt, nil-rated, non-GST, supplies through an e-commerce operator). */
export interface SalesRegisterRow {
  docType?: 'INV' | 'CRN' | 'DBN';
  docNo: string;
  /** DD/MM/YYYY (or DD-MM-YYYY, YYYY-MM-DD). */
  docDate: string;
  /**
   * `taxable` 3.1(a), `zero-rated` 3.1(b), `nil` and `exempt` 3.1(c), `non-gst` 3.1(e), `eco-operator` 3.1.1(i)
   * (an operator paying tax under section 9(5)), `eco-supplier` 3.1.1(ii) (supplied through one).
   */
  nature: 'taxable' | 'zero-rated' | 'nil' | 'exempt' | 'non-gst' | 'eco-operator' | 'eco-supplier';
  buyerGstin?: string;
  /** Default: `unregistered` without a buyer GSTIN, `registered` with one. */
  buyerType?: 'unregistered' | 'registered' | 'composition' | 'uin';
  /** Place of supply, state code; default the return's own state. */
  pos?: string;
  taxable: number;
  igst?: number;
  cgst?: number;
  sgst?: number;
  cess?: number;
}

/** The recipient's IMS action on a document of the GSTR-2B, overriding the status the 2B states. */
export interface Gstr3bImsAction {
  supplierGstin: string;
  number: string;
  action: 'accept' | 'reject' | 'pending';
}

/** A reversal or reclaim the books know and no document shows (rule 42/43 reversals, earlier reversals reclaimed). */
export interface Gstr3bAdjustment {
  /** `4B1` rules 38, 42, 43 and section 17(5); `4B2` others; `4D1` reclaimed (also added to 4(A)(5)); `4D2` ineligible. */
  row: '4B1' | '4B2' | '4D1' | '4D2';
  reference: string;
  reason?: string;
  /** A 4(B)(2) reversal that may be reclaimed later: it enters the credit-reversal ledger. */
  reclaimable?: boolean;
  igst?: number;
  cgst?: number;
  sgst?: number;
  cess?: number;
}

/** Tax heads of a ledger balance. */
export interface Gstr3bHeads {
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

export interface Gstr3bInput {
  gstin: string;
  /** MMYYYY or YYYY-MM. */
  period: string;
  /** Registered e-invoices: IRN request payloads, IRN records carrying `invoice`, or `{invoice, cancelled}` (cancelled ones are left out). */
  sales: readonly unknown[];
  salesRegister?: readonly SalesRegisterRow[];
  /** The period's GSTR-2B as `readGstr2b` reads it. */
  gstr2b?: InwardReturn;
  /** Earlier GSTR-2B statements, where the originals of this period's amendments are looked up. */
  earlierGstr2b?: readonly InwardReturn[];
  ims?: readonly Gstr3bImsAction[];
  /** The purchase register against this GSTR-2B: 2B documents missing in the books are held back. */
  reconciliation?: ReconcileResult;
  /**
   * The purchase register: rows whose `extra.nature` is `exempt`, `nil`, `composition` or `non-gst` feed table 5,
   * `import-of-services` and `reverse-charge` (from unregistered suppliers) 3.1(d) with 4(A)(2) or 4(A)(3), and
   * rows whose `extra.itc_blocked` is `Y` reverse their tax in 4(B)(1).
   */
  purchases?: readonly PurchaseRow[];
  adjustments?: readonly Gstr3bAdjustment[];
  /** The portal's GSTR-3B for the period (auto-populated or saved), as `readGstr3b` reads it: locked cells keep its values. */
  portal?: Gstr3b;
  /** Opening balances of the two ledgers the portal checks before filing (taken as zero when not given). */
  ledgers?: { reclaim?: Gstr3bHeads; reverseCharge?: Gstr3bHeads };
  /** Buyers known to be composition taxpayers (their inter-state supplies go to 3.2). */
  compositionBuyers?: readonly string[];
}

export interface Gstr3bResult {
  gstin: string;
  /** MMYYYY */
  period: string;
  cells: Gstr3bCell[];
  /** Documents left out of table 4 (rejected or pending in IMS, missing in the books, missing in 2B). */
  heldBack: Gstr3bDocumentRef[];
  /** The closing balances of the two ledgers the portal checks before filing (negative: filing is blocked). */
  ledgers: { reclaim: Gstr3bHeads; reverseCharge: Gstr3bHeads };
  /** Refusals: inputs left out because they could not be read. */
  errors: Issue[];
  /** The pre-filing checks and what was left out on the way. */
  warnings: Issue[];
}
