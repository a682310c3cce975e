/**
 * Dates as Indian invoices print them: DD/MM/YYYY. The IRP gives the Ack Date and e-waybill times as
 * `yyyy-MM-dd HH:mm:ss` while the payload's own dates are already DD/MM/YYYY; a document mixing the
 * two is hard to read, so every date on the page goes through here.
 * @module
 */
import { str } from './data.js';

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/;
const DASHED = /^(\d{2})-(\d{2})-(\d{4})(.*)$/;

/**
 * `2025-10-01 14:35:12` gives `01/10/2025 14:35:12`; `01-10-2025` gives `01/10/2025`; DD/MM/YYYY text
 * is kept as it is, and so is anything else (the page shows what the record says rather than nothing).
 */
export function displayDate(value: unknown): string {
  const text = str(value);
  const iso = ISO.exec(text);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}${iso[4] ? ` ${iso[4]}` : ''}`;
  const dashed = DASHED.exec(text);
  if (dashed) return `${dashed[1]}/${dashed[2]}/${dashed[3]}${dashed[4]}`;
  return text;
}
