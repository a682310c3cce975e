/**
 * How a pulled return's JSON text is cut into the pieces the store keeps (see migration 6): no piece is
 * longer than {@link RETURN_PIECE_CHARS}, and a cut never falls inside a surrogate pair, so every piece
 * is valid text on its own (PostgreSQL refuses a lone surrogate) and the pieces joined give the text back.
 * @module
 */

/** Characters per piece: bounded values through the store, few enough statements for a big return. */
export const RETURN_PIECE_CHARS = 512 * 1024;

/** `json` cut into pieces of at most `size` characters (at least one piece, maybe empty). */
export function returnPieces(json: string, size = RETURN_PIECE_CHARS): string[] {
  if (size < 2) throw new RangeError('a piece holds at least two characters');
  const pieces: string[] = [];
  let at = 0;
  while (at < json.length) {
    let end = Math.min(json.length, at + size);
    // Keep a high surrogate with its low one.
    const last = json.charCodeAt(end - 1);
    if (end < json.length && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(json.slice(at, end));
    at = end;
  }
  return pieces.length > 0 ? pieces : [''];
}
