import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { kinds } from '../../src/kinds.js';
import { validate } from '../../src/validate.js';
import { normalize } from '../../src/normalize/normalize.js';
import { example } from '../support/examples.js';

/** Replaces one value somewhere in a document (by a path of indices into its keys) with an arbitrary one. */
function replaceSomewhere(doc: unknown, picks: number[], replacement: unknown): unknown {
  if (picks.length === 0 || doc === null || typeof doc !== 'object') return replacement;
  const copy: any = Array.isArray(doc) ? [...doc] : { ...doc };
  const keys = Object.keys(copy);
  if (keys.length === 0) return replacement;
  const key = keys[picks[0]! % keys.length]!;
  copy[key] = replaceSomewhere(copy[key], picks.slice(1), replacement);
  return copy;
}

const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(1e308, -0, -1e308, Number.MIN_VALUE, 'x'.repeat(100_000), '', null, [], {}));

describe.each(kinds)('fuzzing %s', (kind) => {
  it('arbitrary JSON never throws and never changes the input', () => {
    fc.assert(
      fc.property(anyJson, (payload) => {
        const before = JSON.stringify(payload);
        const result = validate(kind, payload, { today: '22/11/2026' });
        normalize(kind, payload);
        expect(JSON.stringify(payload)).toBe(before);
        expect(typeof result.ok).toBe('boolean');
        for (const issue of [...result.errors, ...result.warnings]) {
          expect(issue.code).toMatch(/^(SVC-\d{3}|\d{1,4})$/);
          expect(typeof issue.message).toBe('string');
          expect(issue.path === '' || issue.path.startsWith('/')).toBe(true);
        }
        if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  it('the example with one value replaced by anything never throws and never changes the input', () => {
    const base = example(kind);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 5 }), anyJson, (picks, replacement) => {
        const doc = replaceSomewhere(base, picks, replacement);
        const before = JSON.stringify(doc);
        const result = validate(kind, doc, { today: '22/11/2026' });
        expect(JSON.stringify(doc)).toBe(before);
        expect(result.ok || result.errors.length > 0).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('normalising a canonical payload is the identity', () => {
    const canonical = normalize(kind, example(kind)).value;
    expect(normalize(kind, canonical).value).toEqual(canonical);
  });
});

describe('bad input at scale', () => {
  it('handles 10,000 items, deep nesting and huge strings without throwing', () => {
    const invoice = example('irn');
    invoice.ItemList = Array.from({ length: 10_000 }, (_, i) => ({ ...invoice.ItemList[0], SlNo: String(i + 1) }));
    const many = validate('irn', invoice, { today: '22/11/2026' });
    expect(many.ok).toBe(false); // over the 1,000-item limit and the totals no longer add up
    let deep: any = 'bottom';
    for (let i = 0; i < 10_000; i += 1) deep = { d: deep };
    // nesting beyond any payload's is refused before the fields are read
    const nested = validate('irn', { ...example<any>('irn'), PayDtls: deep });
    expect(nested.errors).toEqual([expect.objectContaining({ code: 'SVC-120' })]);
    expect(nested.errors[0]!.path.startsWith('/PayDtls/d/d')).toBe(true);
    const deepValue = example<any>('irn');
    deepValue.DocDtls.No = { d: 'bottom' };
    expect(validate('irn', deepValue).errors).toContainEqual(expect.objectContaining({ code: 'SVC-101', path: '/DocDtls/No' }));
    const huge = validate('irn', { ...example<any>('irn'), Version: 'x'.repeat(5_000_000) });
    expect(huge.errors.some((e) => e.path === '/Version')).toBe(true);
  });
});
