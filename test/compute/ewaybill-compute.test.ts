import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ewbValidUntil, ewbValidityDays } from '../../src/compute/ewaybill-validity.js';
import { canCancelEwb } from '../../src/compute/ewaybill-cancel-window.js';
import { ewbTotals, withinEwbTolerance } from '../../src/compute/ewaybill-totals.js';
import { ewbSecondNumber } from '../../src/compute/ewaybill-dates.js';

describe('ewbValidUntil', () => {
  it('10 km generated 05/10/2022 12:39 is valid until the end of 06/10/2022', () => {
    expect(ewbValidUntil({ generatedAt: '05/10/2022 12:39:00', distanceKm: 10, hasPartB: true })).toBe('06/10/2022 23:59:00');
  });

  it('2467 km generated 16/09/2022 19:29 gets 13 days, until 29/09/2022', () => {
    expect(ewbValidityDays(2467)).toBe(13);
    expect(ewbValidUntil({ generatedAt: '16/09/2022 19:29:00', distanceKm: 2467, hasPartB: true })).toBe('29/09/2022 23:59:00');
  });

  it('counts 200 km a day, a part of 200 km as a whole day', () => {
    expect(ewbValidityDays(0)).toBe(1);
    expect(ewbValidityDays(200)).toBe(1);
    expect(ewbValidityDays(201)).toBe(2);
    expect(ewbValidityDays(400)).toBe(2);
    expect(ewbValidityDays(401)).toBe(3);
  });

  it('counts 20 km a day for over-dimensional cargo', () => {
    expect(ewbValidityDays(20, true)).toBe(1);
    expect(ewbValidityDays(21, true)).toBe(2);
    expect(ewbValidUntil({ generatedAt: '31/12/2023 23:59:59', distanceKm: 45, overDimensional: true, hasPartB: true })).toBe('03/01/2024 23:59:00');
  });

  it('a generation at the first second of a day still gets the whole next day', () => {
    expect(ewbValidUntil({ generatedAt: '28/02/2024 00:00:00', distanceKm: 150, hasPartB: true })).toBe('29/02/2024 23:59:00');
  });

  it('has no validity without Part-B', () => {
    expect(ewbValidUntil({ generatedAt: '05/10/2022 12:39:00', distanceKm: 10, hasPartB: false })).toBeNull();
  });

  it('returns null for junk', () => {
    expect(ewbValidUntil({ generatedAt: '31/02/2022 10:00:00', distanceKm: 10, hasPartB: true })).toBeNull();
    expect(ewbValidUntil({ generatedAt: '05/10/2022 12:39', distanceKm: 10, hasPartB: true })).toBeNull();
    expect(ewbValidUntil({ generatedAt: '05/10/2022 12:39:00', distanceKm: -1, hasPartB: true })).toBeNull();
    expect(ewbValidUntil({ generatedAt: '05/10/2022 12:39:00', distanceKm: Number.NaN, hasPartB: true })).toBeNull();
    expect(ewbValidUntil(null as never)).toBeNull();
  });

  it('is monotonic in distance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.boolean(),
        fc.date({ min: new Date('2021-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
        (a, b, odc, when) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          const p = (n: number): string => String(n).padStart(2, '0');
          const generatedAt = `${p(when.getUTCDate())}/${p(when.getUTCMonth() + 1)}/${when.getUTCFullYear()} ${p(when.getUTCHours())}:${p(when.getUTCMinutes())}:${p(when.getUTCSeconds())}`;
          const until = (d: number): number => ewbSecondNumber(ewbValidUntil({ generatedAt, distanceKm: d, overDimensional: odc, hasPartB: true }))!;
          expect(until(near)).toBeLessThanOrEqual(until(far));
          expect(until(near)).toBeGreaterThan(ewbSecondNumber(generatedAt)!);
        },
      ),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const out = ewbValidUntil(junk as never);
        expect(out === null || typeof out === 'string').toBe(true);
        ewbValidUntil({ generatedAt: junk, distanceKm: junk, overDimensional: junk, hasPartB: true } as never);
      }),
    );
  });
});

describe('canCancelEwb', () => {
  it('allows cancelling within 24 hours of generation', () => {
    expect(canCancelEwb('05/10/2022 12:39:00', '05/10/2022 12:39:00')).toBe(true);
    expect(canCancelEwb('05/10/2022 12:39:00', '06/10/2022 12:39:00')).toBe(true);
    expect(canCancelEwb('31/12/2022 23:00:00', '01/01/2023 22:59:59')).toBe(true);
  });

  it('refuses after 24 hours, before generation, and on junk', () => {
    expect(canCancelEwb('05/10/2022 12:39:00', '06/10/2022 12:39:01')).toBe(false);
    expect(canCancelEwb('05/10/2022 12:39:00', '05/10/2022 12:38:59')).toBe(false);
    expect(canCancelEwb('junk', '05/10/2022 12:38:59')).toBe(false);
    expect(canCancelEwb(undefined as never, 7 as never)).toBe(false);
  });
});

describe('ewbTotals', () => {
  it('computes taxable total, taxes per line and the invoice value', () => {
    const totals = ewbTotals({
      otherValue: 10,
      itemList: [
        { taxableAmount: 1000, cgstRate: 9, sgstRate: 9, cessRate: 1, quantity: 2, cessNonadvol: 5 },
        { taxableAmount: '333.33', cgstRate: 2.5, sgstRate: 2.5 },
      ],
    });
    expect(totals.totalValue.toFixed(2)).toBe('1333.33');
    expect(totals.cgstValue.toFixed(2)).toBe('98.33'); // 90 + 8.33
    expect(totals.sgstValue.toFixed(2)).toBe('98.33');
    expect(totals.igstValue.toFixed(2)).toBe('0.00');
    expect(totals.cessValue.toFixed(2)).toBe('10.00');
    expect(totals.cessNonAdvolValue.toFixed(2)).toBe('10.00');
    expect(totals.totInvValue.toFixed(2)).toBe('1559.99');
  });

  it('treats junk as zero and never throws', () => {
    expect(ewbTotals(null).totInvValue.toFixed(2)).toBe('0.00');
    expect(ewbTotals({ itemList: [null, 3, { taxableAmount: 'abc', igstRate: {} }] }).totalValue.toFixed(2)).toBe('0.00');
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        ewbTotals(junk);
        ewbTotals({ itemList: [junk], otherValue: junk });
      }),
    );
  });
});

describe('withinEwbTolerance', () => {
  it('accepts the rupee band around the computed value', () => {
    expect(withinEwbTolerance(2344, '2345.34')).toBe(true);
    expect(withinEwbTolerance(2347, '2345.34')).toBe(true);
    expect(withinEwbTolerance('2343.99', '2345.34')).toBe(false);
    expect(withinEwbTolerance('2347.01', '2345.34')).toBe(false);
    expect(withinEwbTolerance(10240, 10241)).toBe(true);
    expect(withinEwbTolerance(10242, 10241)).toBe(true);
    expect(withinEwbTolerance('10242.01', 10241)).toBe(false);
  });
});
