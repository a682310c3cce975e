/**
 * Shared types of the GSTR readers, store, portal and jobs.
 * @module
 */

export type { ReturnType } from '../ports/gst-portal.js';

/** A return period as `YYYY-MM`. */
export type Period = string;

/** Sections of GSTR-2A and GSTR-2B documents, under the names the reports show. */
export type DocumentSection = 'B2B' | 'B2BA' | 'CDNR' | 'CDNRA' | 'ECO' | 'ECOA' | 'ISD' | 'ISDA' | 'IMPG' | 'IMPGSEZ' | 'TDS' | 'TDSA' | 'TCS';

/** What a document is. */
export type DocumentKind = 'Invoice' | 'Credit Note' | 'Debit Note' | 'ISD Invoice' | 'ISD Credit Note' | 'Bill of Entry' | 'TDS Credit' | 'TCS Credit';

/** One rate line of a document; documents without a rate breakup carry one line with no rate. */
export interface TaxLine {
  lineNo?: number;
  rate?: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

/** One document of GSTR-2A or GSTR-2B as a typed row, amounts as filed (credit notes stay positive). */
export interface InwardDocument {
  returnType: 'gstr2a' | 'gstr2b';
  recipientGstin: string;
  period: Period;
  /** GSTR-2B generation date. */
  generatedOn?: Date;
  section: DocumentSection;
  /**
   * Where a GSTR-2B document came from: the statement proper, the IMS-rejected list (`docRejdata`)
   * or the ITC-reversal list.
   */
  part?: 'statement' | 'rejected' | 'reversal';
  /**
   * IMS outcome for GSTR-2B periods from October 2024: the recipient's action when the file states it
   * (Accepted, Rejected, Pending), Deemed accepted when no action was taken, Outside IMS for documents IMS
   * does not cover (reverse charge, ISD, imports, ITC not available).
   */
  imsStatus?: ImsStatus;
  /** Where `imsStatus` came from: the file's own action code, or what the document's place in the 2B implies. */
  imsStatusSource?: 'file' | 'derived';
  /**
   * The one-period limit on Pending (GSTR-2B periods from October 2025): the return period by whose
   * GSTR-3B due date the recipient must act before the document is deemed accepted.
   */
  imsPendingUntil?: Period;
  /** Whether the one-period limit binds always (`always`) or only when the amendment lowers the recipient's ITC (`if-itc-lowered`). */
  imsPendingLimit?: 'always' | 'if-itc-lowered';
  /** The ITC reduction the recipient declared on a credit note (IMS from October 2025). */
  itcReduction?: ItcReduction;
  /** Remarks recorded with the IMS action. */
  imsRemarks?: string;
  /** The supplier's form that reported the document (GSTR1, GSTR1A, IFF, GSTR5). */
  sourceForm?: string;
  kind: DocumentKind;
  supplierGstin?: string;
  supplierName?: string;
  number: string;
  date?: Date;
  value?: number;
  supplyType?: string;
  placeOfSupply?: string;
  reverseCharge?: 'Y' | 'N';
  /** `line` when the source gives a rate-wise breakup, `document` when only document totals exist. */
  rateBasis: 'line' | 'document';
  lines: TaxLine[];
  applicablePercent?: number;
  itcAvailability?: string;
  itcReason?: string;
  supplierPeriod?: Period;
  supplierFilingDate?: Date;
  gstr1Filed?: string;
  gstr3bFiled?: string;
  supplierCancellationDate?: Date;
  originalNumber?: string;
  originalDate?: Date;
  originalNoteType?: string;
  amendmentType?: string;
  amendmentPeriod?: Period;
  source?: string;
  irn?: string;
  irnDate?: Date;
  portCode?: string;
  referenceDate?: Date;
  receivedDate?: Date;
  billOfEntryAmended?: 'Y' | 'N';
  /** -1 for credit notes and ISD credit notes, +1 otherwise. */
  sign: 1 | -1;
}

/** The recipient's IMS action on a document, as shown in reports. */
export type ImsStatus = 'Accepted' | 'Rejected' | 'Pending' | 'Deemed accepted' | 'Outside IMS';

/** The ITC reduction a recipient declares on a credit note in IMS. */
export interface ItcReduction {
  /** The declaration as filed (`Y` reduce, `N` none, or a portal code). */
  required?: string;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

/** One row of the GSTR-2B ITC summary (`itcsumm`). */
export interface ItcSummaryRow {
  /** `itcavl`, `itcunavl`, `itcrev`, `itcRejected`. */
  block: string;
  /** `nonrevsup`, `isdsup`, `revsup`, `imports`, `othersup`. */
  group: string;
  /** Section inside the group (`b2b`, `cdnr`, ...) or empty for the group's own totals. */
  section: string;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

/** A GSTR-2A or GSTR-2B read into rows. */
export interface InwardReturn {
  returnType: 'gstr2a' | 'gstr2b';
  gstin: string;
  period: Period;
  generatedOn?: Date;
  version?: string;
  documents: InwardDocument[];
  itcSummary: ItcSummaryRow[];
}

/** One amount row of GSTR-3B (tables 3.1, 3.1.1, 3.2, 4, 5, 5.1). */
export interface Gstr3bRow {
  /** Form table: `3.1`, `3.1.1`, `3.2`, `4`, `5`, `5.1`. */
  table: string;
  /** Row code within the table, e.g. `(a)`, `A(1)`, `(i)`. */
  code: string;
  label: string;
  /** Place of supply for 3.2 rows. */
  placeOfSupply?: string;
  taxable?: number;
  igst?: number;
  cgst?: number;
  sgst?: number;
  cess?: number;
  /** Inter-state and intra-state values of table 5. */
  interState?: number;
  intraState?: number;
}

/** Tax, interest and late fee of one head. */
export interface HeadAmounts {
  tax: number;
  interest: number;
  fee: number;
}

/** One row of table 6.1 (payment of tax), per liability type. */
export interface Gstr3bPaymentRow {
  /** `30002` other than reverse charge, `30003` reverse charge and supplies under section 9(5). */
  transactionType: string;
  description: string;
  payable: { igst: HeadAmounts; cgst: HeadAmounts; sgst: HeadAmounts; cess: HeadAmounts };
  /** Paid through ITC: liability head paid from credit head. */
  paidThroughItc: {
    igstFromIgst: number;
    igstFromCgst: number;
    igstFromSgst: number;
    cgstFromIgst: number;
    cgstFromCgst: number;
    sgstFromIgst: number;
    sgstFromSgst: number;
    cessFromCess: number;
  };
  paidInCash: { igst: HeadAmounts; cgst: HeadAmounts; sgst: HeadAmounts; cess: HeadAmounts };
}

/** A GSTR-3B read into its tables. */
export interface Gstr3b {
  gstin: string;
  period: Period;
  rows: Gstr3bRow[];
  payments: Gstr3bPaymentRow[];
}
