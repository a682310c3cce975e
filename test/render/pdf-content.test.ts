import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContentBuffer } from '../../src/render/pdf/engine/content.js';

describe('page content written as bytes', () => {
  it('writes numbers as the 2-place text of the rounded value', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -2000, max: 2000, noNaN: true }),
          fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 100),
          fc.constantFrom(0, -0, 0.005, -0.005, 0.995, 841.89, 1e14, -1e14, 1e20),
        ),
        (n) => {
          const b = new ContentBuffer();
          b.num(n);
          expect(b.text()).toBe(`${Math.round(n * 100) / 100} `);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps what was written when it grows, and starts over when cleared', () => {
    const b = new ContentBuffer();
    const parts: string[] = [];
    for (let i = 0; i < 20000; i++) {
      b.ascii('BT ')
        .num(i / 7)
        .hex4(i % 65536)
        .ascii(' ET\n');
      parts.push(`BT ${Math.round((i / 7) * 100) / 100} ${(i % 65536).toString(16).padStart(4, '0')} ET\n`);
    }
    expect(b.text()).toBe(parts.join(''));
    b.clear();
    b.ascii('q Q');
    expect(b.text()).toBe('q Q');
    expect(Array.from(b.view())).toEqual([113, 32, 81]);
  });
});
