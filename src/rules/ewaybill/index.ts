/**
 * Business rules of the e-waybill generation request without IRN (canonical field names, SPEC 2.3).
 * Codes are the e-waybill portal's where it has one, else `SVC-4nn`.
 * @module
 */

import type { Rule } from '../rule.js';
import { amountRules } from './amounts.js';
import { documentRules } from './document.js';
import { itemRules } from './items.js';
import { partyRules } from './parties.js';
import { supplyRules } from './supply.js';
import { transportRules } from './transport.js';
import { masterCaseRules } from './master-case.js';
import { specificationLimitRule } from '../specification-limits.js';

/** The e-waybill request rules, in the order they are reported. */
export const ewaybillRules: Rule[] = [
  ...supplyRules,
  ...partyRules,
  ...transportRules,
  ...documentRules,
  ...amountRules,
  ...itemRules,
  ...masterCaseRules,
  specificationLimitRule('ewb', 'EWB'),
];
