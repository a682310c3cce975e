/**
 * The bounds walk of validate() (exceededLimit, exceededNesting) against a plain reference: the same walk
 * testing every key and text with the regular expression, with no keys remembered as already plain. Both
 * must name the same first refusal, at the same place, for any payload, in any order of payloads.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { error, pointer, type Issue } from '../../src/issue.js';
import { exceededLimit, exceededNesting, notUnicode, payloadLimits } from '../../src/schema/limits.js';
import { svcCodes } from '../../src/schema/codes.js';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/;
const referenceNotUnicode = (text: string): boolean => loneSurrogate.test(text);

interface Pending {
  value: unknown;
  depth: number;
  parent: Pending | undefined;
  key: string | number;
}
function segments(p: Pending | undefined): Array<string | number> {
  const out: Array<string | number> = [];
  for (let at = p; at?.parent; at = at.parent) out.push(at.key);
  return out.reverse();
}
const notText = (at: Array<string | number>): Issue => error(svcCodes.notUnicode.code, 'x', pointer(...at));

/** The reference: 2173 for more than 1,000 ItemList lines (in any letter case) when `itemList` is set. */
function reference(payload: unknown, itemList: boolean, capLists: boolean): Issue | undefined {
  if (typeof payload === 'string' && referenceNotUnicode(payload)) return notText([]);
  const stack: Pending[] = [{ value: payload, depth: 0, parent: undefined, key: '' }];
  while (stack.length > 0) {
    const pending = stack.pop()!;
    const { value, depth } = pending;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= payloadLimits.maxDepth) return error(svcCodes.tooDeep.code, 'x', pointer(...segments(pending).slice(0, 8)));
    if (Array.isArray(value)) {
      const key = pending.parent ? String(pending.key).toLowerCase() : '';
      if (itemList && key === 'itemlist' && value.length > 1000) return error('2173', 'x', pointer(...segments(pending)));
      if (capLists && value.length > payloadLimits.maxListEntries) return error(svcCodes.itemCount.code, 'x', pointer(...segments(pending)));
      for (let i = value.length - 1; i >= 0; i--) {
        const entry: unknown = value[i];
        if (typeof entry === 'string' && referenceNotUnicode(entry)) return notText([...segments(pending), i]);
        if (entry !== null && typeof entry === 'object') stack.push({ value: entry, depth: depth + 1, parent: pending, key: i });
      }
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > payloadLimits.maxObjectFields) return error(svcCodes.tooManyFields.code, 'x', pointer(...segments(pending)));
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child = (value as Record<string, unknown>)[key];
      if (referenceNotUnicode(key) || (typeof child === 'string' && referenceNotUnicode(child))) return notText([...segments(pending), key]);
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1, parent: pending, key });
    }
  }
  return undefined;
}

const where = (issue: Issue | undefined): [string, string] | undefined => (issue ? [issue.code, issue.path] : undefined);

/** Text that is often plain, sometimes long, and sometimes carries a NUL, a lone half or a whole pair. */
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 70 }),
        fc.constantFrom('\u0000', '\ud800', '\udfff', '\ud83d\ude00', '\udbff\udc00', '\ude00\ud83d'),
        fc.string({ maxLength: 70 }),
      )
      .map(([a, odd, b]) => a + odd + b),
  },
);
const keyText = fc.oneof({ weight: 5, arbitrary: fc.constantFrom('ItemList', 'itemlist', 'Qty', 'a', 'b', 'c') }, { weight: 1, arbitrary: text });

/** A small leaf of a long list or a deep nest: text, a number or an empty container. */
const leaf = fc.oneof(text, fc.integer(), fc.constant(null), fc.constant({}), fc.constant([]));
/** Lists and objects nested beyond the depth bound, or just short of it. */
const deep = fc.tuple(fc.integer({ min: 28, max: 36 }), leaf).map(([depth, inner]) => {
  let value: unknown = inner;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
});
/** A list about the bound of 1,000 entries, under a key that may be ItemList. */
const wide = fc
  .tuple(fc.constantFrom('ItemList', 'itemList', 'other'), fc.integer({ min: 999, max: 1002 }), leaf)
  .map(([key, n, entry]) => ({ [key]: Array.from({ length: n }, () => entry) }));
/** An object about the bound of 1,000 fields. */
const manyFields = fc
  .tuple(fc.integer({ min: 999, max: 1002 }), leaf)
  .map(([n, entry]) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, entry])));
/** Payloads of objects, lists, text and numbers, now and then deep, with a long list or with many fields. */
const { payload } = fc.letrec((tie) => ({
  payload: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('list'), tie('object'), deep, wide, manyFields),
  list: fc.array(tie('payload'), { maxLength: 4 }),
  object: fc.dictionary(keyText, tie('payload'), { maxKeys: 4 }),
}));

describe('the bounds walk names the same first refusal as a plain walk', () => {
  it('text: the quick check agrees with the regular expression', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(notUnicode(t)).toBe(referenceNotUnicode(t));
      }),
      { numRuns: 3000 },
    );
  });

  it("any payload, with the IRN limits, with a request's list bound and without", () => {
    fc.assert(
      fc.property(payload, (value) => {
        expect(where(exceededLimit('irn', value))).toEqual(where(reference(value, true, true)));
        expect(where(exceededLimit('ewb', value))).toEqual(where(reference(value, false, true)));
        expect(where(exceededNesting(value))).toEqual(where(reference(value, false, false)));
      }),
      { numRuns: 400 },
    );
  });

  it('the last offending text of a container is the one named, before anything deeper', () => {
    const value = { a: 'ok', b: { c: '\u0000' }, d: '\ud800', e: 'x\udc00' };
    expect(where(exceededNesting(value))).toEqual([svcCodes.notUnicode.code, '/e']);
    expect(where(exceededNesting([['\u0000'], 'fine', ['\ud800']]))).toEqual([svcCodes.notUnicode.code, '/0/0']);
  });
});
