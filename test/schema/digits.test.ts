import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countDigits, digitLimits, fitsDigits } from '../../src/schema/digits.js';
import { Decimal } from '../../src/compute/decimal.js';

describe('Number(p,s)', () => {
  it('reads p-s integer digits and s decimals', () => {
    expect(digitLimits([12, 2])).toEqual({ integerDigits: 10, decimals: 2 });
    expect(digitLimits([6, 0])).toEqual({ integerDigits: 6, decimals: 0 });
  });

  it('reads NIC degenerate forms (p <= s) as p integer digits', () => {
    expect(digitLimits([3, 3])).toEqual({ integerDigits: 3, decimals: 3 });
    expect(digitLimits([2, 2])).toEqual({ integerDigits: 2, decimals: 2 });
  });

  it('counts digits of plain, tiny, huge and negative numbers', () => {
    expect(countDigits(1234.5)).toEqual({ integerDigits: 4, decimals: 1 });
    expect(countDigits(-0)).toEqual({ integerDigits: 0, decimals: 0 });
    expect(countDigits(0.001)).toEqual({ integerDigits: 0, decimals: 3 });
    expect(countDigits(1e-7)).toEqual({ integerDigits: 0, decimals: 7 });
    expect(countDigits(1e21).integerDigits).toBe(22);
    expect(countDigits(-99.99)).toEqual({ integerDigits: 2, decimals: 2 });
  });

  it('accepts the boundaries and refuses one digit more', () => {
    const amount = digitLimits([12, 2]);
    expect(fitsDigits(9999999999.99, amount)).toBe(true);
    expect(fitsDigits(10000000000, amount)).toBe(false);
    expect(fitsDigits(1.234, amount)).toBe(false);
    expect(fitsDigits(0.1 + 0.2, amount)).toBe(false);
    expect(fitsDigits(1e308, amount)).toBe(false);
    expect(fitsDigits(Number.NaN, amount)).toBe(false);
    expect(fitsDigits(18, digitLimits([3, 3]))).toBe(true);
    expect(fitsDigits(1000, digitLimits([3, 3]))).toBe(false);
  });

  it('agrees with the fixed-point form for any integer count of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (cents) => {
        const value = cents / 100;
        const expected = Math.abs(cents) < 1_000_000_000_000;
        expect(fitsDigits(value, digitLimits([12, 2]))).toBe(expected && Math.abs(value) < 1e10);
      }),
    );
  });

  it("counts as the number's exact decimal form does, for any finite double", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer(),
          fc.integer().map((n) => n / 100),
        ),
        (value) => {
          const [whole = '', fraction = ''] = new Decimal(value).abs().toFixed().split('.');
          expect(countDigits(value)).toEqual({ integerDigits: whole.replace(/^0+/, '').length, decimals: fraction.length });
        },
      ),
      { numRuns: 2000 },
    );
  });
});
