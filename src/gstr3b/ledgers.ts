/**
 * The checks the portal makes before it lets GSTR-3B be filed (GSTN advisory of 29 December 2025): the ITC
 * reclaimed in 4(D)(1) may not exceed what the Electronic Credit Reversal and Re-claimed Statement holds
 * (its opening balance plus what this return reverses as reclaimable), and the reverse-charge ITC claimed in
 * 4(A)(2) and 4(A)(3) may not exceed what the RCM Liability/ITC Statement holds (its opening balance plus the
 * reverse-charge tax this return pays in 3.1(d)). Either going negative blocks filing; here each is a warning
 * naming the head and the shortfall.
 * @module
 */
import { Decimal } from '../compute/decimal.js';
import { warning, type Issue } from '../issue.js';
import { gstr3bCodes } from './codes.js';
import type { Gstr3bAdjustment, Gstr3bCell, Gstr3bHeads } from './types.js';

const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;

/** The two ledgers' closing balances after this return, and a warning for each head that goes negative. */
export function ledgerChecks(
  cells: readonly Gstr3bCell[],
  adjustments: readonly Gstr3bAdjustment[],
  opening: { reclaim?: Gstr3bHeads; reverseCharge?: Gstr3bHeads } | undefined,
): { reclaim: Gstr3bHeads; reverseCharge: Gstr3bHeads; warnings: Issue[] } {
  const cell = (id: string): Gstr3bCell | undefined => cells.find((c) => c.id === id);
  const amount = (id: string, head: (typeof HEADS)[number]): Decimal => new Decimal(cell(id)?.amounts[head] ?? 0);
  const warnings: Issue[] = [];
  const reclaim = {} as Gstr3bHeads;
  const reverseCharge = {} as Gstr3bHeads;
  for (const head of HEADS) {
    const reversed = adjustments
      .filter((a) => a?.row === '4B2' && a.reclaimable === true)
      .reduce((s, a) => s.plus(typeof a[head] === 'number' && Number.isFinite(a[head]) ? (a[head] as number) : 0), new Decimal(0));
    const r = new Decimal(opening?.reclaim?.[head] ?? 0).plus(reversed).minus(amount('4D(1)', head));
    reclaim[head] = r.toDecimalPlaces(2).toNumber() || 0;
    if (r.isNegative() && !r.isZero()) {
      warnings.push(
        warning(
          gstr3bCodes.reclaimLedgerNegative,
          `${head.toUpperCase()}: 4(D)(1) reclaims ${amount('4D(1)', head).toFixed(2)}, more than the credit-reversal ledger holds ` +
            `(${opening?.reclaim ? 'opening' : 'opening taken as 0'} ${new Decimal(opening?.reclaim?.[head] ?? 0).toFixed(2)} plus ${reversed.toFixed(2)} reversed as reclaimable); ` +
            `the portal blocks filing while the ledger would be ${r.toFixed(2)}`,
          '/cells/4D(1)',
        ),
      );
    }
    const claimed = amount('4A(2)', head).plus(amount('4A(3)', head));
    const c = new Decimal(opening?.reverseCharge?.[head] ?? 0).plus(amount('3.1(d)', head)).minus(claimed);
    reverseCharge[head] = c.toDecimalPlaces(2).toNumber() || 0;
    if (c.isNegative() && !c.isZero()) {
      warnings.push(
        warning(
          gstr3bCodes.rcmLedgerNegative,
          `${head.toUpperCase()}: 4(A)(2) and 4(A)(3) claim ${claimed.toFixed(2)} of reverse-charge ITC, more than the RCM ledger holds ` +
            `(${opening?.reverseCharge ? 'opening' : 'opening taken as 0'} ${new Decimal(opening?.reverseCharge?.[head] ?? 0).toFixed(2)} plus ${amount('3.1(d)', head).toFixed(2)} paid in 3.1(d)); ` +
            `the portal blocks filing while the ledger would be ${c.toFixed(2)}`,
          '/cells/4A(3)',
        ),
      );
    }
  }
  return { reclaim, reverseCharge, warnings };
}
