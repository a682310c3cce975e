/**
 * What a bulk registration answers: for each document, in the order given, what the portal issued or the
 * coded errors that kept it from being registered; and the counts.
 * @module
 */
import type { Issue } from '../issue.js';

/** What the IRP issued for one invoice, credit or debit note. */
export interface IrnIssued {
  Irn: string;
  AckNo: string;
  /** `YYYY-MM-DD HH:MM:SS` IST. */
  AckDt: string;
  /** True when an earlier run registered the document and lost the answer (2150 on the retry gave its IRN). */
  recovered?: true;
}

/** What the e-waybill portal issued for one document. */
export interface EwbIssued {
  EwbNo: string;
  /** `DD/MM/YYYY HH:MM:SS` */
  EwbTime: string;
  /** `DD/MM/YYYY HH:MM:SS`; null while Part-B is missing. */
  EwbValidTill: string | null;
  /** True when an earlier run generated it and lost the answer (604 on the retry gave its number). */
  recovered?: true;
}

/** One document's outcome without its place: issued, or refused with coded errors. */
export type BulkEntry<V> =
  | ({ ok: true } & V)
  | {
      ok: false;
      errors: Issue[];
      /** What the portal already holds for the document, when it said so (2150 with the registered IRN). */
      existing?: Record<string, string>;
    };

/** One document's outcome, at its place in the request (0-based). */
export type BulkDocumentOutcome<V> = { index: number } & BulkEntry<V>;

/** The outcome of a bulk registration. */
export interface BulkResult<V> {
  total: number;
  /** Documents issued (recovered ones included). */
  registered: number;
  /** Documents refused or not sent for their errors. */
  failed: number;
  /** Every document's outcome, in the order given. */
  documents: Array<BulkDocumentOutcome<V>>;
}
