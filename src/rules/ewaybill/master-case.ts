/**
 * Master codes of an e-waybill written in another letter case than the master's. The EWB API's schema gives
 * qtyUnit exactly three characters and no list, and which case the portal's unit lookup compares in is not
 * published: a unit is looked up whatever its case (EWB 217 refuses one the master does not hold, EWB-UNIT)
 * and this rule only warns, naming the master's spelling.
 * @module
 */

import { isUnit } from '../../masters/index.js';
import type { Rule } from '../rule.js';
import { field, found, textOf, type Finding, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { itemsOf } from './shared.js';
import { masterSpellingByCase } from '../master-spelling.js';

export const unitCase = defineRule(findingReader, {
  id: 'EWB-MASTER-CASE',
  code: 'SVC-314',
  severity: 'warning',
  certainty: 'uncertain',
  evidence: 'own',
  description:
    "An item qtyUnit that matches the unit master only when written in capitals (kgs for KGS): accepted (the EWB API's schema asks only for three characters), with the master spelling named.",
  check(doc) {
    const out: Finding[] = [];
    (itemsOf(doc) ?? []).forEach((item, i) => {
      const unit = textOf(field(item, 'qtyUnit'));
      const master = masterSpellingByCase(unit, isUnit);
      if (master === undefined) return;
      out.push(
        found(
          `itemList[${i}].qtyUnit ${unit} is written in another case than the unit master's ${master}; the EWB API's schema takes it`,
          'itemList',
          i,
          'qtyUnit',
        ),
      );
    });
    return out;
  },
});

/** The e-waybill master-case rules. */
export const masterCaseRules: Rule[] = [unitCase];
