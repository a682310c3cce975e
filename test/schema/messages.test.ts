import { describe, expect, it } from 'vitest';
import { validate } from '../../src/validate.js';
import { example } from '../support/examples.js';

describe('issue messages', () => {
  it('name the field and say what is allowed', () => {
    const invoice = example('irn');
    invoice.DocDtls.No = 'INV#2026/000000001';
    const result = validate('irn', invoice, { today: '22/11/2026', rules: false });
    const messages = result.errors.filter((e) => e.path === '/DocDtls/No').map((e) => e.message);
    expect(messages.some((m) => m.startsWith('DocDtls.No: at most 16 characters'))).toBe(true);
  });

  it('collapse alternatives to one issue per field', () => {
    const invoice = example('irn');
    invoice.ItemList[0].Qty = 'ten';
    const result = validate('irn', invoice, { today: '22/11/2026', rules: false });
    const atQty = result.errors.filter((e) => e.path === '/ItemList/0/Qty');
    expect(atQty).toHaveLength(1);
    expect(atQty[0]).toMatchObject({ code: 'SVC-101', severity: 'error' });
    expect(atQty[0]!.message).toBe('ItemList[0].Qty: must be a number');
  });

  it('report a payload that is not an object at the document root', () => {
    for (const payload of [null, 42, 'text', [], true]) {
      const result = validate('irn', payload);
      expect(result.ok).toBe(false);
      expect(result.errors[0]).toMatchObject({ code: 'SVC-101', path: '' });
    }
  });
});

describe('one finding, one issue', () => {
  it('a rule repeating the schema GSTIN check adds nothing', () => {
    const invoice = example('irn');
    invoice.SellerDtls.Gstin = '29AAGCK4821M1Z5';
    const atGstin = validate('irn', invoice, { today: '22/11/2026' }).errors.filter((e) => e.path === '/SellerDtls/Gstin');
    expect(atGstin.map((e) => e.code)).toEqual(['SVC-152']);
  });

  it("the portal's own code replaces the schema's master check at the same place", () => {
    const ewb = example('ewb');
    ewb.fromGstin = '33AAHCT2290K1Z7';
    const atGstin = validate('ewb', ewb, { today: '22/11/2026' }).errors.filter((e) => e.path === '/fromGstin');
    expect(atGstin.map((e) => e.code)).toEqual(['208']);
  });
});
