/**
 * Master codes written in another letter case than the master's. The IRP's schema takes units, the country
 * of origin and the export currency in either case, and which case its master lookups compare in is not
 * published, so such a code is checked against the master whatever its case (2177, 2202, 2203 refuse codes
 * the master does not hold) and this rule only warns, naming the master's spelling.
 * @module
 */

import { pointer, warning, type Issue } from '../../issue.js';
import { isCountry, isCurrency, isUnit } from '../../masters/index.js';
import { list, obj, text } from '../../compute/payload.js';
import { einvoiceReader } from './reader.js';
import { defineRule } from '../define.js';
import { masterSpellingByCase } from '../master-spelling.js';

/** A code of a master whose own spelling is in capitals, as sent, and whether the master holds it in capitals. */
function caseIssue(value: unknown, known: (code: string) => boolean, where: Array<string | number>, what: string): Issue | undefined {
  const code = text(value);
  const upper = masterSpellingByCase(code, known);
  if (upper === undefined) return undefined;
  return warning(
    'SVC-314',
    `${where.join('.')} ${code} is written in another case than the ${what} master's ${upper}; the IRP's schema takes either case`,
    pointer(...where),
  );
}

export const masterCodeCase = defineRule(einvoiceReader, {
  id: 'EINV-MASTER-CASE',
  code: 'SVC-314',
  severity: 'warning',
  certainty: 'uncertain',
  evidence: 'own',
  description:
    'A unit, country of origin or export currency that matches its master only when written in capitals: accepted (the IRP schema takes either case), with the master spelling named.',
  check: (doc) => {
    const issues: Issue[] = [];
    list(doc['ItemList']).forEach((entry, index) => {
      const item = obj(entry);
      const unit = caseIssue(item['Unit'], isUnit, ['ItemList', index, 'Unit'], 'unit (UQC)');
      if (unit) issues.push(unit);
      const origin = caseIssue(item['OrgCntry'], isCountry, ['ItemList', index, 'OrgCntry'], 'country');
      if (origin) issues.push(origin);
    });
    const currency = caseIssue(obj(doc['ExpDtls'])['ForCur'], isCurrency, ['ExpDtls', 'ForCur'], 'currency');
    if (currency) issues.push(currency);
    return issues;
  },
});

export const masterCaseRules = [masterCodeCase];
