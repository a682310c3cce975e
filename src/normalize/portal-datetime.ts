/**
 * Date-times as the portals write them in responses, read into the service's one form,
 * `DD/MM/YYYY HH:MM:SS` (24-hour, India Standard Time, the clock the portals use).
 *
 * The e-waybill portal answers `05/10/2022 12:39:00 PM` (12-hour with AM/PM, research/nic.md); the IRP
 * answers `2022-10-05 12:39:00`. Both, with or without seconds, become `05/10/2022 12:39:00`.
 *
 * NIC's own sample answers also write `17/09/2017 12.00:00 PM` (a dot after the hour), `17/09/2017
 * -11:59:00 PM` (a stray dash) and `21/05/201811:59:00 PM` (no space after the year); since the pages are
 * all we have to go by, those read too. A GSP passing the IRP's answer on may carry a date-time as epoch
 * milliseconds (`CancelDate: 1592764200000`); {@link portalInstant} reads those.
 * @module
 */

const two = (n: number): string => String(n).padStart(2, '0');

function realDate(day: number, month: number, year: number): boolean {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

// Between the date and the time: spaces or T, or nothing, and the stray dash of NIC's samples.
const DMY_TIME = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:[ T]*-?\s*(\d{1,2})[:.](\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([AaPp][Mm])?)?$/;
const YMD_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/** The parts of a date or date-time in either portal form; undefined when it is neither or not real. */
function parts(value: string): { day: number; month: number; year: number; time?: [number, number, number] } | undefined {
  const text = value.trim();
  let day: number, month: number, year: number;
  let hour: string | undefined, minute: string | undefined, second: string | undefined, half: string | undefined;
  const dmy = DMY_TIME.exec(text);
  if (dmy) {
    [day, month, year] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
    [hour, minute, second, half] = [dmy[4], dmy[5], dmy[6], dmy[7]];
  } else {
    const ymd = YMD_TIME.exec(text);
    if (!ymd) return undefined;
    [year, month, day] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
    [hour, minute, second] = [ymd[4], ymd[5], ymd[6]];
  }
  if (!realDate(day, month, year)) return undefined;
  if (hour === undefined) return { day, month, year };
  let h = Number(hour);
  const m = Number(minute);
  const s = Number(second ?? '0');
  if (half !== undefined) {
    // 12-hour clock: 12:xx AM is just after midnight, 12:xx PM just after noon.
    if (h < 1 || h > 12) return undefined;
    const pm = half.toUpperCase() === 'PM';
    h = (h % 12) + (pm ? 12 : 0);
  }
  if (h > 23 || m > 59 || s > 59) return undefined;
  return { day, month, year, time: [h, m, s] };
}

/**
 * A portal date-time as `DD/MM/YYYY HH:MM:SS`; a bare date gets 00:00:00. Undefined when the text is not
 * a real date or date-time in a form a portal writes.
 */
export function portalDateTime(value: string): string | undefined {
  const p = parts(value);
  if (!p) return undefined;
  const [h, m, s] = p.time ?? [0, 0, 0];
  return `${two(p.day)}/${two(p.month)}/${p.year} ${two(h)}:${two(m)}:${two(s)}`;
}

/** A portal date (`yyyy-MM-dd`, `D/M/YYYY`, or a date-time whose date is wanted) as `DD/MM/YYYY`. */
export function portalDate(value: string): string | undefined {
  const p = parts(value);
  return p ? `${two(p.day)}/${two(p.month)}/${p.year}` : undefined;
}

/** Epoch milliseconds from 2017 (GST began) to 2100: outside that, a number is no portal's date-time. */
const FIRST_INSTANT = Date.UTC(2017, 0, 1);
const LAST_INSTANT = Date.UTC(2100, 0, 1);
const IST_OFFSET_MS = 330 * 60_000;

/** Epoch milliseconds as `DD/MM/YYYY HH:MM:SS` in India Standard Time; undefined outside 2017-2099. */
export function portalInstant(epochMs: number): string | undefined {
  if (!Number.isInteger(epochMs) || epochMs < FIRST_INSTANT || epochMs >= LAST_INSTANT) return undefined;
  const d = new Date(epochMs + IST_OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}
