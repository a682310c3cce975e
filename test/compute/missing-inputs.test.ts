import { describe, expect, test } from 'vitest';
import { checkAmounts, completeInvoice, completeInvoiceWithGaps, type IrnDraft } from '../../src/compute/index.js';

/** An intra-state invoice of one service line; `line` replaces fields of the line. */
function serviceInvoice(line: Record<string, unknown>, valDtls: Record<string, unknown> = {}): IrnDraft {
  return {
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' },
    DocDtls: { Typ: 'INV', No: 'S/1', Dt: '15/06/2026' },
    SellerDtls: { Stcd: '29' },
    BuyerDtls: { Pos: '29' },
    ItemList: [{ SlNo: '1', IsServc: 'Y', HsnCd: '998313', UnitPrice: 10000, GstRt: 18, ...line }],
    ValDtls: valDtls,
  };
}

const item = (doc: IrnDraft): Record<string, unknown> => doc.ItemList?.[0] as Record<string, unknown>;

describe('a missing input is never read as zero', () => {
  test('a service line without Qty keeps the TotAmt it carries, and everything after it follows', () => {
    const done = completeInvoice(serviceInvoice({ TotAmt: 10000 }));
    expect(item(done)).toMatchObject({ TotAmt: 10000, AssAmt: 10000, CgstAmt: 900, SgstAmt: 900, IgstAmt: 0, TotItemVal: 11800 });
    expect(done.ValDtls).toMatchObject({ AssVal: 10000, CgstVal: 900, SgstVal: 900, TotInvVal: 11800 });
    expect(completeInvoiceWithGaps(serviceInvoice({ TotAmt: 10000 })).gaps).toEqual([]);
  });

  test('a service line without Qty and without TotAmt is left without amounts, each reported', () => {
    const { value, gaps } = completeInvoiceWithGaps(serviceInvoice({}));
    for (const field of ['TotAmt', 'AssAmt', 'CgstAmt', 'SgstAmt', 'TotItemVal']) expect(item(value)).not.toHaveProperty(field);
    for (const field of ['AssVal', 'CgstVal', 'SgstVal', 'TotInvVal']) expect(value.ValDtls).not.toHaveProperty(field);
    expect(gaps.every((g) => g.code === 'SVC-530' && g.severity === 'warning')).toBe(true);
    expect(gaps.map((g) => g.path)).toEqual([
      '/ItemList/0/TotAmt',
      '/ItemList/0/AssAmt',
      '/ItemList/0/CgstAmt',
      '/ItemList/0/SgstAmt',
      '/ItemList/0/TotItemVal',
      '/ValDtls/AssVal',
      '/ValDtls/CgstVal',
      '/ValDtls/SgstVal',
      '/ValDtls/TotInvVal',
    ]);
    expect(gaps[0]?.message).toContain('no Qty');
  });

  test('a line that carries AssAmt but no TotAmt still gets its taxes and totals', () => {
    const { value, gaps } = completeInvoiceWithGaps(serviceInvoice({ AssAmt: 5000 }));
    expect(item(value)).not.toHaveProperty('TotAmt');
    expect(item(value)).toMatchObject({ AssAmt: 5000, CgstAmt: 450, SgstAmt: 450, TotItemVal: 5900 });
    expect(value.ValDtls).toMatchObject({ AssVal: 5000, TotInvVal: 5900 });
    expect(gaps.map((g) => g.path)).toEqual(['/ItemList/0/TotAmt']);
  });

  test('without GstRt the tax heads are not derived; overwrite keeps a sent amount it cannot derive', () => {
    const { value, gaps } = completeInvoiceWithGaps(serviceInvoice({ Qty: 1, GstRt: undefined, CgstAmt: 900 }), { overwrite: true });
    expect(item(value)).toMatchObject({ TotAmt: 10000, AssAmt: 10000, CgstAmt: 900 });
    expect(item(value)).not.toHaveProperty('SgstAmt');
    expect(gaps.map((g) => g.path)).toEqual(['/ItemList/0/SgstAmt', '/ItemList/0/TotItemVal', '/ValDtls/SgstVal', '/ValDtls/TotInvVal']);
  });

  test('an invoice without lines has no totals to fill', () => {
    const { value, gaps } = completeInvoiceWithGaps({ ItemList: [], ValDtls: {} });
    expect(value.ValDtls).not.toHaveProperty('TotInvVal');
    expect(value.ValDtls).not.toHaveProperty('AssVal');
    expect(gaps.map((g) => g.path)).toContain('/ValDtls/TotInvVal');
  });

  test('a rupee round-off of a total that is not known is not derived either', () => {
    const { value, gaps } = completeInvoiceWithGaps(serviceInvoice({}), { roundOff: 'rupee' });
    expect(value.ValDtls).not.toHaveProperty('RndOffAmt');
    expect(gaps.map((g) => g.path)).toContain('/ValDtls/RndOffAmt');
  });

  test('checkAmounts compares a sent amount with nothing when its inputs are missing, never with zero', () => {
    // TotAmt missing: AssAmt 10000 has nothing to be compared with (the old reading gave 2193 against 0).
    expect(checkAmounts(serviceInvoice({ AssAmt: 10000, CgstAmt: 900, SgstAmt: 900, TotItemVal: 11800 }))).toEqual([]);
    // A line whose AssAmt is unknown: the sent AssVal is not compared with a sum that treats it as 0.
    expect(checkAmounts(serviceInvoice({}, { AssVal: 10000 }))).toEqual([]);
    // What can be compared still is.
    expect(checkAmounts(serviceInvoice({ TotAmt: 10000, AssAmt: 9000 })).map((i) => i.code)).toEqual(['2193']);
  });
});
