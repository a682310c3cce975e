import { describe, expect, it } from 'vitest';
import { normalize, validate } from '../../src/index.js';
import { changed, ewbBase } from '../rules/ewaybill-fixtures.js';

/** A Part-A-only request as ERPs and the portal's own samples send it: blanks for what is not given. */
function erpRequest(): Record<string, any> {
  return changed(ewbBase(), (d) => {
    Object.assign(d, {
      subSupplyDesc: '',
      fromAddr2: '',
      toAddr2: '',
      dispatchFromGSTIN: '',
      dispatchFromTradeName: '',
      shipToGSTIN: '',
      shipToTradeName: '',
      transporterId: d.fromGstin,
      transporterName: '',
      transDocNo: '',
      transDocDate: '',
      transMode: '',
      vehicleNo: '',
      vehicleType: '',
      transDistance: '150',
      mainHsnCode: 8471,
      userGstin: d.fromGstin,
    });
    d.itemList = d.itemList.map((item: Record<string, unknown>, i: number) => ({ itemNo: i + 1, ...item, productDesc: '' }));
  });
}

describe('e-waybill requests as ERPs send them', () => {
  it('reads blank fields as absent, as the portal does, and accepts the request', () => {
    const result = validate('ewb', erpRequest(), { today: '15/06/2024' });
    expect(result.errors).toEqual([]);
    const value = result.value as Record<string, any>;
    for (const key of ['transDocDate', 'transporterName', 'vehicleNo', 'transMode', 'subSupplyDesc', 'shipToGstin']) expect(value).not.toHaveProperty(key);
    expect(value.itemList[0]).not.toHaveProperty('productDesc');
    expect(result.warnings.filter((w) => w.code === 'SVC-112')).toEqual([]);
  });

  it('knows the API fields the canonical request had left out (dispatch-from, main HSN, user GSTIN, item number)', () => {
    const value = normalize(
      'ewb',
      changed(erpRequest(), (d) => ((d.transactionType = 3), (d.dispatchFromGSTIN = d.toGstin), (d.dispatchFromTradeName = 'Depot'))),
    ).value as Record<string, any>;
    expect(value).toMatchObject({ dispatchFromGstin: expect.any(String), dispatchFromTrdName: 'Depot', mainHsnCode: 8471 });
    expect(value.itemList[1].itemNo).toBe(2);
  });

  it('reads the bulk-upload spellings of the offline tool', () => {
    const bulk = changed(ewbBase(), (d) => {
      d.actualFromStateCode = d.actFromStateCode;
      d.actualToStateCode = d.actToStateCode;
      d.transType = d.transactionType;
      d.TotNonAdvolVal = 0;
      d.OthValue = 0;
      delete d.actFromStateCode;
      delete d.actToStateCode;
      delete d.transactionType;
      delete d.cessNonAdvolValue;
      delete d.otherValue;
    });
    const result = validate('ewb', bulk, { today: '15/06/2024' });
    expect(result.errors).toEqual([]);
    expect(result.value).toMatchObject({ actFromStateCode: 29, actToStateCode: 29, transactionType: 1, cessNonAdvolValue: 0, otherValue: 0 });
  });

  it('keeps a blank where a number belongs for the schema to refuse (no guessed number)', () => {
    const result = validate(
      'ewb',
      changed(erpRequest(), (d) => (d.totalValue = '')),
      { today: '15/06/2024' },
    );
    expect(result.errors).toContainEqual(expect.objectContaining({ path: '/totalValue' }));
  });

  it('still refuses a required field sent blank, as missing', () => {
    const result = validate(
      'ewb',
      changed(erpRequest(), (d) => (d.docNo = '  ')),
      { today: '15/06/2024' },
    );
    expect(result.errors).toContainEqual(expect.objectContaining({ code: 'SVC-100', path: '/docNo' }));
  });

  it('leaves the input unchanged', () => {
    const input = erpRequest();
    const copy = structuredClone(input);
    validate('ewb', input, { today: '15/06/2024' });
    expect(input).toEqual(copy);
  });
});
