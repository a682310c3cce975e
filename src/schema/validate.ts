import { error, type Issue } from '../issue.js';
import { isKind, type Kind } from '../kinds.js';
import { normalize } from '../normalize/normalize.js';
import { rulesFor } from '../rules/index.js';
import type { RuleContext } from '../rules/rule.js';
import type { HsnMaster } from '../masters/hsn.js';
import { istDate } from '../compute/dates.js';
import { isPlainObject } from '../normalize/same-value.js';
import { schemaErrors } from './registry.js';
import { translateAjvErrors } from './translate.js';

/** Options of {@link validate}. */
export interface ValidateOptions {
  /** The date that date rules compare against, DD/MM/YYYY; default: today in India. */
  today?: string;
  /** Maximum age in days of an e-invoice document date (the IRP's 30-day window for large taxpayers); off by default. */
  reportingWindowDays?: number;
  /** The full HSN/SAC master to check codes against (from loadCompactHsn or loadHsnMasterFromXlsx); default: the one set with useHsnMaster(). */
  hsnMaster?: HsnMaster;
  /** Run the business rules after the schema (default true); false checks field shapes only. */
  rules?: boolean;
}

/** What {@link validate} found: the canonical payload and every issue at once. */
export interface ValidationResult<T = unknown> {
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  /** The canonical payload (spellings resolved); present even when not ok. */
  value: T;
  errors: Issue[];
  warnings: Issue[];
}

/**
 * Validates a payload of the given kind the way the government portal would: the tolerant reader, then
 * the JSON Schema, then the business rules, returning every issue at once.
 *
 * @example
 * const result = validate('irn', invoice, { today: '22/11/2026' });
 * if (!result.ok) for (const e of result.errors) console.log(e.code, e.message);
 */
export function validate<T = unknown>(kind: Kind, payload: unknown, options: ValidateOptions = {}): ValidationResult<T> {
  if (!isKind(kind)) throw new TypeError(`unknown payload kind: ${String(kind)}`);
  const { value, warnings } = normalize<T>(kind, payload);
  const errors = translateAjvErrors(schemaErrors(kind, value));
  if (options.rules !== false && isPlainObject(value)) {
    const context: RuleContext = { today: options.today ?? istDate(new Date()), shared: new Map() };
    if (options.reportingWindowDays !== undefined) context.reportingWindowDays = options.reportingWindowDays;
    if (options.hsnMaster !== undefined) context.hsnMaster = options.hsnMaster;
    for (const rule of rulesFor(kind)) {
      for (const found of runRule(rule, value, context)) (found.severity === 'error' ? errors : warnings).push(found);
    }
  }
  return { ok: errors.length === 0, value, errors, warnings };
}

/** A rule that throws is a bug in gstkit; the user still gets a coded issue instead of a crash. */
function runRule(rule: ReturnType<typeof rulesFor>[number], value: unknown, context: RuleContext): Issue[] {
  try {
    return rule.check(value, context);
  } catch (cause) {
    return [error('SVC-198', `rule ${rule.id} could not be applied (${cause instanceof Error ? cause.message : String(cause)})`)];
  }
}
