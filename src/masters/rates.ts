/**
 * GST rates accepted on an e-invoice line, with their validity.
 * @module
 */
import { lazy, readMaster, type Provenance } from './data.js';
import { gstRatesJson } from './files.generated.js';

/** One GST rate (percent) and the dates it is accepted, both `DD/MM/YYYY` and inclusive, null when open. */
export interface GstRateEntry {
  rate: number;
  cgst: number;
  sgst: number;
  igst: number;
  validFrom: string | null;
  validTo: string | null;
  note: string;
}

interface RatesFile {
  provenance: Provenance;
  rates: GstRateEntry[];
}

interface Slab {
  entry: GstRateEntry;
  from: number;
  to: number;
}

const table = lazy(() => {
  const file = readMaster<RatesFile>(gstRatesJson);
  const list = file.rates.map((r) => Object.freeze({ ...r }));
  const byKey = new Map<number, Slab[]>();
  for (const entry of list) {
    const slab: Slab = {
      entry,
      from: entry.validFrom === null ? 0 : (dayNumber(entry.validFrom) ?? 0),
      to: entry.validTo === null ? 99_999_999 : (dayNumber(entry.validTo) ?? 99_999_999),
    };
    const key = rateKey(entry.rate)!;
    const slabs = byKey.get(key) ?? [];
    slabs.push(slab);
    byKey.set(key, slabs);
  }
  return { provenance: file.provenance, list: Object.freeze(list), byKey };
});

/** Thousandths of a percent, or undefined when the rate has finer precision than that. */
function rateKey(rate: number): number | undefined {
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return undefined;
  const key = Math.round(rate * 1000);
  return Math.abs(rate * 1000 - key) < 1e-6 ? key : undefined;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A date as the number YYYYMMDD, from `DD/MM/YYYY` (also `DD-MM-YYYY`) or `YYYY-MM-DD`;
 * undefined when it is not a real calendar date.
 */
export function dayNumber(date: unknown): number | undefined {
  if (typeof date !== 'string' || date.length !== 10) return undefined;
  let d: number, m: number, y: number;
  const sep = date.charCodeAt(2);
  if ((sep === 47 || sep === 45) && date.charCodeAt(5) === sep) {
    d = digits(date, 0, 2);
    m = digits(date, 3, 5);
    y = digits(date, 6, 10);
  } else if (date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45) {
    y = digits(date, 0, 4);
    m = digits(date, 5, 7);
    d = digits(date, 8, 10);
  } else return undefined;
  if (d < 0 || m < 0 || y < 0) return undefined;
  if (m < 1 || m > 12 || d < 1 || d > DAYS[m - 1]!) return undefined;
  if (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return undefined;
  return y * 10000 + m * 100 + d;
}

/** The number written by the digits from..to-1, or -1 when one is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * True when the rate (percent, e.g. 18 or 0.25) is on the e-invoice rate master on that date (`DD/MM/YYYY`).
 * 40 is accepted from 22/09/2025. 12 and 28 stay accepted after the September 2025 rationalisation, as the
 * IRP master still lists them. False for an unreadable date.
 */
export function rateAllowedOn(rate: number, date: string): boolean {
  const key = rateKey(rate);
  if (key === undefined) return false;
  const slabs = table().byKey.get(key);
  if (slabs === undefined) return false;
  const day = dayNumber(date);
  if (day === undefined) return false;
  for (const slab of slabs) if (day >= slab.from && day <= slab.to) return true;
  return false;
}

/** The rates accepted on a date (`DD/MM/YYYY`), or every rate with its validity when no date is given. */
export function gstRates(date?: string): readonly GstRateEntry[] {
  const { list, byKey } = table();
  if (date === undefined) return list;
  const day = dayNumber(date);
  if (day === undefined) return [];
  const out: GstRateEntry[] = [];
  for (const slabs of byKey.values()) {
    for (const slab of slabs) if (day >= slab.from && day <= slab.to) out.push(slab.entry);
  }
  return out;
}

/** Where the rates come from. */
export function ratesProvenance(): Provenance {
  return table().provenance;
}
