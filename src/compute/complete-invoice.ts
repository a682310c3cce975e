/**
 * Completes an IRN request: every amount that can be derived and was left out is filled in.
 * @module
 */

import { pointer, warning, type Issue } from '../issue.js';
import { computeCodes } from './codes.js';
import type { Decimal } from './decimal.js';
import { invoiceTotals } from './invoice-totals.js';
import { derivedLineFields } from './line.js';
import type { IrnPayload } from '../types/payloads.js';
import { isNumeric, obj, type IrnDraft } from './payload.js';
import type { RoundOffMode } from './round-off.js';
import { totalsGaps, type TotalField } from './totals-gaps.js';
import { workLines } from './work-lines.js';

/** Options of {@link completeInvoice} and {@link completeInvoiceWithGaps}. */
export interface CompleteOptions {
  /**
   * How to round TotInvVal when the invoice sends no RndOffAmt: `'none'` (the default) leaves it as the
   * lines add up and fills RndOffAmt with 0; `'rupee'` rounds it half-up to the nearest rupee and fills
   * RndOffAmt with the difference (from -0.50 to +0.49). A sent RndOffAmt is kept unless `overwrite`.
   */
  roundOff?: RoundOffMode;
  /**
   * Recompute and replace every derivable amount, even those that were sent (from Qty, UnitPrice,
   * Discount, the rates and the amounts only the sender can give). Default false: sent amounts are kept.
   * An amount that cannot be derived keeps its sent value even so.
   */
  overwrite?: boolean;
}

/** A completed invoice and the amounts that could not be derived. */
export interface CompletedInvoice {
  /** The invoice with every derivable amount filled in; amounts that cannot be derived are left as sent (or absent). */
  value: IrnDraft;
  /**
   * One warning (code SVC-530) per amount left absent because an input it needs is missing (a line
   * without Qty and without TotAmt, an invoice without lines, ...), with its path and what it lacks.
   */
  gaps: Issue[];
}

/** Copies plain data (objects, arrays, primitives); anything else is kept by reference. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = copy(v);
    return out;
  }
  return value;
}

const num = (d: Decimal): number => d.toNumber();

/**
 * A new payload with each derivable amount the sender left out filled in: per line TotAmt, AssAmt,
 * IgstAmt, CgstAmt, SgstAmt, CesAmt, StateCesAmt and TotItemVal; in ValDtls AssVal, CgstVal,
 * SgstVal, IgstVal, CesVal, StCesVal, RndOffAmt and TotInvVal. Sent amounts are kept (and used for the
 * steps after them) unless `overwrite` is set. The input is never changed; a non-object gives `{}`.
 *
 * A missing input is never read as zero: a line without Qty keeps the TotAmt it carries, and without one
 * its TotAmt (and what follows from it) is left out, as is a total over lines that are not all known.
 * {@link completeInvoiceWithGaps} says which amounts were left out and why.
 */
// A validated invoice stays one: completing only fills in amounts its schema allows.
export function completeInvoice(inv: IrnPayload, options?: CompleteOptions): IrnPayload;
export function completeInvoice(inv: unknown, options?: CompleteOptions): IrnDraft;
export function completeInvoice(inv: unknown, options: CompleteOptions = {}): IrnDraft | IrnPayload {
  return completeInvoiceWithGaps(inv, options).value;
}

/** {@link completeInvoice}, with a warning for each amount it could not derive. */
export function completeInvoiceWithGaps(inv: IrnPayload, options?: CompleteOptions): CompletedInvoice & { value: IrnPayload };
export function completeInvoiceWithGaps(inv: unknown, options?: CompleteOptions): CompletedInvoice;
export function completeInvoiceWithGaps(inv: unknown, options: CompleteOptions = {}): CompletedInvoice {
  if (typeof inv !== 'object' || inv === null || Array.isArray(inv)) return { value: {}, gaps: [] };
  const out = copy(inv) as IrnDraft;
  const overwrite = options.overwrite === true;
  const gaps: Issue[] = [];
  const { lines } = workLines(out, overwrite);
  const items = out.ItemList as unknown[];
  for (const { index, line } of lines) {
    const item = items[index] as Record<string, unknown>;
    for (const field of derivedLineFields) {
      const gap = line.gaps[field];
      if (gap !== undefined) {
        // Without the inputs, a sent amount is the only truth there is, overwrite or not.
        if (!isNumeric(item[field])) gaps.push(notDerived(pointer('ItemList', index, field), gap));
      } else if (overwrite || !isNumeric(item[field])) item[field] = num(line.value[field]);
    }
  }
  const val = obj(out['ValDtls']);
  const roundOff = options.roundOff ?? 'none';
  const totals = invoiceTotals(
    lines.map((l) => l.line.value),
    val,
    { roundOff, recompute: overwrite },
  );
  const missingTotals = totalsGaps(lines, roundOff !== 'none' && (overwrite || !isNumeric(val['RndOffAmt'])));
  const filled: Record<string, unknown> = { ...val };
  const derived: readonly TotalField[] = ['AssVal', 'CgstVal', 'SgstVal', 'IgstVal', 'CesVal', 'StCesVal', 'RndOffAmt', 'TotInvVal'];
  for (const field of derived) {
    const gap = missingTotals[field];
    if (gap !== undefined) {
      if (!isNumeric(filled[field])) gaps.push(notDerived(pointer('ValDtls', field), gap));
    } else if (overwrite || !isNumeric(filled[field])) filled[field] = num(totals[field]);
  }
  out.ValDtls = filled;
  return { value: out, gaps };
}

function notDerived(path: string, reason: string): Issue {
  return warning(computeCodes.notDerived, `not derived: ${reason}; send it, or the missing input`, path);
}
