/**
 * Query parameters made safe for PGlite's wire encoder. That encoder sizes a string before writing it,
 * and its size count skips the character before any low surrogate, taking it for the surrogate's pair:
 * a lone low surrogate after a non-ASCII character (`'ॐ\udc00'`) is counted short, the text is cut
 * inside a character and PGlite fails with "invalid byte sequence for encoding UTF8". node-postgres
 * writes a lone surrogate as U+FFFD, so PGlite is given U+FFFD in its place too: both stores then keep
 * the same text (an audit entry naming a refused document, for one, used to be lost on PGlite).
 * @module
 */

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with every half of a surrogate pair replaced by U+FFFD, as UTF-8 encoders write it. */
export function wellFormed(text: string): string {
  return text.replace(loneSurrogate, '\ufffd');
}

/** The parameters with their texts (and the texts in array parameters) made well formed. */
export function wellFormedParams(params: readonly unknown[]): unknown[] {
  return params.map((p) => (typeof p === 'string' ? wellFormed(p) : Array.isArray(p) ? p.map((v) => (typeof v === 'string' ? wellFormed(v) : v)) : p));
}
