/**
 * Completes an IRN request: every amount that can be derived and was left out is filled in.
 * @module
 */

import type { Decimal } from './decimal.js';
import { invoiceTotals } from './invoice-totals.js';
import { derivedLineFields } from './line.js';
import type { IrnPayload } from '../types/payloads.js';
import { isNumeric, obj, type IrnDraft } from './payload.js';
import type { RoundOffMode } from './round-off.js';
import { workLines } from './work-lines.js';

export interface CompleteOptions {
  /** Round TotInvVal to the nearest rupee (fills RndOffAmt when it was not sent). Default `none`. */
  roundOff?: RoundOffMode;
  /** Recompute and replace every derivable amount, even those that were sent. Default false. */
  overwrite?: boolean;
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
 */
// A validated invoice stays one: completing only fills in amounts its schema allows.
export function completeInvoice(inv: IrnPayload, options?: CompleteOptions): IrnPayload;
export function completeInvoice(inv: unknown, options?: CompleteOptions): IrnDraft;
export function completeInvoice(inv: unknown, options: CompleteOptions = {}): IrnDraft | IrnPayload {
  if (typeof inv !== 'object' || inv === null || Array.isArray(inv)) return {};
  const out = copy(inv) as IrnDraft;
  const overwrite = options.overwrite === true;
  const { lines } = workLines(out, overwrite);
  const items = out.ItemList as unknown[];
  for (const { index, line } of lines) {
    const item = items[index] as Record<string, unknown>;
    for (const field of derivedLineFields) {
      if (overwrite || !isNumeric(item[field])) item[field] = num(line.value[field]);
    }
  }
  const val = obj(out['ValDtls']);
  const totals = invoiceTotals(
    lines.map((l) => l.line.value),
    val,
    { roundOff: options.roundOff ?? 'none', recompute: overwrite },
  );
  const filled: Record<string, unknown> = { ...val };
  const derived = ['AssVal', 'CgstVal', 'SgstVal', 'IgstVal', 'CesVal', 'StCesVal', 'RndOffAmt', 'TotInvVal'] as const;
  for (const field of derived) {
    if (overwrite || !isNumeric(filled[field])) filled[field] = num(totals[field]);
  }
  out.ValDtls = filled;
  return out;
}
