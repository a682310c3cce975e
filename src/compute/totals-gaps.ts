/**
 * Which invoice totals (`ValDtls`) cannot be derived: a sum is known only when every line's amount in it is
 * known, and an invoice without lines has nothing to sum (its totals are not 0).
 * @module
 */

import { type ComputedLine, type DerivedLineField, lineKnows } from './line.js';

/** The totals that are sums of the lines, and the line field each one sums. */
export const summedTotals = {
  AssVal: ['AssAmt'],
  CgstVal: ['CgstAmt'],
  SgstVal: ['SgstAmt'],
  IgstVal: ['IgstAmt'],
  CesVal: ['CesAmt'],
  StCesVal: ['StateCesAmt'],
  TotInvVal: ['TotItemVal'],
} as const satisfies Record<string, readonly DerivedLineField[]>;
export type SummedTotal = keyof typeof summedTotals;

/** The derived ValDtls fields (RndOffAmt included, as it rounds TotInvVal). */
export type TotalField = SummedTotal | 'RndOffAmt';
export type TotalsGaps = Partial<Record<TotalField, string>>;

/**
 * The gaps of the totals, from the worked lines (with their index in ItemList, for the reason).
 * `roundsTotal` is true when RndOffAmt would be computed from the total (a rupee round-off, none sent).
 */
export function totalsGaps(lines: ReadonlyArray<{ index: number; line: ComputedLine }>, roundsTotal: boolean): TotalsGaps {
  const gaps: TotalsGaps = {};
  for (const [total, [field]] of Object.entries(summedTotals) as Array<[SummedTotal, readonly [DerivedLineField]]>) {
    if (lines.length === 0) {
      gaps[total] = `${total} is a sum over ItemList and the invoice has no lines`;
      continue;
    }
    const unknown = lines.filter(({ line }) => !lineKnows(line, field)).map(({ index }) => `ItemList[${index}]`);
    if (unknown.length > 0) gaps[total] = `${total} sums ${field} and ${field} of ${unknown.join(', ')} is not known`;
  }
  if (roundsTotal && gaps.TotInvVal !== undefined) gaps.RndOffAmt = 'RndOffAmt rounds TotInvVal, which is not known';
  return gaps;
}
