/**
 * The e-invoice's references block from `RefDtls`: purchase order and contract references, the
 * preceding invoice a credit or debit note corrects, the invoice period and remarks. Buyers match
 * an invoice to their purchase order by these, so they print when the payload has them.
 * @module
 */
import { displayDate } from './dates.js';
import { arr, obj, str, type Json } from './data.js';

/** "X dated D", or X alone when there is no date. */
function dated(ref: string, date: unknown): string {
  const d = displayDate(date);
  return d ? `${ref} dated ${d}` : ref;
}

/** Printable lines of `RefDtls`, empty when the payload has none. */
export function referenceLines(invoice: Json): string[] {
  const ref = obj(invoice['RefDtls']);
  if (!ref) return [];
  const lines: string[] = [];
  for (const c of arr(ref['ContrDtls']).map(obj)) {
    if (!c) continue;
    if (str(c['PORefr'])) lines.push(`PO No.: ${dated(str(c['PORefr']), c['PORefDt'])}`);
    else if (str(c['PORefDt'])) lines.push(`PO Date: ${displayDate(c['PORefDt'])}`);
    if (str(c['ContrRefr'])) lines.push(`Contract: ${str(c['ContrRefr'])}`);
    if (str(c['TendRefr'])) lines.push(`Tender / Lot: ${str(c['TendRefr'])}`);
    if (str(c['ProjRefr'])) lines.push(`Project: ${str(c['ProjRefr'])}`);
    if (str(c['RecAdvRefr'])) lines.push(`Receipt Advice: ${dated(str(c['RecAdvRefr']), c['RecAdvDt'])}`);
    if (str(c['ExtRefr'])) lines.push(`Other Reference: ${str(c['ExtRefr'])}`);
  }
  for (const p of arr(ref['PrecDocDtls']).map(obj)) {
    if (!p || !str(p['InvNo'])) continue;
    const other = str(p['OthRefNo']) ? ` (${str(p['OthRefNo'])})` : '';
    lines.push(`Preceding Invoice: ${dated(str(p['InvNo']), p['InvDt'])}${other}`);
  }
  const period = obj(ref['DocPerdDtls']);
  if (period && (str(period['InvStDt']) || str(period['InvEndDt']))) {
    lines.push(`Invoice Period: ${displayDate(period['InvStDt'])} to ${displayDate(period['InvEndDt'])}`);
  }
  if (str(ref['InvRm'])) lines.push(`Remarks: ${str(ref['InvRm'])}`);
  return lines;
}
