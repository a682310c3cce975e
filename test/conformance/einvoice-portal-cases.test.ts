/**
 * The IRP schema's verdicts that matter most to real invoices, with fixtures of our own (these run without
 * ../shared): what the IRP registers is accepted, what it refuses is refused, and the specification's tighter
 * limits are warnings that only strict mode turns into errors.
 */

import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { fullInvoice } from './full-invoice.js';

const today = '27/11/2026';
const codesAt = (issues: Array<{ code: string; path: string }>, path: string): string[] => issues.filter((i) => i.path === path).map((i) => i.code);

describe('looser than the specification: accepted, with a warning naming its limit', () => {
  it('a unit price with three decimals', () => {
    const doc = fullInvoice();
    doc.ItemList[0].UnitPrice = 52500.125;
    doc.ItemList[0].Qty = 8;
    doc.ItemList[0].TotAmt = 420001;
    const schemaOnly = validate('irn', doc, { rules: false, today });
    expect(schemaOnly.errors).toEqual([]);
    const full = validate('irn', doc, { today });
    expect(codesAt(full.errors, '/ItemList/0/UnitPrice')).toEqual([]);
    const warning = full.warnings.find((w) => w.path === '/ItemList/0/UnitPrice');
    expect(warning?.code).toBe('SVC-315');
    expect(warning?.message).toContain('Number(12,2)');
    const strict = validate('irn', doc, { today, strict: true });
    expect(codesAt(strict.errors, '/ItemList/0/UnitPrice')).toEqual(['SVC-315']);
  });

  it('a one-digit state code is read with its leading zero', () => {
    const doc = fullInvoice();
    doc.BuyerDtls.Pos = '7';
    const result = validate('irn', doc, { rules: false, today });
    expect(result.errors).toEqual([]);
    expect((result.value as any).BuyerDtls.Pos).toBe('07');
    expect(codesAt(result.warnings, '/BuyerDtls/Pos')).toEqual(['SVC-118']);
  });

  it('a unit in lower case, and a unit of more than three letters that the master holds', () => {
    const doc = fullInvoice();
    doc.ItemList[0].Unit = 'nos';
    const lower = validate('irn', doc, { today });
    expect(codesAt(lower.errors, '/ItemList/0/Unit')).toEqual([]);
    expect(codesAt(lower.warnings, '/ItemList/0/Unit')).toEqual(['SVC-314']);
    doc.ItemList[0].Unit = 'XYZ';
    expect(codesAt(validate('irn', doc, { today }).errors, '/ItemList/0/Unit')).toContain('2177');
  });

  it('a backslash in free text', () => {
    const doc = fullInvoice();
    doc.SellerDtls.LglNm = 'Kaveri \\ Components';
    expect(validate('irn', doc, { rules: false, today }).errors).toEqual([]);
  });
});

describe('stricter than the specification: refused, as the IRP refuses', () => {
  const refusedAt = (edit: (doc: Record<string, any>) => void, path: string): string[] => {
    const doc = fullInvoice();
    edit(doc);
    return codesAt(validate('irn', doc, { rules: false, today }).errors, path);
  };

  it('a double quote in a name', () => {
    expect(refusedAt((d) => (d.BuyerDtls.LglNm = 'Nandi "Hills" Retail'), '/BuyerDtls/LglNm')).toEqual(['SVC-104']);
  });

  it('a seller place of 51 characters, where a buyer may have 100', () => {
    expect(refusedAt((d) => (d.SellerDtls.Loc = 'B'.repeat(51)), '/SellerDtls/Loc')).toEqual(['SVC-102']);
    expect(refusedAt((d) => (d.BuyerDtls.Loc = 'B'.repeat(51)), '/BuyerDtls/Loc')).toEqual([]);
  });

  it('a B2C supply, and a line without its total', () => {
    expect(refusedAt((d) => (d.TranDtls.SupTyp = 'B2C'), '/TranDtls/SupTyp')).toEqual(['SVC-105']);
    expect(refusedAt((d) => delete d.ItemList[0].TotItemVal, '/ItemList/0/TotItemVal')).toEqual(['SVC-100']);
  });

  it('an HSN code of zeros, and a two-character legal name', () => {
    expect(refusedAt((d) => (d.ItemList[0].HsnCd = '0000'), '/ItemList/0/HsnCd')).toEqual(['SVC-104']);
    expect(refusedAt((d) => (d.SellerDtls.LglNm = 'KC'), '/SellerDtls/LglNm')).toEqual(['SVC-103']);
  });
});
