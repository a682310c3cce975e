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
import { svcCodes } from './codes.js';

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
  const schemaIssues = translateAjvErrors(schemaErrors(kind, value));
  const ruleIssues: Issue[] = [];
  if (options.rules !== false && isPlainObject(value)) {
    const context: RuleContext = { today: options.today ?? istDate(new Date()), shared: new Map() };
    if (options.reportingWindowDays !== undefined) context.reportingWindowDays = options.reportingWindowDays;
    if (options.hsnMaster !== undefined) context.hsnMaster = options.hsnMaster;
    for (const rule of rulesFor(kind)) ruleIssues.push(...runRule(rule, value, context));
  }
  const errors: Issue[] = [];
  for (const issue of mergeFindings(schemaIssues, ruleIssues)) (issue.severity === 'error' ? errors : warnings).push(issue);
  return { ok: errors.length === 0, value, errors, warnings };
}

/** The master checks the schema makes through formats (state, unit, GSTIN, country, currency). */
const masterFormatCodes = new Set<string>([svcCodes.stateCode, svcCodes.unitCode, svcCodes.gstin, svcCodes.countryCode, svcCodes.currencyCode].map((c) => c.code));
const isPortalCode = (code: string): boolean => /^\d+$/.test(code);

/**
 * One finding, one issue. Rules also work without the schema, so some repeat what it found: a rule issue
 * with the same code at the same place adds nothing. And where a rule gives the portal's own code for a
 * master check the schema also made (EWB 208 for a GSTIN with a wrong check character), the portal's code
 * is the one to report, so the schema's SVC issue at that place gives way.
 */
function mergeFindings(schemaIssues: Issue[], ruleIssues: Issue[]): Issue[] {
  const portalCoded = new Set(ruleIssues.filter((i) => i.severity === 'error' && isPortalCode(i.code)).map((i) => i.path));
  const kept = schemaIssues.filter((i) => !(masterFormatCodes.has(i.code) && portalCoded.has(i.path)));
  const seen = new Set(kept.map((i) => `${i.code}|${i.path}`));
  return [...kept, ...ruleIssues.filter((i) => !seen.has(`${i.code}|${i.path}`))];
}

/** A rule that throws is a bug in gstkit; the user still gets a coded issue instead of a crash. */
function runRule(rule: ReturnType<typeof rulesFor>[number], value: unknown, context: RuleContext): Issue[] {
  try {
    return rule.check(value, context);
  } catch (cause) {
    return [error('SVC-198', `rule ${rule.id} could not be applied (${cause instanceof Error ? cause.message : String(cause)})`)];
  }
}
