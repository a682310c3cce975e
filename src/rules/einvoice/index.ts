/**
 * The IRP's validations of an IRN request that can be judged from the document and the masters.
 * @module
 */

import type { Rule } from '../rule.js';
import { amountRules } from './amounts.js';
import { documentRules } from './document.js';
import { itemRules } from './items.js';
import { partyRules } from './parties.js';
import { supplyRules } from './supply.js';
import { taxRules } from './tax.js';
import { ewbDetailsRules } from './ewaybill-details.js';
import { cessRules } from './cess.js';
import { reportingLimitRules } from './reporting-limit.js';
import { specificationLimitRule } from '../specification-limits.js';
import { masterCaseRules } from './master-case.js';

export { amountRules, documentRules, itemRules, partyRules, supplyRules, taxRules };

/** Every e-invoice rule, in the order they report. */
export const einvoiceRules: Rule[] = [
  ...documentRules,
  ...reportingLimitRules,
  ...supplyRules,
  ...partyRules,
  ...itemRules,
  ...taxRules,
  ...amountRules,
  ...cessRules,
  ...ewbDetailsRules,
  ...masterCaseRules,
  specificationLimitRule('irn', 'IRP'),
];
