/**
 * Rules on the amounts: header values, taxes and item rates.
 * @module
 */

import { ewbTotals, withinEwbTolerance } from '../../compute/ewaybill-totals.js';
import { dec } from '../../compute/decimal.js';
import { ewbDayNumber } from '../../compute/ewaybill-dates.js';
import { rateAllowedOn } from '../../masters/index.js';
import type { Rule } from '../rule.js';
import { digitsOf, field, found, numberOf, type Finding, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { itemsOf, rateDate, stateNo } from './shared.js';

/**
 * Goods valued on retail sale price from 01/02/2026 (notifications 19/2025-CT and 20/2025-CT): tax is
 * computed on the RSP, so the invoice value can fall below the taxable value plus taxes, and the portal
 * skips 620 for a document with such a line (NIC's relaxation relayed on 28/01/2026, likely: domain-2026.md
 * section 1.3). Judged on the document date, as NIC applies it.
 */
const RSP_HSN_PREFIXES = ['21069020', '2401', '2402', '2403', '24041100', '24041900'];
const RSP_SINCE_DAY = ewbDayNumber('01/02/2026')!;

function rspValued(doc: unknown): boolean {
  const day = ewbDayNumber(field(doc, 'docDate'));
  if (day === undefined || day < RSP_SINCE_DAY) return false;
  return (itemsOf(doc) ?? []).some((item) => {
    const code = digitsOf(field(item, 'hsnCode'));
    return code !== undefined && RSP_HSN_PREFIXES.some((prefix) => code.startsWith(prefix));
  });
}

/** A rule refusing a negative header amount. */
function notNegativeRule(id: string, code: string, key: string): Rule {
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `${key} must not be negative.`,
    check(doc) {
      const n = numberOf(field(doc, key));
      return n !== undefined && n < 0 ? [found(`${key} must not be negative (got ${n}).`, key)] : [];
    },
  });
}

/** A rule checking one item rate against the rate master on the document date. */
function itemRateRule(id: string, code: string, key: 'igstRate' | 'cgstRate' | 'sgstRate'): Rule {
  const factor = key === 'igstRate' ? 1 : 2;
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'likely',
    description:
      key === 'igstRate'
        ? 'Each item igstRate must be a GST rate on the master on the document date.'
        : `Each item ${key} must be half of a GST rate on the master on the document date.`,
    check(doc, context) {
      const date = rateDate(doc, context);
      if (date === undefined) return [];
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const rate = numberOf(field(item, key));
        if (rate === undefined || rate === 0) return;
        const full = Math.round(rate * factor * 1000) / 1000;
        if (!rateAllowedOn(full, date)) {
          out.push(found(`itemList[${i}].${key} ${rate} is not a valid ${key.slice(0, 4).toUpperCase()} rate on ${date}.`, 'itemList', i, key));
        }
      });
      return out;
    },
  });
}

const HEADER_TAXES: ReadonlyArray<readonly [string, 'igstValue' | 'cgstValue' | 'sgstValue' | 'cessValue' | 'cessNonAdvolValue']> = [
  ['igstValue', 'igstValue'],
  ['cgstValue', 'cgstValue'],
  ['sgstValue', 'sgstValue'],
  ['cessValue', 'cessValue'],
  ['cessNonAdvolValue', 'cessNonAdvolValue'],
];

/** Rules on the amounts, in the order they are reported. */
export const amountRules: Rule[] = [
  notNegativeRule('EWB-TOTALVALUE-NEGATIVE', '627', 'totalValue'),
  notNegativeRule('EWB-TOTINVVALUE-NEGATIVE', '628', 'totInvValue'),
  notNegativeRule('EWB-IGSTVALUE-NEGATIVE', '629', 'igstValue'),
  notNegativeRule('EWB-CGSTVALUE-NEGATIVE', '630', 'cgstValue'),
  notNegativeRule('EWB-SGSTVALUE-NEGATIVE', '631', 'sgstValue'),
  notNegativeRule('EWB-CESSVALUE-NEGATIVE', '632', 'cessValue'),
  notNegativeRule('EWB-CESSNONADVOL-NEGATIVE', '633', 'cessNonAdvolValue'),
  defineRule(findingReader, {
    id: 'EWB-TOTINV-MIN',
    code: '620',
    severity: 'error',
    certainty: 'certain',
    description:
      'totInvValue must not be below totalValue + igstValue + cgstValue + sgstValue + cessValue + cessNonAdvolValue (with the ₹1 band); not checked for documents dated 01/02/2026 or later with a line valued on retail sale price (HSN 21069020, 2401, 2402, 2403, 24041100, 24041900), whose tax is computed on that price.',
    check(doc) {
      const declared = numberOf(field(doc, 'totInvValue'));
      if (declared === undefined || rspValued(doc)) return [];
      let base = dec(numberOf(field(doc, 'totalValue')) ?? 0);
      for (const [key] of HEADER_TAXES) base = base.plus(numberOf(field(doc, key)) ?? 0);
      if (dec(declared).gte(base.floor().minus(1))) return [];
      return [found(`totInvValue ${declared} is below the taxable value plus taxes (${base.toFixed(2)}).`, 'totInvValue')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-TOTAL-ITEMS',
    code: 'SVC-404',
    severity: 'warning',
    certainty: 'uncertain',
    description:
      "totalValue should equal the sum of the items' taxableAmount (₹1 band, as the IRP; the e-waybill portal publishes no tolerance and may not check this).",
    check(doc) {
      const declared = numberOf(field(doc, 'totalValue'));
      if (declared === undefined || itemsOf(doc) === undefined) return [];
      const computed = ewbTotals(doc).totalValue;
      if (withinEwbTolerance(declared, computed)) return [];
      return [found(`totalValue ${declared} differs from the sum of the items' taxableAmount (${computed.toFixed(2)}).`, 'totalValue')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-TAX-ITEMS',
    code: 'SVC-405',
    severity: 'warning',
    certainty: 'uncertain',
    description:
      "igstValue, cgstValue, sgstValue, cessValue and cessNonAdvolValue should equal the sums computed from the items' rates (₹1 band; the portal may not check this).",
    check(doc) {
      if (itemsOf(doc) === undefined) return [];
      const computed = ewbTotals(doc);
      const out: Finding[] = [];
      for (const [key, total] of HEADER_TAXES) {
        const declared = numberOf(field(doc, key));
        if (declared === undefined || withinEwbTolerance(declared, computed[total])) continue;
        out.push(found(`${key} ${declared} differs from the amount computed from the items (${computed[total].toFixed(2)}).`, key));
      }
      return out;
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-TOTINV-SUM',
    code: 'SVC-406',
    severity: 'warning',
    certainty: 'uncertain',
    description:
      'totInvValue should equal totalValue + taxes + cess + cessNonAdvolValue + otherValue as declared (₹1 band; the portal is known to refuse only a value below the taxable value plus taxes).',
    check(doc) {
      const declared = numberOf(field(doc, 'totInvValue'));
      if (declared === undefined) return [];
      let sum = dec(numberOf(field(doc, 'totalValue')) ?? 0).plus(numberOf(field(doc, 'otherValue')) ?? 0);
      for (const [key] of HEADER_TAXES) sum = sum.plus(numberOf(field(doc, key)) ?? 0);
      if (withinEwbTolerance(declared, sum)) return [];
      return [found(`totInvValue ${declared} differs from totalValue + taxes + otherValue (${sum.toFixed(2)}).`, 'totInvValue')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-INTRA-NO-IGST',
    code: '623',
    severity: 'error',
    certainty: 'likely',
    description:
      'An intra-state movement (fromStateCode equals toStateCode) carries CGST and SGST, not IGST (supplies to or by SEZ units, which carry IGST, cannot be told apart from the request).',
    check(doc) {
      const from = stateNo(doc, 'fromStateCode');
      const to = stateNo(doc, 'toStateCode');
      if (from === undefined || to === undefined || from !== to) return [];
      const out: Finding[] = [];
      if ((numberOf(field(doc, 'igstValue')) ?? 0) > 0) out.push(found('igstValue must be 0 for an intra-state movement; charge CGST and SGST.', 'igstValue'));
      (itemsOf(doc) ?? []).forEach((item, i) => {
        if ((numberOf(field(item, 'igstRate')) ?? 0) > 0) {
          out.push(found(`itemList[${i}].igstRate must be 0 for an intra-state movement; use cgstRate and sgstRate.`, 'itemList', i, 'igstRate'));
        }
      });
      return out;
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-INTER-NO-CGST',
    code: '624',
    severity: 'error',
    certainty: 'certain',
    description: 'An inter-state movement (fromStateCode differs from toStateCode) carries IGST, not CGST and SGST.',
    check(doc) {
      const from = stateNo(doc, 'fromStateCode');
      const to = stateNo(doc, 'toStateCode');
      if (from === undefined || to === undefined || from === to) return [];
      const out: Finding[] = [];
      for (const key of ['cgstValue', 'sgstValue']) {
        if ((numberOf(field(doc, key)) ?? 0) > 0) out.push(found(`${key} must be 0 for an inter-state movement; charge IGST.`, key));
      }
      (itemsOf(doc) ?? []).forEach((item, i) => {
        for (const key of ['cgstRate', 'sgstRate']) {
          if ((numberOf(field(item, key)) ?? 0) > 0) {
            out.push(found(`itemList[${i}].${key} must be 0 for an inter-state movement; use igstRate.`, 'itemList', i, key));
          }
        }
      });
      return out;
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-CGST-SGST-RATE',
    code: '251',
    severity: 'error',
    certainty: 'certain',
    description: 'Each item cgstRate must equal its sgstRate.',
    check(doc) {
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const c = numberOf(field(item, 'cgstRate'));
        const s = numberOf(field(item, 'sgstRate'));
        if (c === undefined && s === undefined) return;
        if ((c ?? 0) !== (s ?? 0)) {
          out.push(found(`itemList[${i}].cgstRate ${c ?? 0} differs from sgstRate ${s ?? 0}.`, 'itemList', i, 'sgstRate'));
        }
      });
      return out;
    },
  }),
  itemRateRule('EWB-RATE-IGST', '254', 'igstRate'),
  itemRateRule('EWB-RATE-CGST', '252', 'cgstRate'),
  itemRateRule('EWB-RATE-SGST', '253', 'sgstRate'),
];
