/**
 * One item line worked through in the IRP's order: TotAmt, AssAmt, the tax heads, cess, TotItemVal.
 * Each step is computed from the values the steps before it actually carry (the sent value where
 * there is one), which is how the IRP checks each relation on its own.
 * @module
 */

import { Decimal, dec } from './decimal.js';
import { grossAmount, taxableValue, totalItemValue } from './line-amounts.js';
import { obj, isNumeric, numeric } from './payload.js';
import type { Supply } from './supply.js';
import { taxAt, taxSplit } from './tax-split.js';
import { adValoremCess } from './cess.js';
import { lineGaps, type LineGaps } from './line-gaps.js';

/** The amounts of a line that can be derived. */
export const derivedLineFields = ['TotAmt', 'AssAmt', 'IgstAmt', 'CgstAmt', 'SgstAmt', 'CesAmt', 'StateCesAmt', 'TotItemVal'] as const;
export type DerivedLineField = (typeof derivedLineFields)[number];

/** The amounts of a line that only the sender can give; missing ones count as zero. */
export const inputLineFields = ['CesNonAdvlAmt', 'StateCesNonAdvlAmt', 'OthChrg'] as const;
export type InputLineField = (typeof inputLineFields)[number];

export type LineAmounts = Record<DerivedLineField | InputLineField, Decimal>;

/** A line worked through. */
export interface ComputedLine {
  /** What each derived field should be, from the values before it. */
  expected: Record<DerivedLineField, Decimal>;
  /** What each field is: the sent value when present (and not recomputing), else the expected one. */
  value: LineAmounts;
  /** Which derived fields were sent. */
  sent: Record<DerivedLineField, boolean>;
  /** IGST at the full rate, even on a supply without payment (for checking a non-zero IGST sent). */
  igstAtRate: Decimal;
  /**
   * The derived fields whose expected value cannot be computed (an input is missing), with the reason.
   * Their `expected` entry is a placeholder zero: never compare with it, never write it out.
   */
  gaps: LineGaps;
}

/** Whether a line's field has a value: sent, or derivable from what the line carries. */
export function lineKnows(line: ComputedLine, field: DerivedLineField): boolean {
  return line.sent[field] || line.gaps[field] === undefined;
}

/**
 * Works one line through. With `recompute`, sent derived amounts are ignored and everything follows
 * from Qty, UnitPrice, Discount, the rates and the non-derivable amounts; a sent amount that cannot be
 * derived (see {@link lineGaps}) is used even then.
 */
export function computeLine(item: unknown, supply: Supply, recompute = false): ComputedLine {
  const it = obj(item);
  const given = Object.fromEntries(derivedLineFields.map((f) => [f, isNumeric(it[f])])) as Record<DerivedLineField, boolean>;
  const gaps = lineGaps(it, supply, given);
  // Recomputing replaces sent amounts, except those that cannot be derived: they are all there is.
  const sentOf = (field: DerivedLineField): boolean => given[field] && (!recompute || gaps[field] !== undefined);
  const pick = (field: DerivedLineField, expected: Decimal): Decimal => (sentOf(field) ? dec(numeric(it[field])) : expected);

  const expTot = grossAmount(numeric(it['Qty']), numeric(it['UnitPrice']));
  const tot = pick('TotAmt', expTot);
  const expAss = taxableValue(tot, numeric(it['Discount']));
  const ass = pick('AssAmt', expAss);
  const gstRt = numeric(it['GstRt']);
  const split = taxSplit(ass, gstRt, supply.interState);
  const igstAtRate = supply.interState ? split.IgstAmt : taxAt(ass, gstRt);
  const expIgst = supply.withoutPayment ? new Decimal(0) : split.IgstAmt;
  const igst = pick('IgstAmt', expIgst);
  const cgst = pick('CgstAmt', split.CgstAmt);
  const sgst = pick('SgstAmt', split.SgstAmt);
  const expCes = adValoremCess(ass, numeric(it['CesRt']));
  const ces = pick('CesAmt', expCes);
  const expStCes = adValoremCess(ass, numeric(it['StateCesRt']));
  const stCes = pick('StateCesAmt', expStCes);
  const cesNonAdvl = dec(numeric(it['CesNonAdvlAmt']));
  const stCesNonAdvl = dec(numeric(it['StateCesNonAdvlAmt']));
  const othChrg = dec(numeric(it['OthChrg']));
  const expTotItem = totalItemValue({
    AssAmt: ass,
    IgstAmt: igst,
    CgstAmt: cgst,
    SgstAmt: sgst,
    CesAmt: ces,
    CesNonAdvlAmt: cesNonAdvl,
    StateCesAmt: stCes,
    StateCesNonAdvlAmt: stCesNonAdvl,
    OthChrg: othChrg,
  });
  const totItem = pick('TotItemVal', expTotItem);

  const sent = Object.fromEntries(derivedLineFields.map((f) => [f, sentOf(f)])) as Record<DerivedLineField, boolean>;
  return {
    expected: {
      TotAmt: expTot,
      AssAmt: expAss,
      IgstAmt: expIgst,
      CgstAmt: split.CgstAmt,
      SgstAmt: split.SgstAmt,
      CesAmt: expCes,
      StateCesAmt: expStCes,
      TotItemVal: expTotItem,
    },
    value: {
      TotAmt: tot,
      AssAmt: ass,
      IgstAmt: igst,
      CgstAmt: cgst,
      SgstAmt: sgst,
      CesAmt: ces,
      StateCesAmt: stCes,
      TotItemVal: totItem,
      CesNonAdvlAmt: cesNonAdvl,
      StateCesNonAdvlAmt: stCesNonAdvl,
      OthChrg: othChrg,
    },
    sent,
    igstAtRate,
    gaps,
  };
}
