/**
 * The Invoice Reference Number: SHA-256 over supplier GSTIN, financial year, document type and
 * document number, joined without separators, as 64 lowercase hex characters.
 * @module
 */

import * as crypto from 'node:crypto';
import { financialYear } from './financial-year.js';

type OneShotHash = (algorithm: string, data: string, encoding: 'hex') => string;
const oneShot = (crypto as unknown as { hash?: OneShotHash }).hash;

function sha256Hex(data: string): string {
  return typeof oneShot === 'function'
    ? oneShot('sha256', data, 'hex')
    : crypto.createHash('sha256').update(data, 'utf8').digest('hex');
}

/** The text the IRN hashes; throws a RangeError when `docDate` is not a real `DD/MM/YYYY` date. */
export function irnInput(sellerGstin: string, docType: string, docNo: string, docDate: string): string {
  const fy = financialYear(docDate);
  if (fy === undefined) throw new RangeError(`document date ${JSON.stringify(docDate)} is not a DD/MM/YYYY date`);
  return `${sellerGstin}${fy}${docType}${docNo}`;
}

/**
 * The IRN the IRP will give a document. The document number is hashed exactly as sent (no case
 * folding). Throws a RangeError when `docDate` is not a real `DD/MM/YYYY` date (programmer misuse).
 */
export function irnOf(sellerGstin: string, docType: string, docNo: string, docDate: string): string {
  return sha256Hex(irnInput(sellerGstin, docType, docNo, docDate));
}
