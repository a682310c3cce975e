/**
 * Rules for a B2C invoice that asks for a payment QR: the e-invoice rules that make sense without a
 * registered recipient, plus the two that make it a B2C document.
 * @module
 */

import { error, pointer } from '../issue.js';
import type { Rule } from './rule.js';
import { einvoiceRules } from './einvoice/index.js';
import { einvoiceReader, gstinText } from './einvoice/reader.js';
import { defineRule } from './define.js';

export const paymentQrIsB2c = defineRule(einvoiceReader, {
  id: 'PQR-SUPPLY-B2C',
  code: 'SVC-310',
  certainty: 'certain',
  evidence: { spec: 'the service API specification, payment QR: B2C invoices only' },
  description: 'A payment QR is for B2C invoices: TranDtls.SupTyp must be B2C.',
  check: (_doc, _c, s) =>
    s.type !== 'B2C' ? [error('SVC-310', `TranDtls.SupTyp must be B2C for a payment QR, not ${s.type || '(missing)'}`, pointer('TranDtls', 'SupTyp'))] : [],
});

export const paymentQrNoBuyerGstin = defineRule(einvoiceReader, {
  id: 'PQR-BUYER-GSTIN',
  code: 'SVC-311',
  certainty: 'certain',
  evidence: { spec: 'the service API specification, payment QR: B2C invoices only' },
  description: 'A B2C invoice has an unregistered recipient: BuyerDtls.Gstin must be absent or null.',
  check: (doc) => {
    const buyer = doc['BuyerDtls'];
    const gstin = typeof buyer === 'object' && buyer !== null ? gstinText((buyer as Record<string, unknown>)['Gstin']) : undefined;
    return gstin !== undefined ? [error('SVC-311', `BuyerDtls.Gstin must be absent for a B2C invoice, not ${gstin}`, pointer('BuyerDtls', 'Gstin'))] : [];
  },
});

/** E-invoice rules that also hold for a B2C invoice. */
const shared = new Set([
  'EINV-SELLER-GSTIN',
  'EINV-SELLER-URP',
  'EINV-SELLER-STATE',
  'EINV-SELLER-STCD',
  'EINV-BUYER-STCD',
  'EINV-SHIP-DISP-STCD',
  'EINV-PIN-STATE',
  'EINV-POS-VALID',
  'EINV-POS-DOMESTIC',
  'EINV-TAX-INTRA',
  'EINV-TAX-INTRA-HEADS',
  'EINV-TAX-INTER',
  'EINV-TAX-CGST-SGST',
  'EINV-RATE',
  'EINV-ITEMS-EMPTY',
  'EINV-ITEMS-MAX',
  'EINV-SLNO-UNIQUE',
  'EINV-HSN-CHAPTER',
  'EINV-HSN-MASTER',
  'EINV-HSN-SERVICE',
  'EINV-UNIT',
  'EINV-QTY',
  'EINV-UNIT-REQUIRED',
  'EINV-DOC-TYPE',
  'EINV-DOC-NO',
  'EINV-DOC-DATE',
  'EINV-DOC-DATE-FUTURE',
  'EINV-DOC-DATE-WINDOW',
]);

/** Every payment-QR rule. */
export const paymentQrRules: Rule[] = [
  paymentQrIsB2c,
  paymentQrNoBuyerGstin,
  ...einvoiceRules.filter((rule) => shared.has(rule.id) || /^EINV-(ITEM|TOTAL|DISCOUNT)/.test(rule.id)),
];
