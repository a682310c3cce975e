/**
 * The clock (injectable): where every part that needs "now" (the HTTP adapter, the job runners, the
 * store's audit retention, the sandbox portals) asks for it, so tests can fix or step it. The IST
 * readings of an instant live with the other date functions in `compute/dates.ts`.
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
