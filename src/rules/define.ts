/**
 * The one way a rule is written: `defineRule(reader, definition)`. The definition says what the rule is
 * (id, code, evidence, dates, description) and gives its check; the reader says how the checks of one area
 * see a payload (the e-invoice reader hands the check the document, the context and the supply; the
 * finding reader hands it the payload as sent and makes its findings issues under the rule's code).
 * @module
 */

import type { Issue, Severity } from '../issue.js';
import { makeRule, ruleSeverity, type Evidence, type Rule, type RuleContext, type RuleMeta } from './rule.js';

/** A rule's check as a validation run calls it: any payload at all, the context, and the issues found. */
export type PayloadCheck = (doc: unknown, context: RuleContext) => Issue[];

/**
 * A rule as it is written, with the check of its area (`Check`). `severity: 'warning'` makes the rule
 * advisory (never an error); otherwise the severity policy decides. Without `evidence`, the reader's
 * default for the code applies.
 */
export type RuleDefinition<Check> = Omit<RuleMeta, 'advisory' | 'evidence'> & {
  severity?: 'error' | 'warning';
  evidence?: Evidence;
  check: Check;
};

/** How the checks of one area read a payload. */
export interface RuleReader<Check> {
  /** The payload check of a rule whose own check is `check`; its issues carry `code` and `severity`. */
  read(check: Check, code: string, severity: Severity): PayloadCheck;
  /** The evidence of a rule whose definition states none. */
  evidence(id: string, code: string): Evidence;
}

/**
 * Builds a rule whose check never throws: a check that fails on a shape its reader did not foresee
 * reports nothing (the schema reports shapes). Issues carry the policy's default severity; a validation
 * run applies the caller's `strict` choice on top.
 */
export function defineRule<Check>(reader: RuleReader<Check>, definition: RuleDefinition<Check>): Rule {
  const { check, severity: declared, evidence: stated, ...rest } = definition;
  const evidence = stated ?? reader.evidence(definition.id, definition.code);
  const meta: RuleMeta = { ...rest, evidence, ...(declared === 'warning' ? { advisory: true } : {}) };
  const payloadCheck = reader.read(check, definition.code, ruleSeverity(meta));
  return makeRule(meta, (doc, context) => {
    try {
      return payloadCheck(doc, context);
    } catch {
      return [];
    }
  });
}
