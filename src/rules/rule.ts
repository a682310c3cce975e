import type { Issue, Severity } from '../issue.js';
import type { HsnMaster } from '../masters/hsn.js';
import { IRP_ERROR_LIST } from './einvoice/evidence.js';
import { EWB_ERROR_LIST } from './ewaybill/evidence.js';

/** How sure we are that the government portal applies a rule exactly so (research/nic.md labels). */
export type Certainty = 'certain' | 'likely' | 'uncertain';

/** The portals whose behaviour gstkit's rules copy. */
export type Portal = 'IRP' | 'EWB' | 'GSTN';

/** The invoice registration portals (NIC-1 and NIC-2, then the four private IRPs). */
export const irpNames = ['IRP1', 'IRP2', 'IRP3', 'IRP4', 'IRP5', 'IRP6'] as const;
export type IrpName = (typeof irpNames)[number];

/** Which portal environment a document is meant for: NIC's sandboxes are more lenient than production. */
export type Environment = 'sandbox' | 'production';

/**
 * Why a rule exists:
 * - a portal refuses such documents: its code (when known) and where that is written down;
 * - the service specification requires it (`spec`: the section);
 * - `own`: gstkit's own judgement, with nothing from a portal behind it.
 */
export type Evidence = { portal: Portal; code?: string; source: string } | { spec: string } | 'own';

/**
 * Turnover bounds in rupees (aggregate annual turnover). A rule runs only for a taxpayer inside them.
 * `atLeast`/`atMost` include the bound, `over`/`under` exclude it.
 */
export interface TurnoverBounds {
  atLeast?: number;
  over?: number;
  under?: number;
  atMost?: number;
}

/** What a rule may consult besides the document. */
export interface RuleContext {
  /** The date that date rules compare against (the reporting date), DD/MM/YYYY in India Standard Time. */
  today: string;
  /** Maximum age in days of a document date (IRP 30-day reporting window for large taxpayers); undefined = off. */
  reportingWindowDays?: number;
  /** The full HSN/SAC master for this run; default: the one set with useHsnMaster(), if any. */
  hsnMaster?: HsnMaster;
  /** The taxpayer's aggregate annual turnover in rupees; undefined when the caller did not say. */
  aato?: number;
  /** The registration portal the document goes to (default IRP1). */
  irp?: IrpName;
  /** The portal environment (default production). */
  environment?: Environment;
  /** Whether own and uncertain rules refuse instead of warn. */
  strict?: boolean;
  /**
   * Scratch space for one validation run: rules that share a computation (the arithmetic rules all read
   * one checkAmounts result) keep it here so it runs once per document. Fresh for every validate call.
   */
  shared?: Map<string, unknown>;
}

/** A computation shared by several rules, run once per validation (or every time without `shared`). */
export function sharedResult<T>(context: RuleContext, key: string, compute: () => T): T {
  if (!context.shared) return compute();
  if (context.shared.has(key)) return context.shared.get(key) as T;
  const value = compute();
  context.shared.set(key, value);
  return value;
}

/**
 * One business rule. `check` runs on the canonical payload (after normalize), even when the schema
 * already reported problems, so it must tolerate missing or mistyped fields and never throw.
 */
export interface Rule<Doc = unknown> {
  /** Stable id, e.g. `EINV-TAX-INTRA`; tests are named after it. */
  id: string;
  /** Portal code when the portal has one (IRP `2172`, EWB `604`), else an `SVC-nnn` code. */
  code: string;
  /** The severity under the default policy (see {@link ruleSeverity}); `strict` may raise a warning to an error. */
  severity: Severity;
  certainty: Certainty;
  /** Where the rule comes from: a portal code with its source, the specification, or `own`. */
  evidence: Evidence;
  /** A warning even in strict mode (the rule informs; documents that break it can be legitimate). */
  advisory?: boolean;
  /**
   * The portal's own schema accepts what the rule refuses (the specification's tighter limit on a field):
   * a warning, and an error only in strict mode, whatever the evidence.
   */
  portalAccepts?: boolean;
  /** First day the rule applies, DD/MM/YYYY (inclusive). */
  since?: string;
  /** Last day the rule applies, DD/MM/YYYY (inclusive). */
  until?: string;
  /** Which date `since`/`until` are compared with: the document's date (default) or the reporting date. */
  dateBasis?: 'document' | 'reporting';
  /** Turnover bounds; the rule runs only for a taxpayer inside them. */
  aato?: TurnoverBounds;
  /** Without a known turnover: `skip` the rule (default), or run it as a warning (`warn`). */
  whenAatoUnknown?: 'skip' | 'warn';
  /** One sentence, for the catalogue in docs/error-codes.md and docs/rules.md. */
  description: string;
  check(doc: Doc, context: RuleContext): Issue[];
}

/** Whether the evidence is a portal's or the specification's (not gstkit's own judgement). */
export function hasOutsideEvidence(evidence: Evidence): boolean {
  return evidence !== 'own';
}

/**
 * The severity policy: a rule backed by a portal (or the specification) and certain or likely is an
 * error; an own rule or an uncertain one is a warning unless `strict`. Advisory rules always warn.
 */
export function ruleSeverity(rule: Pick<Rule, 'evidence' | 'certainty' | 'advisory' | 'portalAccepts'>, strict = false): Severity {
  if (rule.advisory) return 'warning';
  if (rule.portalAccepts) return strict ? 'error' : 'warning';
  if (hasOutsideEvidence(rule.evidence) && rule.certainty !== 'uncertain') return 'error';
  return strict ? 'error' : 'warning';
}

/** Where each portal publishes the error codes its rules refuse with. */
const PUBLIC_ERROR_LISTS: Record<Portal, string> = {
  IRP: IRP_ERROR_LIST,
  EWB: EWB_ERROR_LIST,
  GSTN: 'GST portal API error codes (https://developer.gst.gov.in)',
};

/** Evidence for a rule not yet annotated: a numeric code is the portal's, an SVC code is gstkit's own. */
export function evidenceFromCode(code: string, portal: Portal): Evidence {
  return /^\d+$/.test(code) ? { portal, code, source: PUBLIC_ERROR_LISTS[portal] } : 'own';
}

/** Turnover bounds in words (`>= 10 crore`, `< 5 crore`), for the docs and messages. */
export function describeTurnover(bounds: TurnoverBounds | undefined): string {
  if (!bounds) return '';
  const crore = (n: number): string => {
    const c = n / 10_000_000;
    return Number.isInteger(c) ? `${c} crore` : `${n} rupees`;
  };
  const parts: string[] = [];
  if (bounds.atLeast !== undefined) parts.push(`>= ${crore(bounds.atLeast)}`);
  if (bounds.over !== undefined) parts.push(`> ${crore(bounds.over)}`);
  if (bounds.under !== undefined) parts.push(`< ${crore(bounds.under)}`);
  if (bounds.atMost !== undefined) parts.push(`<= ${crore(bounds.atMost)}`);
  return parts.join(' and ');
}

/** Whether a turnover lies inside the bounds. */
export function turnoverInside(aato: number, bounds: TurnoverBounds): boolean {
  if (bounds.atLeast !== undefined && !(aato >= bounds.atLeast)) return false;
  if (bounds.over !== undefined && !(aato > bounds.over)) return false;
  if (bounds.under !== undefined && !(aato < bounds.under)) return false;
  if (bounds.atMost !== undefined && !(aato <= bounds.atMost)) return false;
  return true;
}

/** The issues with the given severity; the same array when every issue has it already (the usual case). */
function withSeverity(issues: Issue[], severity: Severity): Issue[] {
  for (let i = 0; i < issues.length; i++) {
    if (issues[i]!.severity !== severity) return issues.map((issue) => (issue.severity === severity ? issue : { ...issue, severity }));
  }
  return issues;
}

/** What describes a rule apart from its check; the severity follows from it. */
export type RuleMeta = Omit<Rule, 'severity' | 'check'>;

/**
 * A rule from its description and check, with no undefined fields. Its issues carry the policy's default
 * severity whatever the check wrote; a validation run applies the caller's `strict` choice on top.
 */
export function makeRule<Doc>(meta: RuleMeta, check: (doc: Doc, context: RuleContext) => Issue[]): Rule<Doc> {
  const severity = ruleSeverity(meta);
  const rule: Rule<Doc> = {
    id: meta.id,
    code: meta.code,
    severity,
    certainty: meta.certainty,
    evidence: meta.evidence,
    description: meta.description,
    check: (doc, context) => withSeverity(check(doc, context), severity),
  };
  if (meta.advisory) rule.advisory = true;
  if (meta.portalAccepts) rule.portalAccepts = true;
  if (meta.since !== undefined) rule.since = meta.since;
  if (meta.until !== undefined) rule.until = meta.until;
  if (meta.dateBasis !== undefined) rule.dateBasis = meta.dateBasis;
  if (meta.aato !== undefined) rule.aato = meta.aato;
  if (meta.whenAatoUnknown !== undefined) rule.whenAatoUnknown = meta.whenAatoUnknown;
  return rule;
}
