/**
 * The UPI payment URI of a B2C invoice on every runtime.
 * @module
 */
import { paymentUri } from '../../src/render/upi/index.js';
import { describe, expect, it, same } from './harness.js';

describe('UPI', () => {
  it('builds the payment URI with the GST break-up', () => {
    const invoice = {
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2C' },
      DocDtls: { Typ: 'INV', No: 'INV/001', Dt: '01/10/2025' },
      SellerDtls: { Gstin: '29AABCT1332L1ZU', LglNm: 'Sundaram Works' },
      BuyerDtls: { LglNm: 'Asha & Sons', Pos: '29' },
      ValDtls: { AssVal: 100, CgstVal: 9, SgstVal: 9, TotInvVal: 118 },
    };
    const r = paymentUri(invoice, { upiId: 'sundaram@okicici', payeeName: 'Sundaram Works' });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const p = new URLSearchParams(r.value.slice('upi://pay?'.length));
    expect(p.get('am')).toBe('118.00');
    expect(p.get('gstBrkUp')).toBe('GST:18.00|CGST:9.00|SGST:9.00');
    expect(r.value).toContain('invoiceDate=2025-10-01T00:00:00%2B05:30');
    same('upi uri', r.value);
  });
});
