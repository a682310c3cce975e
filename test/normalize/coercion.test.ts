import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../src/compute/decimal.js';
import { normalize, validate } from '../../src/index.js';
import { canonicalDecimal, exactNumber, exactText } from '../../src/normalize/coerce.js';
import { example } from '../support/examples.js';

const CONVERTED = 'SVC-118';
const codesAt = (issues: Array<{ code: string; path: string }>, path: string): string[] => issues.filter((i) => i.path === path).map((i) => i.code);

describe('types as real ERPs send them', () => {
  it('reads an e-waybill with numbers for coded text, text for numbers and padded codes, and says so', () => {
    const doc = example('ewb');
    Object.assign(doc, { subSupplyType: 1, transMode: '1  ', transactionType: '1', transDistance: '505', totalValue: '79000.00', fromPincode: '600032' });
    const result = validate('ewb', doc, { today: '15/11/2026' });
    expect(result.errors).toEqual([]);
    const value: unknown = result.value;
    expect(value).toMatchObject({ subSupplyType: '1', transMode: '1', transactionType: 1, transDistance: 505, totalValue: 79000, fromPincode: 600032 });
    for (const path of ['/subSupplyType', '/transMode', '/transactionType', '/transDistance', '/totalValue', '/fromPincode']) {
      expect(codesAt(result.warnings, path), path).toEqual([CONVERTED]);
    }
  });

  it('reads an e-invoice with Pin as text and state codes as numbers', () => {
    const doc = example('irn');
    doc.SellerDtls.Pin = String(doc.SellerDtls.Pin);
    doc.BuyerDtls.Stcd = Number(doc.BuyerDtls.Stcd);
    const result = validate('irn', doc, { today: '22/11/2026' });
    expect(result.errors).toEqual([]);
    expect(typeof (result.value as any).SellerDtls.Pin).toBe('number');
    expect(typeof (result.value as any).BuyerDtls.Stcd).toBe('string');
    expect(codesAt(result.warnings, '/SellerDtls/Pin')).toEqual([CONVERTED]);
    expect(codesAt(result.warnings, '/BuyerDtls/Stcd')).toEqual([CONVERTED]);
  });

  it('leaves a value it could only guess at to the schema, as an error', () => {
    for (const [key, bad] of [
      ['transDistance', '20.5'],
      ['transDistance', '1e3'],
      ['totalValue', '79,000'],
      ['totalValue', ''],
      ['transactionType', 'one'],
    ] as const) {
      const doc = example('ewb');
      doc[key] = bad;
      const result = validate('ewb', doc, { today: '15/11/2026', rules: false });
      expect(codesAt(result.errors, `/${key}`), `${key} ${bad}`).toContain('SVC-101');
      expect((result.value as any)[key]).toBe(bad);
    }
  });

  it('does not convert a number too long to print exactly', () => {
    const doc = example('ewb');
    // biome-ignore lint/correctness/noPrecisionLoss: the point is a number too long to print exactly
    doc.docNo = 12345678901234567890;
    const result = validate('ewb', doc, { today: '15/11/2026', rules: false });
    expect(codesAt(result.errors, '/docNo')).toContain('SVC-101');
  });

  it('keeps padding in free text (names, addresses)', () => {
    const doc = example('ewb');
    doc.fromAddr2 = ' Guindy ';
    expect((normalize('ewb', doc).value as any).fromAddr2).toBe(' Guindy ');
  });
});

describe('conversion never changes a value', () => {
  const decimalText = fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 0n, max: 10n ** 15n }),
      fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(
      ([negative, whole, fraction, zeros]) =>
        `${negative ? '-' : ''}${'0'.repeat(zeros)}${whole}${fraction === undefined ? '' : '.' + String(fraction).padStart(3, '0')}`,
    );

  it('numeric text becomes the same number, or is left alone', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const n = exactNumber(text);
        if (n !== undefined) expect(new Decimal(String(n)).eq(new Decimal(text))).toBe(true);
        else expect(String(Number(text))).not.toBe(canonicalDecimal(text));
      }),
    );
  });

  it('a number becomes text that reads back as the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const text = exactText(n);
        if (text !== undefined) expect(Number(text)).toBe(n === 0 ? 0 : n);
      }),
    );
  });

  it('through the reader: every amount of an e-waybill sent as text keeps its value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 99 }), (rupees, paise) => {
        const text = `${rupees}.${String(paise).padStart(2, '0')}`;
        const doc = example('ewb');
        doc.totalValue = text;
        const read = (normalize('ewb', doc).value as any).totalValue;
        expect(typeof read).toBe('number');
        expect(new Decimal(String(read)).eq(new Decimal(text))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('through the reader: a code sent as a number reads back as the same digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (n) => {
        const doc = example('ewb');
        doc.subSupplyType = n;
        expect((normalize('ewb', doc).value as any).subSupplyType).toBe(String(n));
      }),
      { numRuns: 100 },
    );
  });
});
