/**
 * Runs the rules of a kind on a document the way the portals do: a rule runs only on the days it is in
 * force and for the turnovers it concerns, and each issue takes the severity the policy gives its rule.
 * @module
 */

import { error, type Issue, type Severity } from '../issue.js';
import type { Kind } from '../kinds.js';
import { dayNumber } from '../masters/rates.js';
import { rulesFor } from './index.js';
import { ruleSeverity, turnoverInside, type Rule, type RuleContext } from './rule.js';

/** The document date of a payload, where its kind has one (DD/MM/YYYY as sent), else undefined. */
export function documentDateOf(kind: Kind, doc: unknown): string | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const record = doc as Record<string, unknown>;
  let value: unknown;
  if (kind === 'irn' || kind === 'payment-qr') {
    const dtls = record['DocDtls'];
    value = typeof dtls === 'object' && dtls !== null ? (dtls as Record<string, unknown>)['Dt'] : undefined;
  } else if (kind === 'ewb') {
    value = record['docDate'];
  }
  return typeof value === 'string' ? value.trim() : undefined;
}

/** What decides whether a rule runs today on this document. */
interface Gate {
  /** Day number (YYYYMMDD) of the document date, or of the reporting date when the document has none. */
  documentDay: number | undefined;
  reportingDay: number | undefined;
}

/** Day numbers of the rules' own dates, read once: they are a handful, and every validation compares with them. */
const ruleDays = new Map<string, number | undefined>();
function ruleDay(date: string): number | undefined {
  if (!ruleDays.has(date)) ruleDays.set(date, dayNumber(date));
  return ruleDays.get(date);
}

/** Whether a dated rule is in force on the date it compares with. A date gstkit cannot read lets it run. */
export function inForce(rule: Pick<Rule, 'since' | 'until' | 'dateBasis'>, gate: Gate): boolean {
  if (rule.since === undefined && rule.until === undefined) return true;
  const day = rule.dateBasis === 'reporting' ? gate.reportingDay : (gate.documentDay ?? gate.reportingDay);
  if (day === undefined) return true;
  if (rule.since !== undefined && day < (ruleDay(rule.since) ?? 0)) return false;
  if (rule.until !== undefined && day > (ruleDay(rule.until) ?? 99_999_999)) return false;
  return true;
}

/**
 * How a rule runs for this taxpayer: `run` normally, `warn` (turnover unknown, the rule asks to be
 * heard anyway: as a warning), or `skip`.
 */
export function turnoverMode(rule: Pick<Rule, 'aato' | 'whenAatoUnknown'>, aato: number | undefined): 'run' | 'warn' | 'skip' {
  if (!rule.aato) return 'run';
  if (aato === undefined || !Number.isFinite(aato)) return rule.whenAatoUnknown === 'warn' ? 'warn' : 'skip';
  return turnoverInside(aato, rule.aato) ? 'run' : 'skip';
}

/**
 * A rule as a validation run reads it, every one of the same shape: its severities under both policies
 * worked out once, and whether dates or turnover gate it at all (most rules have neither, and then
 * nothing but the check runs).
 */
interface PlannedRule {
  rule: Rule;
  gated: boolean;
  severity: Severity;
  strictSeverity: Severity;
}

const plans = new Map<Kind, readonly PlannedRule[]>();

/** The rules of a kind as planned runs, made at the first validation of the kind (the rule table is fixed). */
function planOf(kind: Kind): readonly PlannedRule[] {
  let plan = plans.get(kind);
  if (plan === undefined) {
    plan = rulesFor(kind).map((rule) => ({
      rule,
      gated: rule.since !== undefined || rule.until !== undefined || rule.aato !== undefined,
      severity: ruleSeverity(rule, false),
      strictSeverity: ruleSeverity(rule, true),
    }));
    plans.set(kind, plan);
  }
  return plan;
}

/** Runs every rule of a kind that applies, with the policy's severity on each issue. */
export function applyRules(kind: Kind, doc: unknown, context: RuleContext): Issue[] {
  const gate: Gate = { documentDay: dayNumber(documentDateOf(kind, doc)), reportingDay: dayNumber(context.today) };
  const strict = context.strict === true;
  const out: Issue[] = [];
  for (const planned of planOf(kind)) {
    let severity = strict ? planned.strictSeverity : planned.severity;
    if (planned.gated) {
      if (!inForce(planned.rule, gate)) continue;
      const mode = turnoverMode(planned.rule, context.aato);
      if (mode === 'skip') continue;
      if (mode === 'warn') severity = 'warning';
    }
    for (const issue of runRule(planned.rule, doc, context)) {
      out.push(issue.code === 'SVC-198' ? issue : { ...issue, severity });
    }
  }
  return out;
}

/** A rule that throws is a bug in gstkit; the user still gets a coded issue instead of a crash. */
function runRule(rule: Rule, value: unknown, context: RuleContext): Issue[] {
  try {
    return rule.check(value, context);
  } catch (cause) {
    return [error('SVC-198', `rule ${rule.id} could not be applied (${cause instanceof Error ? cause.message : String(cause)})`)];
  }
}
