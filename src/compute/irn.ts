/**
 * The Invoice Reference Number: SHA-256 over supplier GSTIN, financial year, document type and
 * document number, joined without separators, as 64 lowercase hex characters.
 * @module
 */

import { sha256Hex } from '../platform/sha256.js';
import { financialYear } from './financial-year.js';

/** The text the IRN hashes; throws a RangeError when `docDate` is not a real `DD/MM/YYYY` date. */
export function irnInput(sellerGstin: string, docType: string, docNo: string, docDate: string): string {
  const fy = financialYear(docDate);
  if (fy === undefined) throw new RangeError(`document date ${JSON.stringify(docDate)} is not a DD/MM/YYYY date`);
  return `${sellerGstin}${fy}${docType}${docNo}`;
}

/** The day the IRP began to treat document numbers without regard to case (GSTN advisory 04/04/2025). */
export const CASE_INSENSITIVE_FROM = '01/06/2025';

/**
 * The document number as the IRP keys it: upper-cased when reported on or after 01/06/2025 (`inv/1` and
 * `INV/1` are then one document, 2150 on the second), exactly as sent before. `reportedOn` is DD/MM/YYYY.
 */
export function irnDocumentNumber(docNo: string, reportedOn: string): string {
  const day = dayKey(reportedOn);
  return day !== undefined && day >= dayKey(CASE_INSENSITIVE_FROM)! ? docNo.toUpperCase() : docNo;
}

function dayKey(date: string): number | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date);
  return m ? Number(m[3]) * 10000 + Number(m[2]) * 100 + Number(m[1]) : undefined;
}

/**
 * The IRN the IRP will give a document: SHA-256 of GSTIN, financial year, type and number. The number is
 * upper-cased when the document is reported on or after 01/06/2025 (`reportedOn`, DD/MM/YYYY; default:
 * the document date, the nearest guess when the reporting day is not known); before, it is hashed exactly
 * as sent. Whether the signed invoice then echoes the number as sent is not known (research: uncertain).
 * Throws a RangeError when `docDate` is not a real `DD/MM/YYYY` date (programmer misuse).
 */
export function irnOf(sellerGstin: string, docType: string, docNo: string, docDate: string, reportedOn: string = docDate): string {
  return sha256Hex(irnInput(sellerGstin, docType, irnDocumentNumber(docNo, reportedOn), docDate));
}
