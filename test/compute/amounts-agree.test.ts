import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { completeInvoice, type IrnDraft } from '../../src/compute/index.js';
import { amountIssuesOnDecimals, checkAmounts } from '../../src/compute/check-amounts.js';
import { amountsAgree, roundDiv } from '../../src/compute/amounts-agree.js';
import { Decimal } from '../../src/compute/decimal.js';

const amount = (max: number, places: number) => fc.integer({ min: 0, max: max * 10 ** places }).map((n) => n / 10 ** places);

const item = fc.record({
  Qty: amount(5_000, 3),
  UnitPrice: fc.oneof(amount(100_000, 2), amount(100, 3)),
  Discount: fc.oneof(fc.constant(undefined), amount(50, 2)),
  GstRt: fc.constantFrom(0, 0.1, 0.25, 1.5, 3, 5, 7.5, 12, 18, 28, 12.345),
  CesRt: fc.constantFrom(undefined, 0, 1, 12, 15, 0.125),
  CesNonAdvlAmt: fc.oneof(fc.constant(undefined), amount(500, 2)),
  StateCesRt: fc.constantFrom(undefined, 0, 1),
  StateCesNonAdvlAmt: fc.oneof(fc.constant(undefined), amount(50, 2)),
  OthChrg: fc.oneof(fc.constant(undefined), amount(1000, 2)),
});

const invoice = fc
  .record({
    supply: fc.constantFrom(
      ['B2B', '29', '29'],
      ['B2B', '29', '27'],
      ['SEZWOP', '29', '33'],
      ['EXPWOP', '29', '96'],
      ['EXPWP', '29', '96'],
      ['B2C', '29', '29'],
    ),
    typ: fc.constantFrom('INV', 'CRN', 'DBN'),
    items: fc.array(item, { minLength: 0, maxLength: 8 }),
    discount: fc.oneof(fc.constant(undefined), amount(100, 2)),
    othChrg: fc.oneof(fc.constant(undefined), amount(100, 2)),
    roundOff: fc.constantFrom('none' as const, 'rupee' as const),
  })
  .map(({ supply: [SupTyp, seller, pos], typ, items, discount, othChrg, roundOff }): IrnDraft => {
    const raw = {
      TranDtls: { TaxSch: 'GST', SupTyp },
      DocDtls: { Typ: typ, No: 'T/1', Dt: '15/06/2024' },
      SellerDtls: { Stcd: seller },
      BuyerDtls: { Pos: pos },
      ItemList: items.map((it, i) => JSON.parse(JSON.stringify({ SlNo: String(i + 1), ...it })) as Record<string, unknown>),
      ValDtls: JSON.parse(JSON.stringify({ Discount: discount, OthChrg: othChrg })) as Record<string, unknown>,
    };
    return completeInvoice(raw, { roundOff });
  });

/** Amount fields a sender may get wrong. */
const amountPaths = [
  ...['TotAmt', 'AssAmt', 'IgstAmt', 'CgstAmt', 'SgstAmt', 'CesAmt', 'StateCesAmt', 'TotItemVal', 'Qty', 'UnitPrice', 'GstRt', 'Discount', 'OthChrg'].map(
    (f) => ['item', f] as const,
  ),
  ...['AssVal', 'CgstVal', 'SgstVal', 'IgstVal', 'CesVal', 'StCesVal', 'TotInvVal', 'Discount', 'OthChrg', 'RndOffAmt'].map((f) => ['val', f] as const),
];

/** A change of one amount: near the tolerance's edges, more decimals, text, huge, negative, or not a number. */
const change = fc.record({
  at: fc.constantFrom(...amountPaths),
  line: fc.nat(),
  how: fc.oneof(
    fc.constantFrom(-2.01, -2, -1.5, -1.01, -1, -0.5, 0.005, 0.5, 1, 1.01, 1.99, 2, 2.01, 3).map((d) => (v: number) => v + d),
    fc.constantFrom(
      (v: number) => v + 0.001,
      (v: number) => -v,
      (v: number) => v * 1e9,
      (v: number) => String(v),
      () => null,
      () => 'x',
      () => 1e22,
      () => Number.NaN,
      () => undefined,
    ),
  ),
});

describe('the exact integer check of the amounts', () => {
  test('rounds a quotient half away from zero, as decimal.js ROUND_HALF_UP does', () => {
    const exact = (n: number, d: number): number => new Decimal(n).dividedBy(d).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger()), fc.constantFrom(10_000, 100_000, 200_000), fc.integer({ min: -3, max: 3 }), (n, d, near) => {
        expect(roundDiv(n, d)).toBe(exact(n, d));
        // Exactly on and beside the half.
        const half = Math.trunc(n / d) * d + d / 2 + near;
        if (Number.isSafeInteger(half)) expect(roundDiv(half, d)).toBe(exact(half, d));
      }),
      { numRuns: 2000 },
    );
  });

  test('checkAmounts gives exactly what the decimal.js path gives, on good and broken invoices', () => {
    let fast = 0;
    let runs = 0;
    fc.assert(
      fc.property(invoice, fc.array(change, { maxLength: 3 }), (doc, changes) => {
        for (const { at, line, how } of changes) {
          const lines = doc.ItemList as Array<Record<string, unknown>>;
          const target = at[0] === 'val' ? (doc.ValDtls as Record<string, unknown>) : lines[line % Math.max(lines.length, 1)];
          if (!target) continue;
          const next = (how as (v: number) => unknown)(typeof target[at[1]] === 'number' ? (target[at[1]] as number) : 0);
          if (next === undefined) delete target[at[1]];
          else target[at[1]] = next;
        }
        runs++;
        if (amountsAgree(doc)) fast++;
        expect(checkAmounts(doc)).toEqual(amountIssuesOnDecimals(doc));
      }),
      { numRuns: 1500 },
    );
    // The quick path must carry most documents, or it only adds work.
    expect(fast / runs).toBeGreaterThan(0.2);
  });

  test('answers true on completed invoices of ordinary size', () => {
    fc.assert(
      fc.property(invoice, (doc) => {
        // (A discount larger than a tiny invoice is a real 2220, not the case here.)
        fc.pre(amountIssuesOnDecimals(doc).length === 0);
        expect(amountsAgree(doc)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('leaves figures too large for exact doubles to decimal.js, which still judges them', () => {
    const doc = completeInvoice(
      {
        TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' },
        SellerDtls: { Stcd: '29' },
        BuyerDtls: { Pos: '29' },
        ItemList: [{ SlNo: '1', Qty: 99_999_999.999, UnitPrice: 9_999_999_999.999, GstRt: 28 }],
      },
      {},
    );
    expect(amountsAgree(doc)).toBe(false);
    expect(checkAmounts(doc)).toEqual([]);
  });
});
