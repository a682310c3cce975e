import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { completeInvoice } from '../../src/compute/index.js';
import { intra, loose, rawIntra } from './einvoice-fixtures.js';

const today = '20/06/2024';

describe('e-invoices the IRP accepts', () => {
  it('a B2B invoice shipped to another state than the place of supply (no 2245)', () => {
    const doc = intra();
    loose(doc).ShipDtls = { LglNm: 'Depot', Addr1: 'Bhiwandi', Loc: 'Thane', Pin: 421302, Stcd: '27' };
    const result = validate('irn', doc, { today, strict: true });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.code)).not.toContain('2245');
  });

  it('a service line without Unit', () => {
    const doc = intra();
    delete loose(doc).ItemList[2].Unit;
    const result = validate('irn', doc, { today });
    expect(result.errors).toEqual([]);
  });

  it('a credit note for a price revision: goods lines with quantity 0', () => {
    const raw = rawIntra();
    raw.DocDtls = { Typ: 'CRN', No: 'CN/24-25/0007', Dt: '18/06/2024' };
    raw.ItemList = [
      {
        SlNo: '1',
        PrdDesc: 'Laptop price revision',
        IsServc: 'N',
        HsnCd: '84713010',
        Qty: 0,
        Unit: 'NOS',
        UnitPrice: 0,
        TotAmt: 0,
        Discount: 0,
        AssAmt: 1000,
        GstRt: 18,
      },
    ];
    raw.ValDtls = {};
    const doc = completeInvoice(raw, { roundOff: 'rupee' });
    const result = validate('irn', doc, { today });
    expect(result.errors.filter((e) => e.code === '2238' || e.code === 'SVC-107')).toEqual([]);
  });
});

describe('e-invoices the IRP refuses', () => {
  it('a goods line without Unit (2239) or without any quantity (2238)', () => {
    const doc = intra();
    delete loose(doc).ItemList[0].Unit;
    delete loose(doc).ItemList[1].Qty;
    const codes = validate('irn', doc, { today }).errors.map((e) => [e.code, e.path]);
    expect(codes).toContainEqual(['2239', '/ItemList/0/Unit']);
    expect(codes).toContainEqual(['2238', '/ItemList/1/Qty']);
  });

  it('a negative adjustment line: the IRP schema has minimum 0 on line amounts', () => {
    const doc = intra();
    loose(doc).ItemList[0].Discount = -100;
    expect(validate('irn', doc, { today }).errors).toContainEqual(expect.objectContaining({ code: 'SVC-107', path: '/ItemList/0/Discount' }));
  });
});
