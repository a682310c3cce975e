/**
 * Rules on the items: count, HSN code and unit.
 * @module
 */

import { hsnChapter, hsnExists, isUnit } from '../../masters/index.js';
import type { Rule } from '../rule.js';
import { digitsOf, field, found, textOf, type Finding, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { ewb, EWB_ERROR_LIST, EWB_HSN_DIGITS_2024 } from './evidence.js';
import { MAX_ITEMS, itemsOf } from './shared.js';

/** The day the portal began to count HSN digits by turnover. */
const HSN_DIGITS_SINCE = '01/02/2024';
/** Turnover (rupees) from which 6 HSN digits are needed: ₹5 crore. */
const HSN_SIX_DIGITS_FROM = 50_000_000;

/** Items whose hsnCode has fewer than `min` digits. */
function shortHsn(doc: unknown, min: number): Finding[] {
  const out: Finding[] = [];
  (itemsOf(doc) ?? []).forEach((item, i) => {
    const code = digitsOf(field(item, 'hsnCode'));
    if (code !== undefined && code.length < min) {
      out.push(found(`itemList[${i}].hsnCode ${code} has fewer than ${min} digits.`, 'itemList', i, 'hsnCode'));
    }
  });
  return out;
}

/** Rules on the items, in the order they are reported. */
export const itemRules: Rule[] = [
  defineRule(findingReader, {
    id: 'EWB-ITEMS-EMPTY',
    code: '233',
    severity: 'error',
    certainty: 'certain',
    description: 'itemList must hold at least one item.',
    check(doc) {
      const items = itemsOf(doc);
      return items !== undefined && items.length === 0 ? [found('itemList is empty; give at least one item.', 'itemList')] : [];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-ITEMS-MAX',
    code: 'SVC-407',
    severity: 'error',
    certainty: 'likely',
    description: `itemList may hold at most ${MAX_ITEMS} items.`,
    check(doc) {
      const items = itemsOf(doc);
      if (items === undefined || items.length <= MAX_ITEMS) return [];
      return [found(`itemList has ${items.length} items; an e-waybill takes at most ${MAX_ITEMS}.`, 'itemList')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-HSN',
    code: '216',
    severity: 'error',
    certainty: 'certain',
    description: 'Each item hsnCode must start with a real HSN chapter and, where the HSN master knows the code, exist in it.',
    check(doc, context) {
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const code = digitsOf(field(item, 'hsnCode'));
        if (code === undefined || code.length < 2) return;
        if (hsnChapter(code) === undefined) {
          out.push(found(`itemList[${i}].hsnCode ${code} does not start with a valid HSN chapter.`, 'itemList', i, 'hsnCode'));
        } else if (hsnExists(code, context.hsnMaster) === false) {
          out.push(found(`itemList[${i}].hsnCode ${code} is not in the HSN master.`, 'itemList', i, 'hsnCode'));
        }
      });
      return out;
    },
  }),
  // From 01/02/2024 the portal wants 4 HSN digits below ₹5 crore turnover (282) and 6 from ₹5 crore (283).
  // Every taxpayer needs 4, so 282 also runs when the turnover is unknown; 283 needs the turnover.
  defineRule(findingReader, {
    id: 'EWB-HSN-LENGTH',
    code: '282',
    severity: 'error',
    certainty: 'certain',
    evidence: ewb('282', EWB_HSN_DIGITS_2024),
    since: HSN_DIGITS_SINCE,
    dateBasis: 'reporting',
    description:
      'From 01/02/2024, each item hsnCode must have at least 4 digits (taxpayers below ₹5 crore turnover, or turnover not given; from ₹5 crore 6 digits, code 283).',
    check(doc, context) {
      if (context.aato !== undefined && context.aato >= HSN_SIX_DIGITS_FROM) return [];
      return shortHsn(doc, 4);
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-HSN-LENGTH-6',
    code: '283',
    severity: 'error',
    certainty: 'certain',
    evidence: ewb('283', EWB_HSN_DIGITS_2024),
    since: HSN_DIGITS_SINCE,
    dateBasis: 'reporting',
    aato: { atLeast: HSN_SIX_DIGITS_FROM },
    description: 'From 01/02/2024, taxpayers with turnover of ₹5 crore or more must give at least 6 digits in each item hsnCode.',
    check(doc, context) {
      if (context.aato === undefined || !(context.aato >= HSN_SIX_DIGITS_FROM)) return [];
      return shortHsn(doc, 6);
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-GOODS-HSN',
    code: '724',
    severity: 'error',
    certainty: 'likely',
    evidence: ewb('724', EWB_ERROR_LIST),
    description: 'At least one item must be goods: an e-waybill whose every hsnCode is a service code (SAC, starting 99) is refused.',
    check(doc) {
      const codes = (itemsOf(doc) ?? []).map((item) => digitsOf(field(item, 'hsnCode'))).filter((c): c is string => c !== undefined && c.length >= 2);
      if (codes.length === 0 || codes.some((c) => !c.startsWith('99'))) return [];
      return [found('every item hsnCode is a service code (SAC, 99...); an e-waybill needs at least one item of goods.', 'itemList')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-UNIT',
    code: '217',
    severity: 'error',
    certainty: 'certain',
    description: 'Each item qtyUnit, when given, must be a unit quantity code (UQC) from the master.',
    check(doc) {
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const unit = textOf(field(item, 'qtyUnit'));
        if (unit !== undefined && !isUnit(unit.toUpperCase())) {
          out.push(found(`itemList[${i}].qtyUnit ${unit} is not a unit quantity code (UQC).`, 'itemList', i, 'qtyUnit'));
        }
      });
      return out;
    },
  }),
];
