import { describe, expect, it } from 'vitest';
import { paymentUri } from '../../src/render/upi/index.js';

function b2c(): Record<string, unknown> {
  return {
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2C' },
    DocDtls: { Typ: 'INV', No: 'INV/001', Dt: '01/10/2025' },
    SellerDtls: { Gstin: '29AABCT1332L1ZU', LglNm: 'Sundaram Works' },
    BuyerDtls: { LglNm: 'Asha & Sons', Pos: '29' },
    ValDtls: { AssVal: 100, CgstVal: 9, SgstVal: 9, TotInvVal: 118 },
  };
}
const payee = { upiId: 'sundaram@okicici', payeeName: 'Sundaram Works' };

function params(uri: string): URLSearchParams {
  expect(uri.startsWith('upi://pay?')).toBe(true);
  return new URLSearchParams(uri.slice('upi://pay?'.length));
}

describe('payment URI', () => {
  it('carries payee, amount and the GST parameters', () => {
    const r = paymentUri(b2c(), { ...payee, merchantCode: '5411' });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const p = params(r.value);
    expect(p.get('pa')).toBe('sundaram@okicici');
    expect(p.get('pn')).toBe('Sundaram Works');
    expect(p.get('mc')).toBe('5411');
    expect(p.get('am')).toBe('118.00');
    expect(p.get('cu')).toBe('INR');
    expect(p.get('gstIn')).toBe('29AABCT1332L1ZU');
    expect(p.get('invoiceNo')).toBe('INV/001');
    expect(p.get('invoiceDate')).toBe('2025-10-01T00:00:00+05:30');
    expect(p.get('invoiceName')).toBe('Asha & Sons');
    expect(p.get('gstBrkUp')).toBe('GST:18.00|CGST:9.00|SGST:9.00');
    expect(r.value).toContain('gstBrkUp=GST:18.00%7CCGST:9.00%7CSGST:9.00');
    expect(r.value).toContain('invoiceDate=2025-10-01T00:00:00%2B05:30');
    expect(r.value).toContain('invoiceName=Asha%20%26%20Sons');
  });

  it('uses IGST for inter-state and adds cess', () => {
    const inv = b2c();
    inv['ValDtls'] = { AssVal: 100, IgstVal: 28, CesVal: 12, TotInvVal: 140 };
    const r = paymentUri(inv, payee);
    expect(r.ok && params(r.value).get('gstBrkUp')).toBe('GST:40.00|IGST:28.00|CESS:12.00');
  });

  it('asks only for the balance after part payment', () => {
    const r = paymentUri(b2c(), payee, { paidAmount: 18.5 });
    expect(r.ok && params(r.value).get('am')).toBe('99.50');
    const full = paymentUri(b2c(), payee, { paidAmount: 118 });
    expect(full.ok ? '' : full.errors[0]?.code).toBe('SVC-515');
    const neg = paymentUri(b2c(), payee, { paidAmount: -1 });
    expect(neg.ok ? '' : neg.errors[0]?.code).toBe('SVC-514');
  });

  it('refuses a bad UPI id, a B2B invoice and bad bank details', () => {
    for (const upiId of ['', 'no-at-sign', 'a@', '@bank', 'x y@bank']) {
      const r = paymentUri(b2c(), { ...payee, upiId });
      expect(r.ok ? '' : r.errors.map((e) => e.code)).toContain('SVC-512');
    }
    const inv = b2c();
    inv['TranDtls'] = { SupTyp: 'B2B' };
    const b2b = paymentUri(inv, payee);
    expect(b2b.ok ? '' : b2b.errors[0]?.code).toBe('SVC-510');
    const bank = paymentUri(b2c(), { ...payee, ifsc: 'BAD', accountNumber: '12' });
    expect(bank.ok ? [] : bank.errors.map((e) => e.path)).toEqual(['/ifsc', '/accountNumber']);
  });
});
