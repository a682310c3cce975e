/**
 * A quick answer to "would {@link checkAmounts} find nothing?" for the common document: every amount a
 * plain number with at most 2 decimals (3 for quantities, prices and rates) and every figure small enough
 * to hold exactly as an integer of paise in a double. It repeats checkAmounts' arithmetic on those integers,
 * which is exact, so where it answers `true` checkAmounts would return no issue. Anything else (a numeric
 * string, more decimals, a figure too large, any difference at all) answers `false`, and the caller runs
 * checkAmounts on decimal.js, which also writes the messages.
 * @module
 */

import { obj } from './payload.js';
import { supplyOf } from './supply.js';

/** Larger integers could hide a rounding in the double that holds them. */
const LIMIT = 2 ** 50;
const SCALE = [1, 10, 100, 1000] as const;

/** Thrown inside to leave for the decimal path; never escapes this module. */
const GIVE_UP = Symbol('give up');

/**
 * A number as an integer count of 10^-places, or GIVE_UP. The check N / 10^places === value holds only
 * when the decimal N / 10^places is the one the number stands for (its shortest form, which decimal.js
 * reads); below LIMIT no other decimal with as few places rounds to the same double.
 */
function units(value: number, places: 2 | 3): number {
  const n = Math.round(value * SCALE[places]);
  if (!(Math.abs(n) <= LIMIT) || n / SCALE[places] !== value) throw GIVE_UP;
  return n;
}

/** A field as units, undefined when absent; any other kind of value is left to the decimal path. */
function field(record: Record<string, unknown>, key: string, places: 2 | 3): number | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number') throw GIVE_UP;
  return units(value, places);
}

function safe(n: number): number {
  if (!Number.isSafeInteger(n)) throw GIVE_UP;
  return n;
}

/** n / divisor rounded half away from zero, as decimal.js ROUND_HALF_UP rounds; n and divisor integers. */
export function roundDiv(n: number, divisor: number): number {
  const a = Math.abs(n);
  let q = Math.trunc(a / divisor);
  let r = a - q * divisor;
  while (r < 0) {
    q -= 1;
    r += divisor;
  }
  while (r >= divisor) {
    q += 1;
    r -= divisor;
  }
  if (2 * r >= divisor) q += 1;
  return n < 0 ? -q : q;
}

/** money(amount x rate / divisor) in paise, from paise and a rate in thousandths. */
function taxPaise(assPaise: number, rateMils: number, divisor: number): number {
  return roundDiv(safe(assPaise * rateMils), divisor);
}

/** withinTolerance as checkAmounts applies it: the sent number against the expected paise. */
function within(sent: number, expectedPaise: number): boolean {
  const e = expectedPaise / 100;
  return sent >= Math.floor(e) - 1 && sent <= Math.ceil(e) + 1;
}

/** True when checkAmounts(doc) would certainly return no issue; false when that needs decimal.js to tell. */
export function amountsAgree(inv: unknown): boolean {
  try {
    return agree(inv);
  } catch (e) {
    if (e === GIVE_UP) return false;
    throw e;
  }
}

function agree(inv: unknown): boolean {
  const doc = obj(inv);
  const rawItems = doc['ItemList'];
  if (rawItems !== undefined && !Array.isArray(rawItems)) return false;
  const items = (rawItems ?? []) as unknown[];
  const supply = supplyOf(doc);
  const typ = obj(doc['DocDtls'])['Typ'];
  if (typ !== undefined && typeof typ !== 'string') return false;
  const docType = (typ ?? '').trim().toUpperCase();
  const checkRates = docType !== 'CRN' && docType !== 'DBN';

  let assVal = 0,
    cgstVal = 0,
    sgstVal = 0,
    igstVal = 0,
    adValorem = 0,
    nonAdValorem = 0,
    stCes = 0,
    itemTotal = 0;
  for (const entry of items) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
    const item = entry as Record<string, unknown>;
    const qty = field(item, 'Qty', 3);
    const price = field(item, 'UnitPrice', 3);
    const expTot = roundDiv(safe((qty ?? 0) * (price ?? 0)), 10_000);
    const sentTot = field(item, 'TotAmt', 2);
    if (sentTot !== undefined && qty !== undefined && price !== undefined && !within(item['TotAmt'] as number, expTot)) return false;
    const tot = sentTot ?? expTot;
    const expAss = safe(tot - (field(item, 'Discount', 2) ?? 0));
    const sentAss = field(item, 'AssAmt', 2);
    if (sentAss !== undefined && !within(item['AssAmt'] as number, expAss)) return false;
    const ass = sentAss ?? expAss;

    const gstRt = field(item, 'GstRt', 3) ?? 0;
    const igstAtRate = taxPaise(ass, gstRt, 100_000);
    const halfTax = supply.interState ? 0 : taxPaise(ass, gstRt, 200_000);
    const splitIgst = supply.interState ? igstAtRate : 0;
    const expIgst = supply.withoutPayment ? 0 : splitIgst;
    const expCes = taxPaise(ass, field(item, 'CesRt', 3) ?? 0, 100_000);
    const expStCes = taxPaise(ass, field(item, 'StateCesRt', 3) ?? 0, 100_000);
    const sentIgst = field(item, 'IgstAmt', 2);
    const sentCgst = field(item, 'CgstAmt', 2);
    const sentSgst = field(item, 'SgstAmt', 2);
    const sentCes = field(item, 'CesAmt', 2);
    const sentStCes = field(item, 'StateCesAmt', 2);
    if (checkRates) {
      if (supply.interState) {
        if (supply.withoutPayment) {
          if (sentIgst !== undefined && sentIgst !== 0 && !within(item['IgstAmt'] as number, igstAtRate)) return false;
        } else if (sentIgst !== undefined && !within(item['IgstAmt'] as number, expIgst)) return false;
      } else {
        if (sentCgst !== undefined && !within(item['CgstAmt'] as number, halfTax)) return false;
        if (sentSgst !== undefined && !within(item['SgstAmt'] as number, halfTax)) return false;
      }
      if (sentCes !== undefined && !within(item['CesAmt'] as number, expCes)) return false;
      if (sentStCes !== undefined && !within(item['StateCesAmt'] as number, expStCes)) return false;
    }
    const igst = sentIgst ?? expIgst;
    const cgst = sentCgst ?? halfTax;
    const sgst = sentSgst ?? halfTax;
    const ces = sentCes ?? expCes;
    const stateCes = sentStCes ?? expStCes;
    const cesNonAdvl = field(item, 'CesNonAdvlAmt', 2) ?? 0;
    const stCesNonAdvl = field(item, 'StateCesNonAdvlAmt', 2) ?? 0;
    const othChrg = field(item, 'OthChrg', 2) ?? 0;
    const expTotItem = safe(ass + igst + cgst + sgst + ces + cesNonAdvl + stateCes + stCesNonAdvl + othChrg);
    const sentTotItem = field(item, 'TotItemVal', 2);
    if (sentTotItem !== undefined && !within(item['TotItemVal'] as number, expTotItem)) return false;

    assVal = safe(assVal + ass);
    cgstVal = safe(cgstVal + cgst);
    sgstVal = safe(sgstVal + sgst);
    igstVal = safe(igstVal + igst);
    adValorem = safe(adValorem + ces);
    nonAdValorem = safe(nonAdValorem + cesNonAdvl);
    stCes = safe(stCes + stateCes + stCesNonAdvl);
    itemTotal = safe(itemTotal + (sentTotItem ?? expTotItem));
  }

  const val = obj(doc['ValDtls']);
  const discount = field(val, 'Discount', 2) ?? 0;
  const othChrg = field(val, 'OthChrg', 2) ?? 0;
  const beforeRoundOff = safe(itemTotal + othChrg - discount);
  const totInvVal = safe(beforeRoundOff + (field(val, 'RndOffAmt', 2) ?? 0));
  const totals: Array<[string, number]> = [
    ['AssVal', assVal],
    ['SgstVal', sgstVal],
    ['CgstVal', cgstVal],
    ['IgstVal', igstVal],
    ['CesVal', safe(adValorem + nonAdValorem)],
    ['StCesVal', stCes],
    ['TotInvVal', totInvVal],
  ];
  for (const [key, expected] of totals) {
    if (field(val, key, 2) !== undefined && !within(val[key] as number, expected)) return false;
  }
  const gross = safe(itemTotal + othChrg);
  return !(discount > 0 && discount >= gross);
}
