import { pointer } from '../issue.js';
import { ReadCode, type ReadContext, type Json, parseGstnPeriod } from './read-common.js';
import type { DocumentKind } from './types.js';

const GSTIN = /^[0-9A-Z]{15}$/;

/** Reads the return's GSTIN and period from the first key present of each list. */
export function headerOf(
  ctx: ReadContext,
  root: Json,
  base: string,
  gstinKeys: string[],
  periodKeys: string[],
  expect?: { gstin?: string; period?: string },
): { gstin: string; period: string } {
  const gk = gstinKeys.find((k) => root[k] !== undefined);
  const pk = periodKeys.find((k) => root[k] !== undefined);
  let gstin = gk ? (ctx.text(root, gk) ?? '').toUpperCase() : '';
  let period = pk ? parseGstnPeriod(String(root[pk])) ?? '' : '';
  if (gstin === '' && expect?.gstin) gstin = expect.gstin;
  if (period === '' && expect?.period) period = expect.period;
  if (!GSTIN.test(gstin)) {
    ctx.fail(ReadCode.badHeader, 'the return names no valid recipient GSTIN', base + pointer(gk ?? gstinKeys[0]!));
  }
  if (period === '') {
    ctx.fail(ReadCode.badHeader, 'the return names no valid return period', base + pointer(pk ?? periodKeys[0]!));
  }
  if (expect?.gstin && gstin !== '' && gstin !== expect.gstin) {
    ctx.fail(ReadCode.badHeader, `the return is for ${gstin}, not ${expect.gstin}`, base + pointer(gk ?? ''));
  }
  if (expect?.period && period !== '' && period !== expect.period) {
    ctx.fail(ReadCode.badHeader, `the return is for ${period}, not ${expect.period}`, base + pointer(pk ?? ''));
  }
  return { gstin, period };
}

/** Credit or debit note from a note-type flag (C/D). */
export function noteKind(flag: string | undefined): DocumentKind {
  return (flag ?? '').toUpperCase() === 'D' ? 'Debit Note' : 'Credit Note';
}
