import type { Issue } from '../issue.js';
import type { HsnMaster } from '../masters/hsn.js';

/** How sure we are that the government portal applies a rule exactly so (research/nic.md labels). */
export type Certainty = 'certain' | 'likely' | 'uncertain';

/** What a rule may consult besides the document. */
export interface RuleContext {
  /** The date that date rules compare against, DD/MM/YYYY in India Standard Time. */
  today: string;
  /** Maximum age in days of a document date (IRP 30-day reporting window for large taxpayers); undefined = off. */
  reportingWindowDays?: number;
  /** The full HSN/SAC master for this run; default: the one set with useHsnMaster(), if any. */
  hsnMaster?: HsnMaster;
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
  severity: 'error' | 'warning';
  certainty: Certainty;
  /** One sentence, for the catalogue in docs/error-codes.md. */
  description: string;
  check(doc: Doc, context: RuleContext): Issue[];
}
