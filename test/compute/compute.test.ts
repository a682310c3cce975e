import { describe, expect, test } from 'vitest';
import {
  Decimal,
  addDays,
  canCancelIrn,
  checkAmounts,
  completeInvoice,
  daysBetween,
  financialYear,
  grossAmount,
  invoiceTotals,
  irnCancelDeadline,
  irnOf,
  parseDate,
  roundOffAmount,
  supplyOf,
  taxSplit,
  taxableValue,
  todayInIndia,
  toleranceRange,
  totalItemValue,
  withinTolerance,
  formatIstDateTime,
  computeLine,
} from '../../src/compute/index.js';

const s = (d: Decimal): string => d.toFixed(2);

describe('line amounts', () => {
  test('TotAmt = Qty x UnitPrice, rounded half-up to 2 places', () => {
    expect(s(grossAmount(12.5, 33.33))).toBe('416.63'); // 416.625
    expect(s(grossAmount('3', '0.005'))).toBe('0.02'); // 0.015
    expect(s(grossAmount(undefined, 10))).toBe('0.00');
    expect(s(grossAmount('abc' as never, 10))).toBe('0.00');
  });

  test('AssAmt = TotAmt - Discount', () => {
    expect(s(taxableValue(90501, 500))).toBe('90001.00');
    expect(s(taxableValue(100, undefined))).toBe('100.00');
  });

  test('TotItemVal adds every head and other charges', () => {
    expect(
      s(totalItemValue({ AssAmt: 100, IgstAmt: 1, CgstAmt: 2, SgstAmt: 3, CesAmt: 4, CesNonAdvlAmt: 5, StateCesAmt: 6, StateCesNonAdvlAmt: 7, OthChrg: 8 })),
    ).toBe('136.00');
  });
});

describe('tax split', () => {
  test('intra-state halves the rate into CGST and SGST, each rounded on its own', () => {
    const t = taxSplit(416.63, 18, false);
    expect([s(t.IgstAmt), s(t.CgstAmt), s(t.SgstAmt)]).toEqual(['0.00', '37.50', '37.50']); // 37.49670
  });

  test('inter-state puts the whole rate on IGST', () => {
    const t = taxSplit(416.63, 18, true);
    expect([s(t.IgstAmt), s(t.CgstAmt), s(t.SgstAmt)]).toEqual(['74.99', '0.00', '0.00']);
  });

  test('supply: same state is intra unless IgstOnIntra; exports and SEZ are inter-state', () => {
    const base = { SellerDtls: { Stcd: '29' }, BuyerDtls: { Pos: '29' } };
    expect(supplyOf({ ...base, TranDtls: { SupTyp: 'B2B' } }).interState).toBe(false);
    expect(supplyOf({ ...base, TranDtls: { SupTyp: 'B2B', IgstOnIntra: 'Y' } }).interState).toBe(true);
    expect(supplyOf({ ...base, TranDtls: { SupTyp: 'SEZWOP' } })).toMatchObject({ interState: true, sez: true, withoutPayment: true });
    expect(supplyOf({ ...base, TranDtls: { SupTyp: 'EXPWP' } })).toMatchObject({ interState: true, export: true, withoutPayment: false });
    expect(supplyOf({ SellerDtls: { Stcd: 9 }, BuyerDtls: { Pos: '09' } }).interState).toBe(false);
    expect(supplyOf(null).type).toBe('');
  });

  test('EXPWOP lines carry no IGST when completed, but a non-zero IGST is checked against the rate', () => {
    const supply = supplyOf({ TranDtls: { SupTyp: 'EXPWOP' } });
    const line = computeLine({ Qty: 1, UnitPrice: 100, GstRt: 18 }, supply);
    expect(s(line.value.IgstAmt)).toBe('0.00');
    expect(s(line.igstAtRate)).toBe('18.00');
  });
});

describe('tolerance', () => {
  test('rupee part - 1 to next rupee + 1 (the NIC examples)', () => {
    const a = toleranceRange(2345.34);
    expect([s(a.low), s(a.high)]).toEqual(['2344.00', '2347.00']);
    const b = toleranceRange(10241);
    expect([s(b.low), s(b.high)]).toEqual(['10240.00', '10242.00']);
    expect(withinTolerance(2344, 2345.34)).toBe(true);
    expect(withinTolerance(2343.99, 2345.34)).toBe(false);
    expect(withinTolerance(2347.01, 2345.34)).toBe(false);
  });
});

describe('totals and round-off', () => {
  test('round-off to the nearest rupee', () => {
    expect(s(roundOffAmount(117.8, 'rupee'))).toBe('0.20');
    expect(s(roundOffAmount(117.5, 'rupee'))).toBe('0.50');
    expect(s(roundOffAmount(117.49, 'rupee'))).toBe('-0.49');
    expect(s(roundOffAmount(117.49))).toBe('0.00');
  });

  test('TotInvVal = sum TotItemVal + OthChrg - Discount + RndOffAmt', () => {
    const zero = new Decimal(0);
    const line = (ass: number, cgst: number, ces: number, nonAdvl: number) => ({
      TotAmt: new Decimal(ass),
      AssAmt: new Decimal(ass),
      IgstAmt: zero,
      CgstAmt: new Decimal(cgst),
      SgstAmt: new Decimal(cgst),
      CesAmt: new Decimal(ces),
      StateCesAmt: zero,
      CesNonAdvlAmt: new Decimal(nonAdvl),
      StateCesNonAdvlAmt: zero,
      OthChrg: zero,
      TotItemVal: new Decimal(ass + 2 * cgst + ces + nonAdvl),
    });
    const t = invoiceTotals([line(100, 9, 1, 2), line(50.5, 4.55, 0, 0)], { Discount: 10, OthChrg: 5 }, { roundOff: 'rupee' });
    expect(s(t.AssVal)).toBe('150.50');
    expect(s(t.CgstVal)).toBe('13.55');
    expect(s(t.CesVal)).toBe('3.00');
    expect(s(t.beforeRoundOff)).toBe('175.60');
    expect(s(t.RndOffAmt)).toBe('0.40');
    expect(s(t.TotInvVal)).toBe('176.00');
  });
});

describe('completeInvoice and checkAmounts', () => {
  const raw = () => ({
    TranDtls: { SupTyp: 'B2B' },
    DocDtls: { Typ: 'INV' },
    SellerDtls: { Stcd: '29' },
    BuyerDtls: { Pos: '29' },
    ItemList: [{ Qty: 3, UnitPrice: 33.33, Discount: 1, GstRt: 18, CesRt: 1 }],
  });

  test('fills every derivable amount and leaves the input alone', () => {
    const input = raw();
    const before = JSON.stringify(input);
    const done = completeInvoice(input, { roundOff: 'rupee' });
    expect(JSON.stringify(input)).toBe(before);
    expect(done.ItemList![0]).toMatchObject({ TotAmt: 99.99, AssAmt: 98.99, IgstAmt: 0, CgstAmt: 8.91, SgstAmt: 8.91, CesAmt: 0.99, TotItemVal: 117.8 });
    expect(done.ValDtls).toMatchObject({ AssVal: 98.99, CgstVal: 8.91, SgstVal: 8.91, CesVal: 0.99, RndOffAmt: 0.2, TotInvVal: 118 });
    expect(checkAmounts(done)).toEqual([]);
  });

  test('keeps what was sent and builds on it, unless told to overwrite', () => {
    const input = raw();
    (input.ItemList[0] as Record<string, unknown>).AssAmt = 90;
    const kept = completeInvoice(input);
    expect(kept.ItemList![0]).toMatchObject({ AssAmt: 90, CgstAmt: 8.1 });
    expect(checkAmounts(kept).map((i) => [i.code, i.path])).toEqual([['2193', '/ItemList/0/AssAmt']]);
    const redone = completeInvoice(input, { overwrite: true });
    expect(redone.ItemList![0]).toMatchObject({ AssAmt: 98.99, CgstAmt: 8.91 });
  });

  test('amounts within the tolerance pass, beyond it fail with the IRP code', () => {
    const done = completeInvoice(raw()) as Record<string, any>;
    done.ItemList[0].TotItemVal = 118.99;
    expect(checkAmounts(done)).toEqual([]);
    done.ItemList[0].TotItemVal = 119.01;
    // TotInvVal is checked against the TotItemVal sent, so it is now off too.
    expect(checkAmounts(done).map((i) => i.code)).toEqual(['2194', '2189']);
  });

  test('credit notes are not checked rate against amount', () => {
    const done = completeInvoice(raw()) as Record<string, any>;
    done.DocDtls.Typ = 'CRN';
    done.ItemList[0].CgstAmt = 5;
    done.ItemList[0].SgstAmt = 5;
    expect(checkAmounts(done).map((i) => i.code)).toEqual(['2194', '2183', '2184']);
  });

  test('junk never throws', () => {
    for (const junk of [null, undefined, 1, 'x', [], {}, { ItemList: 'x' }, { ItemList: [null, 1, { Qty: 'a' }] }, { ValDtls: [] }]) {
      expect(() => checkAmounts(junk)).not.toThrow();
      expect(() => completeInvoice(junk)).not.toThrow();
    }
    expect(completeInvoice(null)).toEqual({});
  });
});

describe('IRN and dates', () => {
  test('the worked example', () => {
    const irn = irnOf('24AACCT6304M1ZB', 'INV', 'SAJ/2023/0627', '18/12/2023');
    expect(irn).toMatch(/^ee72a3fd[0-9a-f]{52}e620$/);
    expect(irn).toHaveLength(64);
  });

  test('a second published example (FY 2019-20)', () => {
    const irn = irnOf('29AAFCC9980M1ZR', 'INV', '2019-20/KA/1', '01/05/2019');
    expect(irn.startsWith('23f498ee')).toBe(true);
    expect(irn.endsWith('0662')).toBe(true);
  });

  test('an impossible date is programmer misuse', () => {
    expect(() => irnOf('24AACCT6304M1ZB', 'INV', '1', '2023-12-18')).toThrow(RangeError);
  });

  test('financial year', () => {
    expect(financialYear('03/01/2020')).toBe('2019-20');
    expect(financialYear('16/09/2022')).toBe('2022-23');
    expect(financialYear('31/03/2024')).toBe('2023-24');
    expect(financialYear('01/04/2024')).toBe('2024-25');
    expect(financialYear('01/04/2099')).toBe('2099-00');
    expect(financialYear('29/02/2023')).toBeUndefined();
  });

  test('date helpers', () => {
    expect(parseDate('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDate('1/2/2024')).toBeUndefined();
    expect(daysBetween('20/05/2024', '20/06/2024')).toBe(31);
    expect(addDays('28/02/2024', 1)).toBe('29/02/2024');
    expect(todayInIndia(new Date('2024-06-19T18:31:00Z'))).toBe('20/06/2024');
    expect(todayInIndia(new Date('2024-06-19T18:29:00Z'))).toBe('19/06/2024');
  });

  test('an IRN may be cancelled within 24 hours of AckDt', () => {
    const ack = '2024-06-20 10:15:00';
    expect(formatIstDateTime(irnCancelDeadline(ack)!)).toBe('2024-06-21 10:15:00');
    expect(canCancelIrn(ack, new Date('2024-06-21T04:45:00Z'))).toBe(true); // 10:15 IST next day
    expect(canCancelIrn(ack, new Date('2024-06-21T04:45:01Z'))).toBe(false);
    expect(canCancelIrn(ack, new Date('2024-06-20T04:44:00Z'))).toBe(false); // before AckDt
    expect(canCancelIrn('garbage', new Date())).toBe(false);
  });
});
