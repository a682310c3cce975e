/**
 * What a provider answers: a value, or a refusal with the portal's coded issues.
 * @module
 */
import { error, type Issue } from '../issue.js';

/** A provider's refusal: portal-coded issues, an HTTP status hint and extra facts (e.g. DUPIRN). */
export interface Refusal {
  ok: false;
  errors: Issue[];
  /** 404 not found, 409 conflict, 422 refused by a rule; default 422. */
  status?: number;
  info?: Record<string, unknown>;
}

export type ProviderResult<T> = { ok: true; value: T } | Refusal;

/** A portal's refusal with one coded issue (HTTP 422 unless said otherwise). */
export function refuse(code: string, message: string, status = 422, path = ''): Refusal {
  return { ok: false, status, errors: [error(code, message, path)] };
}
