import { error } from '../issue.js';
import type { Refusal } from './ports.js';

/**
 * Readers of validated payload values and the refusal shape, shared by the sandbox portals and the HTTP
 * routes. Payloads passed validation before they get here, so these only guard against absent optional
 * fields.
 * @module
 */

export type Obj = Record<string, unknown>;

export { obj } from '../compute/payload.js';

/** Text of a value; empty for absent values. */
export const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** A finite number from a value; zero otherwise. */
export const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** A portal's refusal with one coded issue (HTTP 422 unless said otherwise). */
export function refuse(code: string, message: string, status = 422, path = ''): Refusal {
  return { ok: false, status, errors: [error(code, message, path)] };
}
