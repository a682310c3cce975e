/**
 * India Standard Time helpers for the sandbox and the HTTP adapter: every date the
 * service shows is IST, whatever the host's time zone.
 * @module
 */

const IST_OFFSET_MS = 330 * 60 * 1000;

/** A source of the current instant; inject a fixed or stepping clock in tests. */
export interface Clock {
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where it is put until moved; handy in tests. */
export interface ManualClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

/** Builds a {@link ManualClock} starting at `start`. */
export function manualClock(start: Date): ManualClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set: (d) => {
      at = d.getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

interface IstParts {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  ss: number;
}

function istParts(at: Date): IstParts {
  const s = new Date(at.getTime() + IST_OFFSET_MS);
  return {
    y: s.getUTCFullYear(),
    m: s.getUTCMonth() + 1,
    d: s.getUTCDate(),
    hh: s.getUTCHours(),
    mm: s.getUTCMinutes(),
    ss: s.getUTCSeconds(),
  };
}

const two = (n: number): string => String(n).padStart(2, '0');

/** `DD/MM/YYYY` in IST. */
export function istDate(at: Date): string {
  const p = istParts(at);
  return `${two(p.d)}/${two(p.m)}/${p.y}`;
}

/** `DD/MM/YYYY HH:MM:SS` in IST (the specification's date-time). */
export function istDateTime(at: Date): string {
  const p = istParts(at);
  return `${two(p.d)}/${two(p.m)}/${p.y} ${two(p.hh)}:${two(p.mm)}:${two(p.ss)}`;
}

/** `YYYY-MM-DD HH:MM:SS` in IST (the IRP's own AckDt form). */
export function istIsoDateTime(at: Date): string {
  const p = istParts(at);
  return `${p.y}-${two(p.m)}-${two(p.d)} ${two(p.hh)}:${two(p.mm)}:${two(p.ss)}`;
}

/** `YYYY-MM-DD` in IST. */
export function istIsoDate(at: Date): string {
  const p = istParts(at);
  return `${p.y}-${two(p.m)}-${two(p.d)}`;
}

/**
 * Reads `DD/MM/YYYY` or `DD/MM/YYYY HH:MM:SS` (IST) into an instant; undefined when the text is
 * not a real calendar date.
 */
export function parseIst(text: string): Date | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return undefined;
  const [d, mo, y, hh, mi, ss] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || hh > 23 || mi > 59 || ss > 59) return undefined;
  const utc = Date.UTC(y, mo - 1, d, hh, mi, ss);
  const check = new Date(utc);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return undefined;
  return new Date(utc - IST_OFFSET_MS);
}
