import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/compute/decimal.js';
import { formatIndian, formatQuantity, toFixedHalfUp } from '../../src/render/format.js';

/** Reference grouping: the last three digits, then pairs; a minus only on a non-zero amount. */
function indian(fixed: string): string {
  const negative = fixed.startsWith('-') && /[1-9]/.test(fixed);
  const [whole = '', fraction] = fixed.replace('-', '').split('.');
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  const grouped = (head ? `${head},${whole.slice(-3)}` : whole) + (fraction === undefined ? '' : `.${fraction}`);
  return negative ? `-${grouped}` : grouped;
}

// The printed amounts round numbers on their own text; decimal.js is the reference they must match.
describe('half-up rounding of amounts without decimal.js', () => {
  it.each([
    [1.005, 2, '1.01'], // 1.005 is stored as 1.00499..., but its text (what the portal sent) ends in 5
    [2.675, 2, '2.68'],
    [0.995, 2, '1.00'],
    [999.995, 2, '1000.00'],
    [-0.005, 2, '-0.01'],
    [-1.5, 0, '-2'],
    [9.9999, 3, '10.000'],
    [0.5, 0, '1'],
    [12, 2, '12.00'],
    [1e21, 2, '1000000000000000000000.00'],
    [1e-7, 2, '0.00'],
  ])('%s to %s places', (v, places, text) => {
    expect(toFixedHalfUp(v, places)).toBe(text);
    expect(toFixedHalfUp(v, places)).toBe(dec(v).toFixed(places));
  });

  it('matches decimal.js on any number, at 0 to 4 places', () => {
    const amounts = fc.oneof(
      fc.double({ noNaN: false }),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 100 + 0.005),
      fc.constantFrom(0, -0, Infinity, -Infinity, NaN, 0.1 + 0.2, 1e-6, 1.5e-7, 123456789012345.67),
    );
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 4 }), (v, places) => {
        expect(toFixedHalfUp(v, places)).toBe(dec(v).toFixed(places));
        expect(formatIndian(v, places)).toBe(indian(dec(v).toFixed(places)));
      }),
      { numRuns: 3000 },
    );
  });

  it('prints quantities and strings as before', () => {
    expect(formatQuantity(10.5)).toBe('10.5');
    expect(formatQuantity(1234567.125)).toBe('12,34,567.125');
    expect(formatIndian('007.505')).toBe('7.51');
    expect(formatIndian(-0.001)).toBe('0.00');
    expect(formatIndian(undefined)).toBe('0.00');
  });
});
