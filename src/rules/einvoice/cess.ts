/**
 * The end of compensation cess: nil for most goods from 22/09/2025 (notification 02/2025-Compensation
 * Cess (Rate)) and for tobacco and pan masala from 01/02/2026 (03/2025-Compensation Cess (Rate)). A
 * warning only: credit and debit notes for older invoices legitimately carry cess, and the IRP is not
 * known to check it.
 * @module
 */

import { pointer, warning } from '../../issue.js';
import { text } from '../../compute/payload.js';
import { lineIssues, nonZero, type Doc, einvoiceReader } from './reader.js';
import { defineRule } from '../define.js';
import { isTobaccoOrPanMasala } from './tobacco.js';

const CESS_NOTE = 'compensation cess is nil for these goods on this date; a note for an older invoice may still carry it';

function cessLines(doc: Doc, tobacco: boolean) {
  return lineIssues(doc, (item, index) => {
    const hsn = text(item['HsnCd']);
    if (isTobaccoOrPanMasala(hsn) !== tobacco) return undefined;
    const key = ['CesRt', 'CesAmt', 'CesNonAdvlAmt'].find((k) => nonZero(item[k]));
    return key === undefined
      ? undefined
      : warning('SVC-312', `ItemList[${index}].${key}: ${CESS_NOTE} (HSN ${hsn ?? 'not given'})`, pointer('ItemList', index, key));
  });
}

export const cessEndedForGoods = defineRule(einvoiceReader, {
  id: 'EINV-CESS-ENDED',
  code: 'SVC-312',
  severity: 'warning',
  certainty: 'certain',
  evidence: 'own',
  since: '22/09/2025',
  description:
    'Compensation cess is nil from 22/09/2025 for goods other than tobacco and pan masala (notification 02/2025-Compensation Cess (Rate)); a line carrying cess is reported, as a warning only (credit notes for older invoices carry it).',
  check: (doc) => cessLines(doc, false),
});

export const cessEndedForTobacco = defineRule(einvoiceReader, {
  id: 'EINV-CESS-ENDED-TOBACCO',
  code: 'SVC-312',
  severity: 'warning',
  certainty: 'certain',
  evidence: 'own',
  since: '01/02/2026',
  description:
    'Compensation cess is nil from 01/02/2026 for tobacco and pan masala too (HSN chapter 24, 21069020; notification 03/2025-Compensation Cess (Rate)); a warning only, as above.',
  check: (doc) => cessLines(doc, true),
});

export const cessRules = [cessEndedForGoods, cessEndedForTobacco];
