/**
 * Totals of an e-waybill request computed from its items, and the tolerance used to compare them
 * with the declared totals.
 * @module
 */

import { Decimal, dec, money, type Numeric } from './decimal.js';

/** The header totals an e-waybill request declares, as computed from its item list. */
export interface EwbTotals {
  /** Sum of the items' taxable amounts. */
  totalValue: Decimal;
  igstValue: Decimal;
  cgstValue: Decimal;
  sgstValue: Decimal;
  /** Ad valorem cess. */
  cessValue: Decimal;
  /** Non ad valorem cess: quantity × the item's `cessNonadvol` (a per-unit amount). */
  cessNonAdvolValue: Decimal;
  /** Other charges, taken from the request (items do not carry them). */
  otherValue: Decimal;
  /** totalValue + taxes + cess + non ad valorem cess + otherValue. */
  totInvValue: Decimal;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const num = (v: unknown): Decimal => dec(v as Numeric);

/** One line's tax amount: taxable amount × rate %, rounded to 2 places half-up. */
function lineTax(taxable: Decimal, ratePercent: unknown): Decimal {
  return money(taxable.times(num(ratePercent)).dividedBy(100));
}

/**
 * Computes the header totals from `itemList` (tax amounts per line from the rates, each rounded to
 * paise, then summed) and `otherValue`. Never throws: missing or non-numeric values count as zero.
 */
export function ewbTotals(doc: unknown): EwbTotals {
  const zero = new Decimal(0);
  const totals = {
    totalValue: zero,
    igstValue: zero,
    cgstValue: zero,
    sgstValue: zero,
    cessValue: zero,
    cessNonAdvolValue: zero,
  };
  const record = isRecord(doc) ? doc : {};
  const items = Array.isArray(record['itemList']) ? (record['itemList'] as unknown[]) : [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const taxable = money(num(item['taxableAmount']));
    totals.totalValue = totals.totalValue.plus(taxable);
    totals.igstValue = totals.igstValue.plus(lineTax(taxable, item['igstRate']));
    totals.cgstValue = totals.cgstValue.plus(lineTax(taxable, item['cgstRate']));
    totals.sgstValue = totals.sgstValue.plus(lineTax(taxable, item['sgstRate']));
    totals.cessValue = totals.cessValue.plus(lineTax(taxable, item['cessRate']));
    totals.cessNonAdvolValue = totals.cessNonAdvolValue.plus(money(num(item['quantity']).times(num(item['cessNonadvol']))));
  }
  const otherValue = money(num(record['otherValue']));
  const totInvValue = totals.totalValue
    .plus(totals.igstValue)
    .plus(totals.cgstValue)
    .plus(totals.sgstValue)
    .plus(totals.cessValue)
    .plus(totals.cessNonAdvolValue)
    .plus(otherValue);
  return { ...totals, otherValue, totInvValue };
}

/**
 * Whether a declared amount is close enough to the computed one. The e-waybill portal publishes no
 * tolerance of its own, so the IRP's band is used: from the rupee part of the computed value minus
 * ₹1 up to the value rounded up to the next rupee plus ₹1 (2345.34 accepts 2344.00 to 2347.00).
 */
export function withinEwbTolerance(declared: Numeric, computed: Numeric): boolean {
  const value = dec(declared);
  const exact = dec(computed);
  const lower = exact.floor().minus(1);
  const upper = exact.ceil().plus(1);
  return value.gte(lower) && value.lte(upper);
}
