import { describe, expect, it } from 'vitest';
import { normalize } from '../../src/normalize/normalize.js';
import { validate } from '../../src/validate.js';
import { example } from '../support/examples.js';

/** Changes the letter case of every key, deeply, the way some ERPs write them. */
function recase(value: unknown, change: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => recase(v, change));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [change(k), recase(v, change)]));
  }
  return value;
}

describe('the tolerant reader', () => {
  it('reads the sample spellings of the IRN request as the canonical invoice', () => {
    const result = normalize('irn', example('irn-sample-spellings'));
    expect(result.value).toEqual(example('irn'));
    expect(result.warnings).toEqual([]);
  });

  it('reads subSypplyDesc as subSupplyDesc', () => {
    expect(normalize('ewb', example('ewb-sample-spellings')).value).toEqual(example('ewb'));
  });

  it('matches keys in any letter case', () => {
    for (const kind of ['irn', 'ewb', 'deal', 'ewb-detail', 'gstin-info'] as const) {
      const canonical = example(kind);
      expect(
        normalize(
          kind,
          recase(canonical, (k) => k.toLowerCase()),
        ).value,
      ).toEqual(canonical);
      expect(
        normalize(
          kind,
          recase(canonical, (k) => k.toUpperCase()),
        ).value,
      ).toEqual(canonical);
    }
  });

  it('moves each table spelling of the IRN request to its NIC v1.1 place', () => {
    const invoice = example('irn');
    const { ValDtls, PayDtls, RefDtls, ExpDtls, AddlDocDtls, ...rest } = invoice;
    const variant = {
      ...rest,
      ValDtl: ValDtls,
      PayDtl: PayDtls,
      RefDtl: { InvRm: RefDtls.InvRm, InvStDt: RefDtls.DocPerdDtls.InvStDt, InvEndDt: RefDtls.DocPerdDtls.InvEndDt },
      PrecDocDtls: RefDtls.PrecDocDtls,
      ContrDtls: RefDtls.ContrDtls,
      AddlDtls: AddlDocDtls,
      ExpDtl: ExpDtls,
    };
    expect(normalize('irn', variant).value).toEqual(invoice);
  });

  it('reads item spellings: BchDtl, OthSerialNumber, CessAmt', () => {
    const invoice = example('irn');
    const item = invoice.ItemList[0];
    const { BchDtls, PrdSlNo, CesAmt, ...itemRest } = item;
    const variantItem: Record<string, unknown> = { ...itemRest, BchDtl: BchDtls, OthSerialNumber: PrdSlNo, CessAmt: CesAmt };
    for (const k of Object.keys(variantItem)) if (variantItem[k] === undefined) delete variantItem[k];
    const variant = { ...invoice, ItemList: [variantItem, ...invoice.ItemList.slice(1)] };
    expect(normalize('irn', variant).value).toEqual(invoice);
  });

  it('reads TotAmt as TotItemVal when it plainly holds the total item value', () => {
    const invoice = example('irn');
    const item = { ...invoice.ItemList[0] };
    const total = item.TotItemVal;
    delete item.TotItemVal;
    item.TotAmt = total;
    const result = normalize<any>('irn', { ...invoice, ItemList: [item] });
    expect(result.value.ItemList[0].TotItemVal).toBe(total);
    expect(result.value.ItemList[0]).not.toHaveProperty('TotAmt');
    expect(result.warnings.map((w) => w.path)).toContain('/ItemList/0/TotAmt');
  });

  it('reads EwbStstus as EwbStatus', () => {
    const body = example('ewb-response');
    const { EwbStatus, ...rest } = body;
    expect(normalize('ewb-response', { ...rest, EwbStstus: EwbStatus }).value).toEqual(body);
  });

  it('reads GSTIN details given beside Success, as in the sample, into Result', () => {
    const body = example('gstin-info');
    const flat = { Success: body.Success, ...body.Result };
    expect(normalize('gstin-info', flat).value).toEqual(body);
  });

  it('keeps the canonical spelling when two spellings disagree, and says so', () => {
    const invoice = example('irn');
    const other = { ...invoice.ValDtls, TotInvVal: invoice.ValDtls.TotInvVal + 1 };
    const result = normalize<any>('irn', { ...invoice, ValDtl: other });
    expect(result.value.ValDtls).toEqual(invoice.ValDtls);
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'SVC-115', path: '/ValDtls' }));
  });

  it('names both spellings in the order sent, whichever comes first, and keeps the canonical one', () => {
    const invoice = example('irn');
    const other = { ...invoice.ValDtls, TotInvVal: invoice.ValDtls.TotInvVal + 1 };
    const { ValDtls, ...rest } = invoice;
    const otherFirst = normalize<any>('irn', { valdtls: other, ...rest, ValDtls });
    expect(otherFirst.value.ValDtls).toEqual(invoice.ValDtls);
    expect(otherFirst.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining('given as both valdtls and ValDtls with different values; ValDtls is used'),
    );
    const canonicalFirst = normalize<any>('irn', { ...invoice, valdtls: other });
    expect(canonicalFirst.value.ValDtls).toEqual(invoice.ValDtls);
    expect(canonicalFirst.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining('given as both ValDtls and valdtls with different values; ValDtls is used'),
    );
  });

  it('reports unknown keys with their path and leaves them out', () => {
    const invoice = example('irn');
    invoice.ItemList[1].Colour = 'blue';
    const result = normalize<any>('irn', invoice);
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'SVC-112', path: '/ItemList/1/Colour', severity: 'warning' }));
    expect(result.value.ItemList[1]).not.toHaveProperty('Colour');
  });

  it('treats null as not given in requests', () => {
    const invoice = example('irn');
    const result = validate('irn', { ...invoice, DispDtls: null, ShipDtls: null }, { today: '22/11/2026', rules: false });
    expect(result.value).not.toHaveProperty('DispDtls');
    expect(result.ok).toBe(true);
  });

  it('never lets __proto__ or constructor keys reach an object prototype', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "TranDtls": {"__proto__": {"x": 1}}}');
    const result = normalize<any>('irn', hostile);
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expect(result.value.polluted).toBeUndefined();
    expect(result.warnings.map((w) => w.path)).toEqual(expect.arrayContaining(['/__proto__', '/constructor', '/TranDtls/__proto__']));
  });
});
