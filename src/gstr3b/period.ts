/**
 * Dates and periods as the GSTR-3B computation reads them: a return period given as MMYYYY or YYYY-MM,
 * and document dates given as DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD.
 * @module
 */

/** A return period in both spellings, or undefined when `text` is neither MMYYYY nor YYYY-MM. */
export function returnPeriod(text: string): { month: string; fp: string } | undefined {
  const t = text.trim();
  const iso = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(t);
  if (iso) return { month: t, fp: `${iso[2]}${iso[1]}` };
  const fp = /^(0[1-9]|1[0-2])(\d{4})$/.exec(t);
  if (fp) return { month: `${fp[2]}-${fp[1]}`, fp: t };
  return undefined;
}

/** A calendar date as `{ month: 'YYYY-MM', text: 'DD/MM/YYYY' }`, or undefined when it is not one. */
export function documentDate(value: unknown): { month: string; text: string } | undefined {
  let d: number;
  let m: number;
  let y: number;
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    [d, m, y] = [value.getUTCDate(), value.getUTCMonth() + 1, value.getUTCFullYear()];
  } else if (typeof value === 'string') {
    const dmy = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(value.trim());
    const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
    else if (ymd) [d, m, y] = [Number(ymd[3]), Number(ymd[2]), Number(ymd[1])];
    else return undefined;
    const check = new Date(Date.UTC(y, m - 1, d));
    if (check.getUTCDate() !== d || check.getUTCMonth() !== m - 1) return undefined;
  } else return undefined;
  const mm = String(m).padStart(2, '0');
  return { month: `${y}-${mm}`, text: `${String(d).padStart(2, '0')}/${mm}/${y}` };
}
