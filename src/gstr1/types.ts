/**
 * The GSTR-1 JSON of the GSTN offline tool (API 4.0 shape) and the options and result of buildGstr1.
 * @module
 */
import type { Issue } from '../issue.js';

export interface ItemDetail {
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt?: number;
}
export interface RateItem {
  num: number;
  itm_det: ItemDetail;
}
export interface B2bInvoice {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'Y' | 'N';
  inv_typ: 'R' | 'SEWP' | 'SEWOP' | 'DE' | 'CBW';
  etin?: string;
  itms: RateItem[];
  /** Amendments only. */
  oinum?: string;
  oidt?: string;
}
export interface CreditDebitNote {
  ntty: 'C' | 'D';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos?: string;
  rchrg?: 'Y' | 'N';
  inv_typ?: 'R' | 'SEWP' | 'SEWOP' | 'DE' | 'CBW';
  typ?: 'B2CL' | 'EXPWP' | 'EXPWOP';
  itms: RateItem[];
  ont_num?: string;
  ont_dt?: string;
}
export interface B2clInvoice {
  inum: string;
  idt: string;
  val: number;
  etin?: string;
  itms: RateItem[];
  oinum?: string;
  oidt?: string;
}
export interface ExportInvoice {
  inum: string;
  idt: string;
  val: number;
  sbpcode?: string;
  sbnum?: string;
  sbdt?: string;
  itms: Array<{ rt: number; txval: number; iamt: number; csamt: number }>;
  oinum?: string;
  oidt?: string;
}
export interface B2csRow {
  sply_ty: 'INTRA' | 'INTER';
  pos: string;
  typ: 'OE' | 'E';
  etin?: string;
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}
export interface NilRow {
  sply_ty: 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';
  expt_amt: number;
  nil_amt: number;
  ngsup_amt: number;
}
export interface HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export interface DocIssueRow {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}

/** GSTR-1 as the offline tool imports it. Empty sections are left out. */
export interface Gstr1Json {
  gstin: string;
  fp: string;
  version: string;
  hash: 'hash';
  b2b?: Array<{ ctin: string; inv: B2bInvoice[] }>;
  b2ba?: Array<{ ctin: string; inv: B2bInvoice[] }>;
  b2cl?: Array<{ pos: string; inv: B2clInvoice[] }>;
  b2cla?: Array<{ pos: string; inv: B2clInvoice[] }>;
  b2cs?: B2csRow[];
  cdnr?: Array<{ ctin: string; nt: CreditDebitNote[] }>;
  cdnra?: Array<{ ctin: string; nt: CreditDebitNote[] }>;
  cdnur?: CreditDebitNote[];
  cdnura?: CreditDebitNote[];
  exp?: Array<{ exp_typ: 'WPAY' | 'WOPAY'; inv: ExportInvoice[] }>;
  expa?: Array<{ exp_typ: 'WPAY' | 'WOPAY'; inv: ExportInvoice[] }>;
  nil?: { inv: NilRow[] };
  hsn?: { hsn_b2b?: HsnRow[]; hsn_b2c?: HsnRow[] };
  doc_issue?: { doc_det: Array<{ doc_num: number; docs: DocIssueRow[] }> };
}

/** A document changed after the period of its original was filed. */
export interface Gstr1Amendment {
  /** The document as it should now read (an IRN request payload). */
  document: unknown;
  /** The original's number and date (DD/MM/YYYY) as reported earlier. */
  originalNumber: string;
  originalDate: string;
}

export interface Gstr1Options {
  gstin: string;
  /** Return period as MMYYYY (or YYYY-MM). */
  period: string;
  /** The offline tool version written into `version`. */
  version?: string;
  amendments?: Gstr1Amendment[];
  /** Documents issued and then cancelled: counted as cancelled in the documents-issued table. */
  cancelled?: Array<{ type: 'INV' | 'CRN' | 'DBN'; number: string }>;
}

export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'exp' | 'nil' | 'b2ba' | 'b2cla' | 'cdnra' | 'cdnura' | 'expa' | 'left-out';

/** Where one input document went (its taxable lines; zero-rated lines of a taxable document also feed `nil`). */
export interface Gstr1Placement {
  /** Index into the documents (amendments after them: documents.length + i). */
  index: number;
  number: string;
  section: Gstr1Section;
  /** True when some of its lines went to the nil table. */
  nilLines: boolean;
}

export interface Gstr1Result {
  json: Gstr1Json;
  placements: Gstr1Placement[];
  /** Pre-upload checks: errors mean the offline tool or portal would refuse the file as it stands. */
  errors: Issue[];
  warnings: Issue[];
}
