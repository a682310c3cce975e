/**
 * Master codes written in another letter case than the master's: the portals' schemas take some codes in
 * either case and do not publish which case their lookups compare in, so gstkit looks codes up in capitals
 * and its master-case rules (e-invoice and e-waybill) only warn, naming the master's spelling.
 * @module
 */

/** The master's spelling of a code that the master holds only when written in capitals (`kgs` gives KGS), else undefined. */
export function masterSpellingByCase(code: string | undefined, known: (code: string) => boolean): string | undefined {
  if (code === undefined || code === '') return undefined;
  const upper = code.toUpperCase();
  return code !== upper && known(upper) ? upper : undefined;
}
