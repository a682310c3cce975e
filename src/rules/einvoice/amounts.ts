/**
 * Arithmetic rules: each reports the differences {@link checkAmounts} finds under one IRP code.
 * @module
 */

import type { Issue } from '../../issue.js';
import { checkAmounts } from '../../compute/check-amounts.js';
import { sharedResult, type Rule, type RuleContext } from '../rule.js';
import { party, someLine, type Doc, einvoiceReader } from './reader.js';
import { defineRule } from '../define.js';
import { isRspHsn } from './tobacco.js';
import { dayNumber } from '../../masters/rates.js';
import { text } from '../../compute/payload.js';
import { irp } from './evidence.js';

/** checkAmounts for one document, computed once for all the arithmetic rules of a validation run. */
function amountIssues(doc: Doc, context: RuleContext): Issue[] {
  return sharedResult(context, 'einvoice:checkAmounts', () => checkAmounts(doc));
}

/**
 * NIC's relaxation for goods valued on retail sale price (relayed to GSPs 28/01/2026; domain-2026.md 1.3,
 * LIKELY): for documents dated from 01/02/2026 with at least one such line, the IRP skips the item total
 * (2194) and the tax amount checks (2234, 2235) for the whole document, since tax is computed on the RSP.
 */
const RSP_RELAXED = new Set(['2194', '2234', '2235']);
const RSP_FROM = dayNumber('01/02/2026')!;

function rspRelaxed(doc: Doc): boolean {
  const day = dayNumber(text(party(doc, 'DocDtls')['Dt']));
  return day !== undefined && day >= RSP_FROM && someLine(doc, (item) => isRspHsn(text(item['HsnCd'])));
}

function arithmetic(id: string, code: string, certainty: Rule['certainty'], description: string): Rule {
  const relaxed = RSP_RELAXED.has(code);
  return defineRule(einvoiceReader, {
    id,
    code,
    certainty,
    evidence: irp(code),
    description: relaxed
      ? `${description} Not checked on documents dated from 01/02/2026 with a line valued on retail sale price (HSN 21069020, 2401, 2402, 2403, 24041100, 24041900).`
      : description,
    check: (doc, context) => {
      // A document that adds up (the usual case) has nothing for any of these rules, relaxed or not.
      const found = amountIssues(doc, context);
      if (found.length === 0) return [];
      return relaxed && rspRelaxed(doc) ? [] : found.filter((issue) => issue.code === code).map((issue) => ({ ...issue }));
    },
  });
}

const tolerance = 'within the IRP tolerance (rupee part - 1 to next rupee + 1)';

export const amountRules: Rule[] = [
  arithmetic('EINV-ITEM-TOTAMT', '2192', 'certain', `Each line's TotAmt must equal Qty x UnitPrice ${tolerance}.`),
  arithmetic('EINV-ITEM-ASSAMT', '2193', 'certain', `Each line's AssAmt must equal TotAmt - Discount ${tolerance}.`),
  arithmetic(
    'EINV-ITEM-GST',
    '2234',
    'certain',
    `On intra-state lines CgstAmt and SgstAmt must each equal AssAmt x GstRt / 2 ${tolerance} (not checked on credit and debit notes).`,
  ),
  arithmetic(
    'EINV-ITEM-IGST',
    '2235',
    'certain',
    `On inter-state lines IgstAmt must equal AssAmt x GstRt ${tolerance}; 0 is accepted for EXPWOP and SEZWOP (not checked on credit and debit notes).`,
  ),
  arithmetic('EINV-ITEM-CESS', '2266', 'certain', `Each line's CesAmt must equal AssAmt x CesRt ${tolerance}.`),
  arithmetic('EINV-ITEM-STATECESS', '2267', 'likely', `Each line's StateCesAmt must equal AssAmt x StateCesRt ${tolerance}.`),
  arithmetic('EINV-ITEM-TOTAL', '2194', 'certain', `Each line's TotItemVal must equal AssAmt + all GST and cess amounts + OthChrg ${tolerance}.`),
  arithmetic('EINV-TOTAL-ASSVAL', '2182', 'certain', `ValDtls.AssVal must equal the sum of the lines' AssAmt ${tolerance}.`),
  arithmetic('EINV-TOTAL-SGST', '2183', 'certain', `ValDtls.SgstVal must equal the sum of the lines' SgstAmt ${tolerance}.`),
  arithmetic('EINV-TOTAL-CGST', '2184', 'certain', `ValDtls.CgstVal must equal the sum of the lines' CgstAmt ${tolerance}.`),
  arithmetic('EINV-TOTAL-IGST', '2185', 'certain', `ValDtls.IgstVal must equal the sum of the lines' IgstAmt ${tolerance}.`),
  arithmetic('EINV-TOTAL-CESS', '2186', 'certain', `ValDtls.CesVal must equal the sum of the lines' CesAmt and CesNonAdvlAmt ${tolerance}.`),
  arithmetic('EINV-TOTAL-STCESS', '2187', 'certain', `ValDtls.StCesVal must equal the sum of the lines' state cess ${tolerance}.`),
  arithmetic(
    'EINV-TOTAL-NONADVL-CESS',
    '2188',
    'uncertain',
    "ValDtls.CesVal must include the lines' non-ad-valorem cess; reported when CesVal matches the ad valorem cess alone (how the IRP tells 2188 from 2186 is not known).",
  ),
  arithmetic('EINV-TOTAL-INVVAL', '2189', 'certain', `ValDtls.TotInvVal must equal the sum of TotItemVal + OthChrg - Discount + RndOffAmt ${tolerance}.`),
  arithmetic(
    'EINV-DISCOUNT',
    '2220',
    'likely',
    'ValDtls.Discount must be smaller than the invoice value before discount (sum of TotItemVal + OthChrg); which value the IRP compares with is not certain.',
  ),
];
