/**
 * Reading a job's parameters from the data it was queued with. The routes check what a caller sent before
 * a job is queued, and the work checks the values again (a queue in another process may hold anything), so
 * the readers here only give each value its type, as the work expects it; a value of the wrong kind reads
 * as one the work refuses with its own code and path.
 * @module
 */
import { error, type Outcome } from '../../issue.js';
import { gstrCodes } from '../../ports/gst-portal.js';

/** The parameters read by `read`, or 1000 when the queued data is not an object at all. */
export function readParams<P>(raw: unknown, read: (params: Record<string, unknown>) => P): Outcome<P> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, errors: [error(gstrCodes.badRequest, 'missing or invalid field values in request: the job has no parameters', '')] };
  }
  return { ok: true, value: read(raw as Record<string, unknown>) };
}

/** A value as text (a missing one reads as `'undefined'`, which no check of the work lets through). */
export const text = (value: unknown): string => String(value);
