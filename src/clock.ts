/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const istOffsetMs = 330 * 60 * 1000;

const two = (n: number): string => String(n).padStart(2, '0');

/** The calendar fields of an instant as read on a clock in India. */
export function istParts(instant: Date): { year: number; month: number; day: number; hours: number; minutes: number; seconds: number } {
  const shifted = new Date(instant.getTime() + istOffsetMs);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
    seconds: shifted.getUTCSeconds(),
  };
}

/** DD/MM/YYYY of an instant in India. */
export function istDate(instant: Date): string {
  const p = istParts(instant);
  return `${two(p.day)}/${two(p.month)}/${p.year}`;
}

/** DD/MM/YYYY HH:MM:SS of an instant in India. */
export function istDateTime(instant: Date): string {
  const p = istParts(instant);
  return `${istDate(instant)} ${two(p.hours)}:${two(p.minutes)}:${two(p.seconds)}`;
}

/** The instant of a DD/MM/YYYY [HH:MM:SS] reading of an Indian clock; undefined when not such a string. */
export function fromIstDateTime(text: string): Date | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  const [, d, m, y, hh = '0', mm = '0', ss = '0'] = match;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
  const utc = Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm), Number(ss)) - istOffsetMs;
  const instant = new Date(utc);
  return istDateTime(instant).startsWith(`${d}/${m}/${y}`) ? instant : undefined;
}
