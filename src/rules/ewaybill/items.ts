/**
 * Rules on the items: count, HSN code and unit.
 * @module
 */

import { hsnChapter, hsnExists, isUnit } from '../../masters/index.js';
import type { Rule } from '../rule.js';
import { defineRule, digitsOf, field, found, textOf, type Finding } from '../ewaybill-support.js';
import { MAX_ITEMS, itemsOf } from './shared.js';

/** Rules on the items, in the order they are reported. */
export const itemRules: Rule[] = [
  defineRule({
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
  defineRule({
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
  defineRule({
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
  defineRule({
    id: 'EWB-HSN-LENGTH',
    code: '282',
    severity: 'error',
    certainty: 'certain',
    description: 'Each item hsnCode must have at least 4 digits (6 for taxpayers with turnover of ₹5 crore or more, not checked here).',
    check(doc) {
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const code = digitsOf(field(item, 'hsnCode'));
        if (code !== undefined && code.length < 4) {
          out.push(found(`itemList[${i}].hsnCode ${code} has fewer than 4 digits.`, 'itemList', i, 'hsnCode'));
        }
      });
      return out;
    },
  }),
  defineRule({
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
