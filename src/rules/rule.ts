import type { Issue } from '../issue.js';

/** How sure we are that the government portal applies a rule exactly so (research/nic.md labels). */
export type Certainty = 'certain' | 'likely' | 'uncertain';

/** What a rule may consult besides the document. */
export interface RuleContext {
  /** The date that date rules compare against, DD/MM/YYYY in India Standard Time. */
  today: string;
  /** Maximum age in days of a document date (IRP 30-day reporting window for large taxpayers); undefined = off. */
  reportingWindowDays?: number;
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
