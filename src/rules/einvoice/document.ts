/**
 * Rules on the document details: type, number and date.
 * @module
 */

import { error, pointer } from '../../issue.js';
import { daysBetween, parseDate } from '../../compute/dates.js';
import { text } from '../../compute/payload.js';
import { party, einvoiceReader } from './reader.js';
import { defineRule } from '../define.js';
import { irp, irpWithoutCode, NIC_SCHEMA } from './evidence.js';

/** Document number: 1 to 16 characters from A-Z a-z 0-9 / -, not starting with 0, / or -. */
export const DOC_NO_PATTERN = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;

const docDate = (doc: Record<string, unknown>): string | undefined => {
  const dt = party(doc, 'DocDtls')['Dt'];
  return typeof dt === 'string' ? dt.trim() : undefined;
};

export const documentType = defineRule(einvoiceReader, {
  id: 'EINV-DOC-TYPE',
  code: '2161',
  certainty: 'certain',
  evidence: irp('2161'),
  description: 'DocDtls.Typ must be INV, CRN or DBN.',
  check: (doc) => {
    const typ = text(party(doc, 'DocDtls')['Typ']);
    return typ !== undefined && !['INV', 'CRN', 'DBN'].includes(typ.toUpperCase())
      ? [error('2161', `DocDtls.Typ ${typ} is not INV, CRN or DBN`, pointer('DocDtls', 'Typ'))]
      : [];
  },
});

export const documentNumber = defineRule(einvoiceReader, {
  id: 'EINV-DOC-NO',
  code: 'SVC-306',
  certainty: 'likely',
  evidence: irpWithoutCode(`${NIC_SCHEMA}: DocNo pattern`),
  description: 'DocDtls.No must be 1 to 16 characters of letters, digits, / and -, and must not start with 0, / or -.',
  check: (doc) => {
    const no = party(doc, 'DocDtls')['No'];
    if (typeof no !== 'string' || no === '') return [];
    return DOC_NO_PATTERN.test(no)
      ? []
      : [
          error(
            'SVC-306',
            `DocDtls.No ${JSON.stringify(no)} must be at most 16 letters, digits, / or -, not starting with 0, / or -`,
            pointer('DocDtls', 'No'),
          ),
        ];
  },
});

export const documentDateFormat = defineRule(einvoiceReader, {
  id: 'EINV-DOC-DATE',
  code: '2144',
  certainty: 'certain',
  evidence: irp('2144'),
  description: 'DocDtls.Dt must be a real date written DD/MM/YYYY.',
  check: (doc) => {
    const dt = docDate(doc);
    return dt !== undefined && parseDate(dt) === undefined
      ? [error('2144', `DocDtls.Dt ${JSON.stringify(dt)} is not a real date in DD/MM/YYYY`, pointer('DocDtls', 'Dt'))]
      : [];
  },
});

export const documentDateNotFuture = defineRule(einvoiceReader, {
  id: 'EINV-DOC-DATE-FUTURE',
  code: '2163',
  certainty: 'likely',
  evidence: irp('2163'),
  description: 'DocDtls.Dt cannot be later than today (India time). The refusal is certain; the code 2163 is likely.',
  check: (doc, context) => {
    const dt = docDate(doc);
    const days = dt === undefined ? undefined : daysBetween(context.today, dt);
    return days !== undefined && days > 0 ? [error('2163', `DocDtls.Dt ${dt} is later than today (${context.today})`, pointer('DocDtls', 'Dt'))] : [];
  },
});

export const documentRules = [documentType, documentNumber, documentDateFormat, documentDateNotFuture];
