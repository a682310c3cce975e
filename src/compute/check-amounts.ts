/**
 * Compares the amounts a document carries with the amounts computed from it, under the IRP
 * tolerance, and reports each difference with the IRP's error code.
 * @module
 */

import { error, pointer, type Issue } from '../issue.js';
import { type Decimal, dec } from './decimal.js';
import { invoiceTotals } from './invoice-totals.js';
import type { DerivedLineField } from './line.js';
import { isNumeric, obj, numeric, text } from './payload.js';
import { toleranceRange, withinTolerance } from './tolerance.js';
import { workLines } from './work-lines.js';
import { amountsAgree } from './amounts-agree.js';
import { totalsGaps, type SummedTotal } from './totals-gaps.js';

const show = (d: Decimal): string => d.toFixed(2);

function mismatch(code: string, path: string, field: string, sent: Decimal, expected: Decimal, how: string): Issue {
  const { low, high } = toleranceRange(expected);
  return error(code, `${field} is ${show(sent)} but ${how} gives ${show(expected)} (accepted ${show(low)} to ${show(high)})`, path);
}

/** What each line field is computed as, for messages. */
const lineHow: Record<DerivedLineField, string> = {
  TotAmt: 'Qty x UnitPrice',
  AssAmt: 'TotAmt - Discount',
  IgstAmt: 'AssAmt x GstRt',
  CgstAmt: 'AssAmt x GstRt / 2',
  SgstAmt: 'AssAmt x GstRt / 2',
  CesAmt: 'AssAmt x CesRt',
  StateCesAmt: 'AssAmt x StateCesRt',
  TotItemVal: 'AssAmt + taxes + cess + OthChrg',
};

/**
 * The arithmetic issues of an IRN request: per line 2192 (TotAmt), 2193 (AssAmt), 2234 (CGST/SGST),
 * 2235 (IGST), 2266 (cess), 2267 (state cess), 2194 (TotItemVal); per invoice 2182-2189 and 2220.
 * Only amounts that were sent are compared, and only with what can be derived: a line without Qty has
 * no 2192, and an amount whose inputs are missing is compared with nothing (never with zero). Tax amounts of credit and debit notes are not compared
 * with their rates (the IRP stopped doing so in 2020), and a zero IGST on EXPWOP or SEZWOP is accepted.
 */
export function checkAmounts(inv: unknown): Issue[] {
  // Most documents add up: exact integer arithmetic on paise says so at a fraction of decimal.js's cost.
  return amountsAgree(inv) ? [] : amountIssuesOnDecimals(inv);
}

/** checkAmounts on decimal.js throughout, whatever the document; it also writes the messages. */
export function amountIssuesOnDecimals(inv: unknown): Issue[] {
  const issues: Issue[] = [];
  const doc = obj(inv);
  const { supply, lines } = workLines(doc);
  const docType = (text(obj(doc['DocDtls'])['Typ']) ?? '').toUpperCase();
  const checkRates = docType !== 'CRN' && docType !== 'DBN';

  for (const { index, line } of lines) {
    const compare = (field: DerivedLineField, code: string, expected = line.expected[field]): void => {
      if (!line.sent[field] || line.gaps[field] !== undefined) return;
      const sent = line.value[field];
      if (!withinTolerance(sent, expected)) {
        issues.push(mismatch(code, pointer('ItemList', index, field), `ItemList[${index}].${field}`, sent, expected, lineHow[field]));
      }
    };
    compare('TotAmt', '2192');
    compare('AssAmt', '2193');
    if (checkRates) {
      if (supply.interState) {
        if (supply.withoutPayment) {
          if (line.sent.IgstAmt && !line.value.IgstAmt.isZero()) compare('IgstAmt', '2235', line.igstAtRate);
        } else compare('IgstAmt', '2235');
      } else {
        compare('CgstAmt', '2234');
        compare('SgstAmt', '2234');
      }
      compare('CesAmt', '2266');
      compare('StateCesAmt', '2267');
    }
    compare('TotItemVal', '2194');
  }

  const val = obj(doc['ValDtls']);
  const totals = invoiceTotals(
    lines.map((l) => l.line.value),
    val,
  );
  // A sum over no lines is 0 to the IRP; only sums over lines that are not all known are left unchecked.
  const unknownTotals = lines.length === 0 ? {} : totalsGaps(lines, false);
  const total = (field: SummedTotal, code: string, expected: Decimal, how: string): void => {
    const raw = val[field];
    if (!isNumeric(raw) || unknownTotals[field] !== undefined) return;
    const sent = dec(raw);
    if (!withinTolerance(sent, expected)) {
      issues.push(mismatch(code, pointer('ValDtls', field), `ValDtls.${field}`, sent, expected, how));
    }
  };
  total('AssVal', '2182', totals.AssVal, 'the sum of AssAmt');
  total('SgstVal', '2183', totals.SgstVal, 'the sum of SgstAmt');
  total('CgstVal', '2184', totals.CgstVal, 'the sum of CgstAmt');
  total('IgstVal', '2185', totals.IgstVal, 'the sum of IgstAmt');
  const cesVal = numeric(val['CesVal']);
  if (
    isNumeric(cesVal) &&
    unknownTotals.CesVal === undefined &&
    !totals.nonAdValoremCess.isZero() &&
    !withinTolerance(cesVal, totals.CesVal) &&
    withinTolerance(cesVal, totals.adValoremCess)
  ) {
    issues.push(
      error(
        '2188',
        `ValDtls.CesVal is ${show(dec(cesVal))}, which leaves out the non-ad-valorem cess of the lines (${show(totals.nonAdValoremCess)}); expected ${show(totals.CesVal)}`,
        pointer('ValDtls', 'CesVal'),
      ),
    );
  } else {
    total('CesVal', '2186', totals.CesVal, 'the sum of CesAmt and CesNonAdvlAmt');
  }
  total('StCesVal', '2187', totals.StCesVal, 'the sum of StateCesAmt and StateCesNonAdvlAmt');
  total('TotInvVal', '2189', totals.TotInvVal, 'the sum of TotItemVal + OthChrg - Discount + RndOffAmt');

  const gross = totals.itemTotal.plus(totals.OthChrg);
  if (unknownTotals.TotInvVal === undefined && totals.Discount.gt(0) && totals.Discount.gte(gross)) {
    issues.push(
      error(
        '2220',
        `ValDtls.Discount ${show(totals.Discount)} is not smaller than the invoice value before discount ${show(gross)}`,
        pointer('ValDtls', 'Discount'),
      ),
    );
  }
  return issues;
}
