/**
 * Document-number normalization and financial years, the keys the matching passes compare.
 * @module
 */

/** Light form used by the exact pass: case and surrounding or repeated spaces ignored (the portal ignores case). */
export function lightNumber(no: string): string {
  return no.trim().replace(/\s+/g, ' ').toUpperCase();
}

// Financial-year fragments: 2024-25, 2024/25, 24-25, 24/25, 2024-2025, FY24-25, FY 2024-25. Only pairs of
// consecutive years count, so `100-101` in a number is left alone.
function consecutive(a: string, b: string): boolean {
  if ((a.length !== 2 && a.length !== 4) || (b.length !== 2 && b.length !== 4)) return false;
  const ya = Number(a.length === 2 ? '20' + a : a);
  const yb = Number(b.length === 2 ? '20' + b : b);
  return yb === ya + 1 && ya >= 2000 && ya <= 2099;
}

function withoutFinancialYears(up: string): string {
  const t = up.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i + 2 < t.length; i++) {
    if (!/^\d/.test(t[i]!) || !/^\s*[-/_.]\s*$/.test(t[i + 1]!) || !consecutive(t[i]!, t[i + 2]!)) continue;
    t[i] = t[i + 1] = t[i + 2] = ' ';
    if (i > 0) t[i - 1] = t[i - 1]!.replace(/F\.?Y\.?\s*$/, ' ');
    i += 2;
  }
  return t.join('');
}

/**
 * Heavy form used from the second pass: upper case, financial-year fragments removed, separators removed,
 * leading zeros of every digit run removed (`INV/2024-25/0042` and `inv-42` both give `INV42`).
 */
export function normalizeNumber(no: string): string {
  const up = no.toUpperCase();
  // Most numbers hold no digit-separator-digit run, so no financial year: skip the token pass.
  const out = compact(FY_HINT.test(up) ? withoutFinancialYears(up) : up);
  // A number that is nothing but a financial year keeps its digits.
  return out === '' ? compact(up) : out;
}

/** @deprecated The British spelling gstkit no longer uses; use {@link normalizeNumber}. */
export const normaliseNumber = normalizeNumber;

const FY_HINT = /\d\s*[-/_.]\s*\d/;

/** Letters and digits only, each digit run without its leading zeros (one pass, no intermediate strings). */
function compact(s: string): string {
  let out = '';
  let inDigits = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    if (digit) {
      // A zero that starts a digit run (or follows its leading zeros) is dropped unless the run ends there.
      if (c === 48 && !inDigits) {
        const next = s.charCodeAt(i + 1);
        if (next >= 48 && next <= 57) continue;
      }
      out += s[i];
      inDigits = true;
    } else if ((c >= 65 && c <= 90) || c > 127) {
      out += s[i];
      inDigits = false;
    } else {
      // A separator ends a digit run: "0042" after it starts a new run.
      inDigits = false;
    }
  }
  return out;
}

/** Days since the epoch of a UTC-midnight date. */
export function dayNumber(d: Date): number {
  return Math.floor(d.getTime() / 86_400_000);
}

/** The financial year (April to March) of a date, as `2024-25`. */
export function financialYear(d: Date): string {
  const y = d.getUTCFullYear();
  const start = d.getUTCMonth() >= 3 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The PAN inside a GSTIN (characters 3 to 12), or '' when the GSTIN is not 15 characters. */
export function panOf(gstin: string): string {
  return gstin.length === 15 ? gstin.slice(2, 12) : '';
}

/** A date from DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD text, or a Date; undefined when not a calendar date. */
export function toDate(v: Date | string): Date | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v;
  const t = String(v).trim();
  let y: number, m: number, d: number;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const ymd = dmy ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (ymd) [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : undefined;
}
