import type { InwardDocument } from '../../src/gstr/types.js';
import type { PurchaseRow } from '../../src/reconcile/index.js';

export const SUPPLIER = '29AAACB2894G1ZJ';
export const SUPPLIER_OTHER_STATE = '27AAACB2894G1ZK';
export const RECIPIENT = '27AAPFU0939F1ZV';

const day = (ddmmyyyy: string): Date => {
  const [d, m, y] = ddmmyyyy.split('/').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/** A 2B document with document totals, as the reader gives IMS-era rows. */
export function doc2b(number: string, date: string, amounts: [number, number, number, number, number], more: Partial<InwardDocument> = {}): InwardDocument {
  const [taxable, igst, cgst, sgst, cess] = amounts;
  return {
    returnType: 'gstr2b',
    recipientGstin: RECIPIENT,
    period: '2025-11',
    section: 'B2B',
    part: 'statement',
    imsStatus: 'Accepted',
    imsStatusSource: 'derived',
    kind: 'Invoice',
    supplierGstin: SUPPLIER,
    supplierName: 'Bharat Steel',
    number,
    date: day(date),
    rateBasis: 'document',
    lines: [{ taxable, igst, cgst, sgst, cess }],
    sign: 1,
    ...more,
  };
}

export function purchase(docNo: string, docDate: string, amounts: [number, number, number, number, number], more: Partial<PurchaseRow> = {}): PurchaseRow {
  const [taxable, igst, cgst, sgst, cess] = amounts;
  return { supplierGstin: SUPPLIER, docType: 'INV', docNo, docDate, taxable, igst, cgst, sgst, cess, ...more };
}
