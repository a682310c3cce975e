/**
 * Sums of tax lines, as the GSTR readers, the sandbox GST portal and the Excel reports all need them.
 * GSTN amounts are rupees with paise, held as numbers; sums are rounded back to paise.
 * @module
 */

/** The amount heads of a tax line. */
export interface TaxAmounts {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

/** Rounds an amount to paise. */
export const roundPaise = (n: number): number => Math.round(n * 100) / 100;

/** The head-by-head sum of some lines, rounded to paise. */
export function sumTaxLines(lines: Iterable<TaxAmounts>): TaxAmounts {
  const t: TaxAmounts = { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };
  for (const l of lines) {
    t.taxable += l.taxable;
    t.igst += l.igst;
    t.cgst += l.cgst;
    t.sgst += l.sgst;
    t.cess += l.cess;
  }
  return { taxable: roundPaise(t.taxable), igst: roundPaise(t.igst), cgst: roundPaise(t.cgst), sgst: roundPaise(t.sgst), cess: roundPaise(t.cess) };
}
