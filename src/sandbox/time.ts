/**
 * The clock of the sandbox and the HTTP adapter (injectable), and the IST readings every date the
 * service shows is written in, whatever the host's time zone.
 * @module
 */

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

// The IST readings and writings of the portals live with the other date functions.
export { istDate, istDateTime, istIsoDate, formatIstDateTime as istIsoDateTime, parseIst } from '../compute/dates.js';
