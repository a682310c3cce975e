import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { checkAmounts, completeInvoice, dec, withinTolerance, type IrnDraft } from '../../src/compute/index.js';
import { amountRules, einvoiceRules } from '../../src/rules/einvoice/index.js';
import { paymentQrRules } from '../../src/rules/payment-qr.js';

const context = { today: '20/06/2024', reportingWindowDays: 30 };

/** Amounts as payloads carry them: JS numbers with a fixed number of places. */
const amount = (max: number, places: number) => fc.integer({ min: 0, max: max * 10 ** places }).map((n) => n / 10 ** places);

const item = fc.record({
  Qty: amount(10_000, 3).map((q) => q + 1),
  // At least ₹500 a unit, so that the invoice discount (at most ₹100) stays below any invoice's value (2220).
  UnitPrice: amount(1_000_000, 2).map((p) => p + 500),
  discountShare: fc.integer({ min: 0, max: 50 }),
  GstRt: fc.constantFrom(0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28),
  CesRt: fc.constantFrom(0, 0, 1, 3, 12, 15),
  CesNonAdvlAmt: fc.oneof(fc.constant(undefined), amount(500, 2)),
  StateCesRt: fc.constantFrom(undefined, 0, 1),
  OthChrg: fc.oneof(fc.constant(undefined), amount(1000, 2)),
});

const invoice = fc
  .record({
    supply: fc.constantFrom(
      ['B2B', '29', '29'],
      ['B2B', '29', '27'],
      ['DEXP', '29', '29'],
      ['SEZWP', '29', '29'],
      ['SEZWOP', '29', '33'],
      ['EXPWP', '29', '96'],
      ['EXPWOP', '29', '96'],
      ['B2C', '29', '29'],
    ),
    igstOnIntra: fc.boolean(),
    typ: fc.constantFrom('INV', 'CRN', 'DBN'),
    items: fc.array(item, { minLength: 1, maxLength: 25 }),
    discount: amount(100, 2),
    othChrg: amount(100, 2),
  })
  .map(
    ({ supply: [SupTyp, seller, pos], igstOnIntra, typ, items, discount, othChrg }): IrnDraft => ({
      TranDtls: { TaxSch: 'GST', SupTyp, IgstOnIntra: igstOnIntra && seller === pos ? 'Y' : 'N' },
      DocDtls: { Typ: typ, No: 'T/1', Dt: '15/06/2024' },
      SellerDtls: { Stcd: seller },
      BuyerDtls: { Pos: pos },
      ItemList: items.map(({ discountShare, ...it }, i) => {
        const out: Record<string, unknown> = { SlNo: String(i + 1), ...it };
        out['Discount'] = Math.floor(it.Qty * it.UnitPrice * discountShare) / 100;
        for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
        return out;
      }),
      ValDtls: { Discount: discount, OthChrg: othChrg },
    }),
  );

const lines = (doc: IrnDraft): Array<Record<string, number>> => doc.ItemList as unknown as Array<Record<string, number>>;

describe('properties of completed invoices', () => {
  test('completeInvoice output passes checkAmounts and every arithmetic rule', () => {
    fc.assert(
      fc.property(invoice, fc.constantFrom('none' as const, 'rupee' as const), (raw, roundOff) => {
        const done = completeInvoice(raw, { roundOff });
        expect(checkAmounts(done)).toEqual([]);
        expect(amountRules.flatMap((r) => r.check(done, context))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test('invoice totals equal the sums of the lines within the tolerance', () => {
    fc.assert(
      fc.property(invoice, (raw) => {
        const done = completeInvoice(raw, { roundOff: 'rupee' });
        const v = done.ValDtls as Record<string, number>;
        const sum = (f: string) => lines(done).reduce((acc, l) => acc.plus(dec(l[f])), dec(0));
        expect(withinTolerance(v['AssVal'], sum('AssAmt'))).toBe(true);
        expect(withinTolerance(v['IgstVal'], sum('IgstAmt'))).toBe(true);
        expect(withinTolerance(v['CgstVal'], sum('CgstAmt'))).toBe(true);
        expect(withinTolerance(v['SgstVal'], sum('SgstAmt'))).toBe(true);
        expect(withinTolerance(v['CesVal'], sum('CesAmt').plus(sum('CesNonAdvlAmt')))).toBe(true);
        const expected = sum('TotItemVal').plus(dec(v['OthChrg'])).minus(dec(v['Discount'])).plus(dec(v['RndOffAmt']));
        expect(withinTolerance(v['TotInvVal'], expected)).toBe(true);
        expect(Number.isInteger(v['TotInvVal'])).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  test('CGST equals SGST, and IGST is never charged beside them', () => {
    fc.assert(
      fc.property(invoice, (raw) => {
        for (const l of lines(completeInvoice(raw))) {
          expect(l['CgstAmt']).toBe(l['SgstAmt']);
          expect(l['IgstAmt'] !== 0 && l['CgstAmt'] !== 0).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('the order of the lines never changes the totals', () => {
    fc.assert(
      fc.property(invoice, fc.integer(), (raw, seed) => {
        const shuffled = structuredClone(raw);
        const list = shuffled.ItemList!;
        let x = seed >>> 0;
        for (let i = list.length - 1; i > 0; i--) {
          x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
          const j = x % (i + 1);
          [list[i], list[j]] = [list[j]!, list[i]!];
        }
        expect(completeInvoice(shuffled, { roundOff: 'rupee' }).ValDtls).toEqual(completeInvoice(raw, { roundOff: 'rupee' }).ValDtls);
      }),
      { numRuns: 200 },
    );
  });

  test('completeInvoice never changes its input, and completing twice changes nothing', () => {
    fc.assert(
      fc.property(invoice, (raw) => {
        const before = JSON.stringify(raw);
        const once = completeInvoice(raw);
        expect(JSON.stringify(raw)).toBe(before);
        expect(completeInvoice(once)).toEqual(once);
      }),
      { numRuns: 100 },
    );
  });
});

describe('robustness', () => {
  const junkDoc = fc.oneof(
    fc.anything(),
    fc.record(
      {
        TranDtls: fc.anything(),
        DocDtls: fc.anything(),
        SellerDtls: fc.anything(),
        BuyerDtls: fc.anything(),
        ShipDtls: fc.anything(),
        ItemList: fc.oneof(
          fc.anything(),
          fc.array(
            fc.oneof(
              fc.anything(),
              fc.dictionary(fc.constantFrom('Qty', 'UnitPrice', 'GstRt', 'AssAmt', 'SlNo', 'HsnCd', 'Unit', 'IsServc', 'TotItemVal', 'CgstAmt'), fc.anything()),
            ),
          ),
        ),
        ValDtls: fc.anything(),
      },
      { requiredKeys: [] },
    ),
  );

  test('computations and rules never throw on any input', () => {
    fc.assert(
      fc.property(junkDoc, (doc) => {
        checkAmounts(doc);
        completeInvoice(doc);
        for (const rule of [...einvoiceRules, ...paymentQrRules]) {
          const issues = rule.check(doc, context);
          expect(Array.isArray(issues)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
