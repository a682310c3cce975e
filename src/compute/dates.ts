/**
 * Calendar dates as the portals write them (`DD/MM/YYYY`, and `yyyy-MM-dd HH:mm:ss` for
 * acknowledgement times), all in India Standard Time (UTC+05:30, no daylight saving).
 * @module
 */

/** A calendar date. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** IST is five and a half hours ahead of UTC. */
export const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Whether the day exists in the (proleptic Gregorian) calendar. Years below 100 are not dates here: this
 * check once went through Date.UTC, which reads them as 1900-1999, and so never matched them.
 */
function real(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 100) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** Parses a `DD/MM/YYYY` date; undefined unless it is exactly that shape and a real date. */
export function parseDate(value: unknown): CalendarDate | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return undefined;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  return real(year, month, day) ? { year, month, day } : undefined;
}

/** Writes a date as `DD/MM/YYYY`. */
export function formatDate(d: CalendarDate): string {
  return `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${String(d.year).padStart(4, '0')}`;
}

/** Days since 1970-01-01 for a calendar date (for differences between dates). */
export function dayNumber(d: CalendarDate): number {
  return Math.round(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);
}

/** Whole days from `from` to `to` (positive when `to` is later); undefined if either is not a date. */
export function daysBetween(from: string, to: string): number | undefined {
  const a = parseDate(from);
  const b = parseDate(to);
  return a && b ? dayNumber(b) - dayNumber(a) : undefined;
}

/** The date `days` days after a `DD/MM/YYYY` date (negative goes back); undefined if not a date. */
export function addDays(date: string, days: number): string | undefined {
  const d = parseDate(date);
  if (!d) return undefined;
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * DAY_MS);
  return formatDate({ year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() });
}

/** The calendar fields of an instant as read on a clock in India. */
function istFields(instant: Date): CalendarDate & { hours: number; minutes: number; seconds: number } {
  const t = new Date(instant.getTime() + IST_OFFSET_MS);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hours: t.getUTCHours(),
    minutes: t.getUTCMinutes(),
    seconds: t.getUTCSeconds(),
  };
}

const two = (n: number): string => String(n).padStart(2, '0');

/** `DD/MM/YYYY` of an instant in India. */
export function istDate(instant: Date): string {
  return formatDate(istFields(instant));
}

/** `DD/MM/YYYY HH:MM:SS` of an instant in India (the specification's date-time). */
export function istDateTime(instant: Date): string {
  const f = istFields(instant);
  return `${formatDate(f)} ${two(f.hours)}:${two(f.minutes)}:${two(f.seconds)}`;
}

/** `YYYY-MM-DD` of an instant in India. */
export function istIsoDate(instant: Date): string {
  const f = istFields(instant);
  return `${String(f.year).padStart(4, '0')}-${two(f.month)}-${two(f.day)}`;
}

/** Today's date in India as `DD/MM/YYYY`, from an injectable clock. */
export function todayInIndia(now: Date = new Date()): string {
  return istDate(now);
}

/**
 * The instant of a `DD/MM/YYYY` or `DD/MM/YYYY HH:MM:SS` reading of an Indian clock; undefined unless
 * it is exactly that shape with a real date and time.
 */
export function parseIst(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value);
  if (!m) return undefined;
  const [day, month, year, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!real(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS);
}

/** Parses an IST `yyyy-MM-dd HH:mm:ss` time (seconds optional) into an instant; undefined if malformed. */
export function parseIstDateTime(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => Number(s ?? 0)) as [number, number, number, number, number, number];
  if (!real(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS);
}

/** Writes an instant as IST `yyyy-MM-dd HH:mm:ss`. */
export function formatIstDateTime(instant: Date): string {
  const f = istFields(instant);
  return `${istIsoDate(instant)} ${two(f.hours)}:${two(f.minutes)}:${two(f.seconds)}`;
}
