/**
 * Invoice totals (`ValDtls`): the sums of the lines, the invoice-level discount and other charges,
 * the round-off and the invoice value.
 * @module
 */

import { Decimal, dec, money } from './decimal.js';
import type { LineAmounts } from './line.js';
import { obj, isNumeric, numeric } from './payload.js';
import { roundOffAmount, type RoundOffMode } from './round-off.js';

/** The computed `ValDtls`, plus two sums the IRP also checks. */
export interface InvoiceTotals {
  AssVal: Decimal;
  CgstVal: Decimal;
  SgstVal: Decimal;
  IgstVal: Decimal;
  /** Ad valorem plus non-ad-valorem cess of all lines. */
  CesVal: Decimal;
  /** Ad valorem plus non-ad-valorem state cess of all lines. */
  StCesVal: Decimal;
  Discount: Decimal;
  OthChrg: Decimal;
  RndOffAmt: Decimal;
  TotInvVal: Decimal;
  /** Sum of the lines' ad valorem cess alone. */
  adValoremCess: Decimal;
  /** Sum of the lines' non-ad-valorem cess alone. */
  nonAdValoremCess: Decimal;
  /** Sum of TotItemVal over the lines. */
  itemTotal: Decimal;
  /** ItemTotal + OthChrg - Discount: the invoice value before round-off. */
  beforeRoundOff: Decimal;
}

export interface TotalsOptions {
  /** Round TotInvVal to the nearest rupee when the sender gave no RndOffAmt. Default `none`. */
  roundOff?: RoundOffMode;
  /** Ignore a sent RndOffAmt and compute it from `roundOff`. */
  recompute?: boolean;
}

/**
 * Totals from worked lines and the sent `ValDtls` (of which only Discount, OthChrg and RndOffAmt are
 * read). The order of the lines never matters.
 */
export function invoiceTotals(lines: readonly LineAmounts[], valDtls: unknown, options: TotalsOptions = {}): InvoiceTotals {
  const zero = new Decimal(0);
  let AssVal = zero,
    CgstVal = zero,
    SgstVal = zero,
    IgstVal = zero;
  let adValoremCess = zero,
    nonAdValoremCess = zero,
    stCes = zero,
    itemTotal = zero;
  for (const line of lines) {
    AssVal = AssVal.plus(line.AssAmt);
    CgstVal = CgstVal.plus(line.CgstAmt);
    SgstVal = SgstVal.plus(line.SgstAmt);
    IgstVal = IgstVal.plus(line.IgstAmt);
    adValoremCess = adValoremCess.plus(line.CesAmt);
    nonAdValoremCess = nonAdValoremCess.plus(line.CesNonAdvlAmt);
    stCes = stCes.plus(line.StateCesAmt).plus(line.StateCesNonAdvlAmt);
    itemTotal = itemTotal.plus(line.TotItemVal);
  }
  const val = obj(valDtls);
  const Discount = dec(numeric(val['Discount']));
  const OthChrg = dec(numeric(val['OthChrg']));
  const beforeRoundOff = money(itemTotal.plus(OthChrg).minus(Discount));
  const RndOffAmt =
    !options.recompute && isNumeric(val['RndOffAmt']) ? dec(numeric(val['RndOffAmt'])) : roundOffAmount(beforeRoundOff, options.roundOff ?? 'none');
  return {
    AssVal: money(AssVal),
    CgstVal: money(CgstVal),
    SgstVal: money(SgstVal),
    IgstVal: money(IgstVal),
    CesVal: money(adValoremCess.plus(nonAdValoremCess)),
    StCesVal: money(stCes),
    Discount,
    OthChrg,
    RndOffAmt,
    TotInvVal: money(beforeRoundOff.plus(RndOffAmt)),
    adValoremCess: money(adValoremCess),
    nonAdValoremCess: money(nonAdValoremCess),
    itemTotal: money(itemTotal),
    beforeRoundOff,
  };
}
