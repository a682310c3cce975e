/**
 * The IRP's validations of an IRN request that can be judged from the document and the masters.
 * @module
 */

import type { Rule } from './rule.js';
import { amountRules } from './einvoice/amounts.js';
import { documentRules } from './einvoice/document.js';
import { itemRules } from './einvoice/items.js';
import { partyRules } from './einvoice/parties.js';
import { supplyRules } from './einvoice/supply.js';
import { taxRules } from './einvoice/tax.js';
import { ewbDetailsRules } from './einvoice/ewb-details.js';
import { cessRules } from './einvoice/cess.js';
import { reportingLimitRules } from './einvoice/reporting-limit.js';
import { specificationLimitRule } from './specification-limits.js';
import { masterCaseRules } from './einvoice/master-case.js';

export { amountRules, documentRules, itemRules, partyRules, supplyRules, taxRules };
export { defineRule } from './einvoice/define.js';

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
