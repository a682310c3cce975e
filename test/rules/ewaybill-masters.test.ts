import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { changed, ewbBase, OTHER_KA, TN_PARTY, withCheckChar } from './ewaybill-fixtures.js';

type Doc = Record<string, any>;
const today = { today: '15/06/2024' };
const codes = (issues: { code: string }[]): string[] => issues.map((i) => i.code);

/** An export from Karnataka by road to the port of Chennai, as ERPs send it to the e-waybill portal. */
function exportDoc(): Doc {
  return changed(ewbBase(), (d) => {
    d.subSupplyType = '3';
    d.toGstin = 'URP';
    d.toTrdName = 'Lindqvist Trading AB';
    d.toPlace = 'Gothenburg';
    d.toStateCode = 99;
    d.toPincode = 999999;
    d.actToStateCode = 33;
    d.transactionType = 2;
    d.shipToGstin = 'URP';
    d.cgstValue = 0;
    d.sgstValue = 0;
    d.igstValue = 9450;
    for (const item of d.itemList) Object.assign(item, { cgstRate: 0, sgstRate: 0, igstRate: 18 });
  });
}

describe("the e-waybill portal's own masters", () => {
  it('accepts an export with toStateCode 99 (the portal’s Other Countries) and toPincode 999999', () => {
    const result = validate('ewb', exportDoc(), today);
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('also accepts the e-invoice code 96 on an export', () => {
    expect(
      validate(
        'ewb',
        changed(exportDoc(), (d) => (d.toStateCode = 96)),
        today,
      ).errors,
    ).toEqual([]);
  });

  it('still refuses an export whose recipient is given an Indian state (373)', () => {
    const result = validate(
      'ewb',
      changed(exportDoc(), (d) => (d.toStateCode = 33)),
      today,
    );
    expect(codes(result.errors)).toContain('373');
  });

  it('accepts an import with fromStateCode 99 and fromPincode 999999', () => {
    const doc = changed(ewbBase(), (d) => {
      d.supplyType = 'I';
      d.subSupplyType = '2';
      d.docType = 'BOE';
      d.fromGstin = 'URP';
      d.fromTrdName = 'Hanse Maschinen GmbH';
      d.fromPlace = 'Hamburg';
      d.fromStateCode = 99;
      d.fromPincode = 999999;
      d.actFromStateCode = 29;
      d.transactionType = 1;
      d.toGstin = withCheckChar('29AAACB1234C1Z');
      d.toStateCode = 29;
      d.actToStateCode = 29;
      d.cgstValue = 0;
      d.sgstValue = 0;
      d.igstValue = 9450;
      for (const item of d.itemList) Object.assign(item, { cgstRate: 0, sgstRate: 0, igstRate: 18 });
    });
    const result = validate('ewb', doc, today);
    expect(codes(result.errors).filter((c) => c === '375' || c === '376' || c === '437')).toEqual([]);
  });

  it('state codes that differ from the GSTINs only warn (SVC-402/403): the sandbox generated such an e-waybill', () => {
    const doc = changed(ewbBase(), (d) => {
      d.toGstin = TN_PARTY;
      d.toStateCode = 29;
    });
    const result = validate('ewb', doc, today);
    expect(result.ok).toBe(true);
    expect(codes(result.warnings)).toContain('SVC-403');
    const from = validate(
      'ewb',
      changed(ewbBase(), (d) => (d.fromGstin = withCheckChar('33AAACB1234C1Z'))),
      today,
    );
    expect(from.ok).toBe(true);
    expect(codes(from.warnings)).toContain('SVC-402');
  });

  it('an SEZ recipient sent with toStateCode 99, as ERPs do, draws no state warning', () => {
    const doc = changed(ewbBase(), (d) => {
      d.toGstin = OTHER_KA;
      d.toStateCode = 99;
      d.cgstValue = 0;
      d.sgstValue = 0;
      d.igstValue = 9450;
      for (const item of d.itemList) Object.assign(item, { cgstRate: 0, sgstRate: 0, igstRate: 18 });
    });
    const result = validate('ewb', doc, today);
    expect(result.errors).toEqual([]);
    expect(codes(result.warnings)).not.toContain('SVC-403');
  });

  it('accepts CNT (credit note), on the portal’s document type list', () => {
    const result = validate(
      'ewb',
      changed(ewbBase(), (d) => (d.docType = 'CNT')),
      today,
    );
    expect(result.errors).toEqual([]);
  });

  it('accepts every unit of the e-invoice list, LTR and MTR included', () => {
    for (const unit of ['LTR', 'MTR', 'KGS', 'NOS']) {
      const result = validate(
        'ewb',
        changed(ewbBase(), (d) => (d.itemList[0].qtyUnit = unit)),
        today,
      );
      expect(codes(result.errors)).not.toContain('217');
    }
  });
});
