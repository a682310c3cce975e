/**
 * Cutting a return's JSON into the store's pieces: the pieces give the text back, none is over the size,
 * and none starts or ends inside a surrogate pair (PostgreSQL would refuse or mangle the half).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnPieces } from '../../src/store/return-pieces.js';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('returnPieces', () => {
  it('joins back to the text, in pieces of at most the size, each valid text on its own', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 2, max: 40 }), (text, size) => {
        const pieces = returnPieces(text, size);
        expect(pieces.join('')).toBe(text);
        for (const p of pieces) {
          expect(p.length).toBeLessThanOrEqual(size);
          expect(loneSurrogate.test(p)).toBe(false);
        }
        // No empty piece, except the one piece of an empty text.
        expect(pieces.length === 1 || pieces.every((p) => p.length > 0)).toBe(true);
      }),
    );
  });

  it('moves a cut that would split an emoji to just before it', () => {
    expect(returnPieces('ab\u{1F4B0}cd', 3)).toEqual(['ab', '\u{1F4B0}c', 'd']);
  });

  it('refuses a size that cannot hold a surrogate pair', () => {
    expect(() => returnPieces('abc', 1)).toThrow(RangeError);
  });
});
