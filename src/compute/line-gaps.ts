/**
 * Which amounts of a line cannot be derived from what the line carries, and why. A missing Qty, UnitPrice
 * or GstRt is not a zero: an amount that needs one is left for the sender to give, never computed as 0.
 * @module
 */

import type { DerivedLineField } from './line.js';
import { isNumeric } from './payload.js';
import type { Supply } from './supply.js';

/** The derived amounts of a line that cannot be computed, each with what it lacks. */
export type LineGaps = Partial<Record<DerivedLineField, string>>;

/** A rate that makes an amount depend on AssAmt: given and not zero. */
function charges(rate: unknown): boolean {
  return isNumeric(rate) && Number(rate) !== 0;
}

/**
 * The gaps of one line. `given` says which derived amounts the line carries as numbers (a given amount
 * lets the amounts after it be derived, even where it could not be derived itself). Discount, cess rates and the non-derivable amounts are optional in
 * the IRP schema and count as zero when absent; Qty, UnitPrice and GstRt do not.
 *
 * A line without Qty (a service billed as one sum): the IRP's rule 2192 compares TotAmt with
 * Qty x UnitPrice, and its schema does not require Qty, but what the IRP does with a missing Qty is not
 * published. So TotAmt is not derived (neither 0 nor 1 x UnitPrice is assumed); the sender's TotAmt is kept.
 */
export function lineGaps(item: Record<string, unknown>, supply: Supply, given: Record<DerivedLineField, boolean>): LineGaps {
  const gaps: LineGaps = {};
  const known = (field: DerivedLineField): boolean => given[field] || gaps[field] === undefined;

  const missingPrice = ['Qty', 'UnitPrice'].filter((f) => !isNumeric(item[f]));
  if (missingPrice.length > 0) gaps.TotAmt = `TotAmt is Qty x UnitPrice and the line has no ${missingPrice.join(' and no ')}`;
  if (!known('TotAmt')) gaps.AssAmt = 'AssAmt is TotAmt - Discount and TotAmt is not known';

  const rateGap = !known('AssAmt') ? 'AssAmt is not known' : !isNumeric(item['GstRt']) ? 'the line has no GstRt' : undefined;
  if (rateGap !== undefined) {
    // A head the supply type keeps at zero needs neither AssAmt nor the rate.
    if (supply.interState && !supply.withoutPayment) gaps.IgstAmt = `IgstAmt is AssAmt x GstRt and ${rateGap}`;
    if (!supply.interState) {
      gaps.CgstAmt = `CgstAmt is AssAmt x GstRt / 2 and ${rateGap}`;
      gaps.SgstAmt = `SgstAmt is AssAmt x GstRt / 2 and ${rateGap}`;
    }
  }
  if (!known('AssAmt')) {
    if (charges(item['CesRt'])) gaps.CesAmt = 'CesAmt is AssAmt x CesRt and AssAmt is not known';
    if (charges(item['StateCesRt'])) gaps.StateCesAmt = 'StateCesAmt is AssAmt x StateCesRt and AssAmt is not known';
  }
  const parts = (['AssAmt', 'IgstAmt', 'CgstAmt', 'SgstAmt', 'CesAmt', 'StateCesAmt'] as const).filter((f) => !known(f));
  if (parts.length > 0) gaps.TotItemVal = `TotItemVal is the sum of the line's amounts and ${parts.join(', ')} ${parts.length > 1 ? 'are' : 'is'} not known`;
  return gaps;
}
