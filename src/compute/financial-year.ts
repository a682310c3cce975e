/**
 * The Indian financial year (1 April to 31 March) of a date, written `YYYY-YY`.
 * @module
 */

import { parseDate } from './dates.js';

/**
 * The financial year of a `DD/MM/YYYY` date: `financialYear('03/01/2020')` is `'2019-20'`.
 * Returns undefined for a string that is not a real date.
 */
export function financialYear(date: string): string | undefined {
  const d = parseDate(date);
  if (!d) return undefined;
  const start = d.month >= 4 ? d.year : d.year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
