import { describe, expect, it } from 'vitest';
import { kinds } from '../../src/kinds.js';
import { validate } from '../../src/validate.js';
import { normalize } from '../../src/normalize/normalize.js';
import { example, invoiceWithItems } from '../support/examples.js';

describe.each(kinds)('the bundled example of %s', (kind) => {
  it('is valid, with no warnings', () => {
    const result = validate(kind, example(kind), { today: '22/11/2026' });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('is already canonical: normalising it changes nothing', () => {
    const doc = example(kind);
    expect(normalize(kind, doc).value).toEqual(doc);
  });
});

describe.each([10, 1000])('the benchmark invoice of %i lines', (count) => {
  it('is valid and canonical, so the benchmarks time the path of a good invoice', () => {
    const invoice = invoiceWithItems(count);
    const result = validate('irn', invoice, { today: '22/11/2026' });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.value).toEqual(invoice);
    expect(invoice.ItemList).toHaveLength(count);
  });
});
