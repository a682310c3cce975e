import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyRow } from '../../src/store/copy-row.js';

describe('copyRow', () => {
  it('copies JSON-like rows as structuredClone does, sharing nothing with the original', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copied = copyRow(value);
        expect(copied).toStrictEqual(structuredClone(value));
        if (value !== null && typeof value === 'object') expect(copied).not.toBe(value);
      }),
      { numRuns: 300 },
    );
  });

  it('changing the copy leaves the original untouched', () => {
    const row = { record: { invoice: { ItemList: [{ SlNo: '1', Qty: 2 }] }, SignedInvoice: 'x' }, seq: 1 };
    const copied = copyRow(row);
    copied.record.invoice.ItemList[0]!.Qty = 99;
    copied.record.SignedInvoice = 'changed';
    expect(row.record.invoice.ItemList[0]!.Qty).toBe(2);
    expect(row.record.SignedInvoice).toBe('x');
  });

  it('keeps a "__proto__" key from JSON as an own key, not as the prototype', () => {
    const row = JSON.parse('{"a":1,"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const copied = copyRow(row);
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect((copied as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(copied)).toEqual(['a', '__proto__']);
  });

  it('copies bytes, dates and deeper nesting through structuredClone', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const at = new Date(0);
    let deep: Record<string, unknown> = { leaf: [1] };
    for (let i = 0; i < 50; i++) deep = { next: deep };
    const copied = copyRow({ chunks: [bytes], at, deep });
    expect(copied.chunks[0]).toEqual(bytes);
    expect(copied.chunks[0]).not.toBe(bytes);
    expect(copied.at).toEqual(at);
    expect(copied.at).not.toBe(at);
    expect(copied.deep).toStrictEqual(deep);
  });

  it('refuses a function as structuredClone does', () => {
    expect(() => copyRow({ f: () => 1 })).toThrow();
  });
});
