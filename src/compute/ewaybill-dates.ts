/**
 * Calendar helpers for the e-waybill computations and rules: `DD/MM/YYYY` dates and
 * `DD/MM/YYYY HH:MM:SS` date-times, read as India Standard Time wall-clock values. Everything is
 * counted on a plain UTC time line so that the host's time zone never matters.
 * @module
 */

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const SECONDS_PER_DAY = 86_400;

/** Day number (days since 01/01/1970) of a real calendar date, or undefined. */
function dayOf(year: number, month: number, day: number): number | undefined {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return undefined;
  }
  return Math.round(ms / 86_400_000);
}

/** Day number of a `DD/MM/YYYY` date; undefined for anything that is not a real date in that form. */
export function ewbDayNumber(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = DATE.exec(text);
  if (!m) return undefined;
  return dayOf(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** Seconds on the wall-clock time line of a `DD/MM/YYYY HH:MM:SS` date-time; undefined for junk. */
export function ewbSecondNumber(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const day = dayOf(Number(m[3]), Number(m[2]), Number(m[1]));
  const hours = Number(m[4]);
  const minutes = Number(m[5]);
  const seconds = Number(m[6]);
  if (day === undefined || hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return day * SECONDS_PER_DAY + hours * 3600 + minutes * 60 + seconds;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** `DD/MM/YYYY` of a day number. */
export function ewbDateText(dayNumber: number): string {
  const d = new Date(dayNumber * 86_400_000);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${String(d.getUTCFullYear()).padStart(4, '0')}`;
}

/** `DD/MM/YYYY HH:MM:SS` of a second number. */
export function ewbDateTimeText(secondNumber: number): string {
  const day = Math.floor(secondNumber / SECONDS_PER_DAY);
  let rest = secondNumber - day * SECONDS_PER_DAY;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  return `${ewbDateText(day)} ${two(hours)}:${two(minutes)}:${two(rest - minutes * 60)}`;
}

/** Month number (year × 12 + month − 1) of a `YYYY-MM` return period; undefined unless a real month. */
export function periodMonthNumber(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (year < 1 || month < 1 || month > 12) return undefined;
  return year * 12 + month - 1;
}

/** Month number of the month a `DD/MM/YYYY` date falls in. */
export function dateMonthNumber(text: unknown): number | undefined {
  const day = ewbDayNumber(text);
  if (day === undefined) return undefined;
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}
