import type { PayloadTypes } from './types/payloads.js';
import type { Issue } from './issue.js';
import { isKind, type Kind } from './kinds.js';
import { readPayload } from './normalize/normalize.js';
import { coercionReports, type CoercionReport } from './normalize/coercion-summary.js';
import { applyRules } from './rules/apply.js';
import { irpNames, type Environment, type IrpName, type RuleContext } from './rules/rule.js';
import type { HsnMaster } from './masters/hsn.js';
import { istDate } from './compute/dates.js';
import { isPlainObject } from './json.js';
import { objectPrototypeInert, schemaErrors } from './schema/registry.js';
import { translateAjvErrors } from './schema/translate.js';
import { oneIssuePerBlankText } from './schema/blank-text.js';
import { svcCodes } from './schema/codes.js';
import { relaxTestGstins } from './schema/sandbox-gstins.js';
import { capIssues, exceededLimit, type PayloadMake } from './schema/limits.js';
import { boundIssue } from './quote.js';

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
  /**
   * The taxpayer's aggregate annual turnover in rupees. Rules that depend on it (the 30-day reporting limit,
   * HSN digits) use it; without it they are skipped or, where the portal would likely refuse, warn.
   */
  aato?: number;
  /** The invoice registration portal the document goes to: IRP1 (NIC-1, default) to IRP6. */
  irp?: IrpName;
  /**
   * `production` (default) or `sandbox`: NIC's sandboxes accept some things production refuses (test GSTINs
   * with a wrong check character), and gstkit then warns instead of refusing.
   */
  environment?: Environment;
  /**
   * Refuse on gstkit's own rules and on rules whose portal behaviour is uncertain (default false: those warn).
   * Rules backed by a portal's code stay errors either way.
   */
  strict?: boolean;
  /**
   * How values sent in another type than the schema's and converted (amounts as text, SVC-118 warnings) are
   * reported: `'summary'` (default) one warning per field with a count, `'each'` one per value, `'silent'` none.
   */
  coercions?: CoercionReport;
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
export function validate<K extends Kind>(kind: K, payload: unknown, options: ValidateOptions = {}): ValidationResult<PayloadTypes[K]> {
  return check(kind, payload, options, undefined);
}

/** What a caller that parsed a payload itself knows of it, and gives up with it. */
export interface HandedOverPayload {
  /**
   * The JSON text it was parsed from has no `\u` escape. Text decoded from UTF-8 holds no lone surrogate
   * (a broken sequence reads as U+FFFD) and JSON carries a NUL only as `\u0000`, so no text in the payload
   * needs testing for either.
   */
  plainText: boolean;
}

/**
 * {@link validate} for a payload nobody else holds, such as the HTTP handler's own parse of a request body:
 * what is read as it was sent is kept in `value` rather than copied, and text known to be plain is not
 * tested again. The findings are those of {@link validate}.
 */
export function validateHandedOver<K extends Kind>(
  kind: K,
  payload: unknown,
  options: ValidateOptions,
  facts: HandedOverPayload,
): ValidationResult<PayloadTypes[K]> {
  return check(kind, payload, options, facts);
}

function check<K extends Kind>(
  kind: K,
  payload: unknown,
  options: ValidateOptions,
  handedOver: HandedOverPayload | undefined,
): ValidationResult<PayloadTypes[K]> {
  if (!isKind(kind)) throw new TypeError(`unknown payload kind: ${String(kind)}`);
  checkOptions(options);
  // Bounds first: a payload too big to check is refused before any per-line work.
  const made: PayloadMake = { jsonLike: true };
  const refused = exceededLimit(kind, payload, handedOver?.plainText !== true, made);
  if (refused) return { ok: false, value: payload as PayloadTypes[K], errors: [boundIssue(refused)], warnings: [] };
  // The canonical form of the kind; when the result is not ok it may still break the schema (see `errors`).
  // The reader makes only plain objects and arrays, and keeps those it was given: a JSON-like payload reads
  // into a JSON-like value.
  const { value, warnings } = readPayload<PayloadTypes[K]>(kind, payload, {
    handedOver: handedOver !== undefined,
    coercions: options.coercions ?? 'summary',
  });
  const ajvErrors = schemaErrors(kind, value, made.jsonLike && objectPrototypeInert() ? 'json' : 'any');
  const schemaIssues = ajvErrors.length === 0 ? [] : oneIssuePerBlankText(translateAjvErrors(ajvErrors), value);
  const ruleIssues: Issue[] = [];
  if (options.rules !== false && isPlainObject(value)) {
    const context: RuleContext = {
      today: options.today ?? istDate(new Date()),
      shared: new Map(),
      irp: options.irp ?? 'IRP1',
      environment: options.environment ?? 'production',
      strict: options.strict === true,
    };
    if (options.reportingWindowDays !== undefined) context.reportingWindowDays = options.reportingWindowDays;
    if (options.hsnMaster !== undefined) context.hsnMaster = options.hsnMaster;
    if (options.aato !== undefined) context.aato = options.aato;
    ruleIssues.push(...applyRules(kind, value, context));
  }
  let findings = mergeFindings(schemaIssues, ruleIssues);
  if (options.environment === 'sandbox') findings = relaxTestGstins(findings, value);
  const errors: Issue[] = [];
  for (const issue of findings) (issue.severity === 'error' ? errors : warnings).push(issue);
  // Capped and with every quoted value cut short, so the report never grows with the payload.
  return { ok: errors.length === 0, value, errors: bounded(errors, 'error'), warnings: bounded(warnings, 'warning') };
}

const bounded = (issues: Issue[], severity: 'error' | 'warning'): Issue[] => (issues.length === 0 ? issues : capIssues(issues, severity).map(boundIssue));

/** The master checks the schema makes through formats (state, unit, GSTIN, country, currency). */
const masterFormatCodes = new Set<string>(
  [svcCodes.stateCode, svcCodes.unitCode, svcCodes.gstin, svcCodes.countryCode, svcCodes.currencyCode].map((c) => c.code),
);
/** The schema's complaints about the shape of a text: a portal's code at the same place (2239 for a blank Unit) says it better. */
const textShapeCodes = new Set<string>([svcCodes.maxLength, svcCodes.minLength, svcCodes.pattern].map((c) => c.code));
const isPortalCode = (code: string): boolean => /^\d+$/.test(code);

/**
 * One finding, one issue. Rules also work without the schema, so some repeat what it found: a rule issue
 * with the same code at the same place adds nothing. And where a rule gives the portal's own code for a
 * master check the schema also made (EWB 208 for a GSTIN with a wrong check character), the portal's code
 * is the one to report, so the schema's SVC issue at that place gives way; so does its complaint about
 * the shape of a text (length, pattern) there.
 */
function mergeFindings(schemaIssues: Issue[], ruleIssues: Issue[]): Issue[] {
  // Nothing to reconcile when one side found nothing (a valid document: both).
  if (ruleIssues.length === 0) return schemaIssues;
  if (schemaIssues.length === 0) return ruleIssues;
  const portalCoded = new Set(ruleIssues.filter((i) => i.severity === 'error' && isPortalCode(i.code)).map((i) => i.path));
  const kept = schemaIssues.filter((i) => !((masterFormatCodes.has(i.code) || textShapeCodes.has(i.code)) && portalCoded.has(i.path)));
  const seen = new Set(kept.map((i) => `${i.code}|${i.path}`));
  return [...kept, ...ruleIssues.filter((i) => !seen.has(`${i.code}|${i.path}`))];
}

/** Options are the caller's code, not the payload: a wrong one is a programmer error. */
function checkOptions(options: ValidateOptions): void {
  if (options.irp !== undefined && !(irpNames as readonly string[]).includes(options.irp)) {
    throw new TypeError(`unknown irp ${String(options.irp)}: one of ${irpNames.join(', ')}`);
  }
  if (options.environment !== undefined && options.environment !== 'sandbox' && options.environment !== 'production') {
    throw new TypeError(`unknown environment ${String(options.environment)}: sandbox or production`);
  }
  if (options.coercions !== undefined && !coercionReports.includes(options.coercions)) {
    throw new TypeError(`unknown coercions ${String(options.coercions)}: one of ${coercionReports.join(', ')}`);
  }
  if (options.aato !== undefined && !(typeof options.aato === 'number' && Number.isFinite(options.aato) && options.aato >= 0)) {
    throw new TypeError(`aato must be a turnover in rupees (a number, 0 or more), not ${String(options.aato)}`);
  }
}
