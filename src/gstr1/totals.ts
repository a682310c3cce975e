/**
 * Totals of a GSTR-1 JSON per section (taxable value and tax heads, credit notes negative), as the
 * portal's summary shows them; used by tests and by callers to tie the return to their books.
 * @module
 */
import type { Gstr1Json, RateItem } from './types.js';

export interface SectionTotals {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

const zero = (): SectionTotals => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 });
const r2 = (n: number): number => Math.round(n * 100) / 100 || 0;

function addItems(t: SectionTotals, itms: Array<RateItem | { rt: number; txval: number; iamt?: number; csamt?: number }>, sign: number): void {
  for (const it of itms) {
    const d = 'itm_det' in it ? it.itm_det : it;
    t.taxable += sign * d.txval;
    t.igst += sign * (d.iamt ?? 0);
    const det = d as { camt?: number; samt?: number };
    t.cgst += sign * (det.camt ?? 0);
    t.sgst += sign * (det.samt ?? 0);
    t.cess += sign * (d.csamt ?? 0);
  }
}

/** Per-section totals; `nil` holds the nil-rated, exempt and non-GST values in `taxable`. */
export function gstr1Totals(json: Gstr1Json): Record<string, SectionTotals> {
  const out: Record<string, SectionTotals> = {};
  const t = (k: string): SectionTotals => (out[k] ??= zero());
  for (const g of json.b2b ?? []) for (const i of g.inv) addItems(t('b2b'), i.itms, 1);
  for (const g of json.b2cl ?? []) for (const i of g.inv) addItems(t('b2cl'), i.itms, 1);
  for (const g of json.exp ?? []) for (const i of g.inv) addItems(t('exp'), i.itms, 1);
  for (const g of json.cdnr ?? []) for (const n of g.nt) addItems(t('cdnr'), n.itms, n.ntty === 'C' ? -1 : 1);
  for (const n of json.cdnur ?? []) addItems(t('cdnur'), n.itms, n.ntty === 'C' ? -1 : 1);
  for (const r of json.b2cs ?? []) {
    const s = t('b2cs');
    s.taxable += r.txval;
    s.igst += r.iamt ?? 0;
    s.cgst += r.camt ?? 0;
    s.sgst += r.samt ?? 0;
    s.cess += r.csamt;
  }
  for (const r of json.nil?.inv ?? []) t('nil').taxable += r.nil_amt + r.expt_amt + r.ngsup_amt;
  for (const tab of ['hsn_b2b', 'hsn_b2c'] as const) {
    for (const r of json.hsn?.[tab] ?? []) {
      const s = t('hsn');
      s.taxable += r.txval;
      s.igst += r.iamt;
      s.cgst += r.camt;
      s.sgst += r.samt;
      s.cess += r.csamt;
    }
  }
  for (const s of Object.values(out)) for (const k of Object.keys(s) as Array<keyof SectionTotals>) s[k] = r2(s[k]);
  return out;
}

/**
 * What the document sections (B2B, B2CL, exports, B2CS, credit and debit notes, nil-rated) and the HSN
 * summary (Table 12) disagree by, per head: the portal checks that they add up to the same total, so anything
 * but zero is a rounding residue to settle (a journal entry can post it) before upload.
 */
export function gstr1Residue(json: Gstr1Json): SectionTotals {
  const totals = gstr1Totals(json);
  const residue = zero();
  for (const section of ['b2b', 'b2cl', 'exp', 'b2cs', 'cdnr', 'cdnur', 'nil']) {
    const s = totals[section];
    if (!s) continue;
    for (const k of Object.keys(residue) as Array<keyof SectionTotals>) residue[k] += s[k];
  }
  const hsn = totals['hsn'] ?? zero();
  for (const k of Object.keys(residue) as Array<keyof SectionTotals>) residue[k] = r2(residue[k] - hsn[k]);
  return residue;
}
