/**
 * What the GST portal does to GSTR-3B tables by period (auto-population from GSTR-1/1A/IFF and GSTR-2B,
 * hard locks) and the three-year bar on filing. Dates from GSTN advisories; see docs/gstr-reports.md.
 * @module
 */
import { nextPeriod } from './ims.js';
import type { Period } from './types.js';

/**
 * Table 3.2 is filled from GSTR-1/1A/IFF and cannot be edited from this period (advisory of
 * 11 April 2025). One secondary source reports the Nov-2025 period instead; April 2025 is the advisory's.
 */
export const GSTR3B_TABLE_3_2_LOCKED_FROM = '2025-04';
/** The liability auto-populated from GSTR-1/1A/IFF is hard-locked from this period (advisory of 7 June 2025). */
export const GSTR3B_LIABILITY_LOCKED_FROM = '2025-07';
/**
 * The portal refuses returns whose due date is more than three years past (section 39(11), enforced by
 * the portal from the July-2025 tax period's filing season per the same advisory).
 */
export const GSTR3B_TIME_BAR_ENFORCED_FROM = new Date(Date.UTC(2025, 6, 1));

/** How the portal fills a GSTR-3B row in a period. */
export interface Gstr3bRowSource {
  /** Where the portal takes the figures from. */
  source: 'GSTR-1/1A/IFF' | 'GSTR-2B';
  /** True when the taxpayer cannot edit the figures on the portal. */
  locked: boolean;
  /** The words shown in the export. */
  note: string;
}

/** Rows filled from the supplier-side returns: 3.1 (a), (b), (c), (e) and 3.1.1. */
const FROM_GSTR1 = new Set(['3.1 (a)', '3.1 (b)', '3.1 (c)', '3.1 (e)', '3.1.1 (i)', '3.1.1 (ii)']);

/** How the portal fills a row of table `table` with row code `code` for `period`, or undefined when it does not. */
export function gstr3bRowSource(table: string, code: string, period: Period): Gstr3bRowSource | undefined {
  if (table === '3.2') {
    const locked = period >= GSTR3B_TABLE_3_2_LOCKED_FROM;
    return { source: 'GSTR-1/1A/IFF', locked, note: locked ? 'auto-populated from GSTR-1/1A/IFF, locked' : 'auto-populated from GSTR-1/IFF, editable' };
  }
  if (FROM_GSTR1.has(`${table} ${code}`)) {
    const locked = period >= GSTR3B_LIABILITY_LOCKED_FROM;
    return {
      source: 'GSTR-1/1A/IFF',
      locked,
      note: locked ? 'auto-populated from GSTR-1/1A/IFF, locked (correct through GSTR-1A)' : 'auto-populated from GSTR-1/IFF, editable',
    };
  }
  if ((table === '3.1' && code === '(d)') || (table === '4' && /^[AB]\(/.test(code))) {
    return { source: 'GSTR-2B', locked: false, note: 'auto-populated from GSTR-2B, editable' };
  }
  return undefined;
}

/**
 * The GSTR-3B due date of a monthly return: the 20th of the next month. Quarterly (QRMP) filers have
 * the 22nd or 24th after the quarter; this function gives the monthly date.
 */
export function gstr3bDueDate(period: Period): Date {
  const next = nextPeriod(period);
  return new Date(Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)) - 1, 20));
}

/** Whether the return for `period` can no longer be filed on `asOf`: more than three years after its due date. */
export function isGstr3bTimeBarred(period: Period, asOf: Date): boolean {
  if (asOf < GSTR3B_TIME_BAR_ENFORCED_FROM) return false;
  const due = gstr3bDueDate(period);
  const bar = new Date(Date.UTC(due.getUTCFullYear() + 3, due.getUTCMonth(), due.getUTCDate()));
  return asOf.getTime() >= bar.getTime() + 86_400_000;
}
