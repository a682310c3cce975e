/**
 * Cron expressions read in IST, by croner. Five parts only (minute, hour, day of month, month, day of week):
 * a schedule runs jobs that take minutes, so seconds would only invite mistakes. IST is a fixed offset of
 * +05:30 with no daylight saving, so it is given as an offset: no time-zone database is needed, which keeps
 * this the same in every runtime.
 * @module
 */
import { Cron } from 'croner';
import { error, type Outcome } from '../../issue.js';
import { scheduleCodes } from './codes.js';

/** IST's offset from UTC, in minutes. */
const IST_OFFSET_MINUTES = 330;

function cronOf(expression: string): Cron {
  return new Cron(expression, { utcOffset: IST_OFFSET_MINUTES, mode: '5-part', paused: true });
}

/** The expression, checked: it parses and has a next occurrence. */
export function readCron(expression: unknown, path = '/when'): Outcome<string> {
  if (typeof expression !== 'string' || expression.trim() === '')
    return { ok: false, errors: [error(scheduleCodes.badWhen, 'when must be a cron expression of five parts, read in IST', path)] };
  const text = expression.trim().replace(/\s+/g, ' ');
  try {
    if (!cronOf(text).nextRun(new Date())) return { ok: false, errors: [error(scheduleCodes.badWhen, `when (${text}) never comes again`, path)] };
  } catch (e) {
    return { ok: false, errors: [error(scheduleCodes.badWhen, `when (${text}) is not a cron expression of five parts: ${(e as Error).message}`, path)] };
  }
  return { ok: true, value: text };
}

/** The first occurrence of a checked expression strictly after `after` (undefined when none is left). */
export function nextOccurrence(expression: string, after: Date): Date | undefined {
  return cronOf(expression).nextRun(after) ?? undefined;
}
