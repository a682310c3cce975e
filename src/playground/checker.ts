/**
 * The part of the page that judges a document: gstkit's `validate` (tolerant reader, schema, rules) and
 * the rule table's evidence for a code. Loaded on first use, in its own chunk.
 * @module
 */
import type { Issue } from '../issue.js';
import { allRules } from '../rules/index.js';
import type { Rule } from '../rules/rule.js';
import { describeEvidence } from '../rules/table.js';
import { validate } from '../validate.js';
import type { PageKind } from './document-kind.js';

/** What the page lets a person set of the validation context. */
export interface PageContext {
  /** DD/MM/YYYY. */
  today: string;
  /** Aggregate annual turnover in rupees; undefined when not given. */
  turnover: number | undefined;
  strict: boolean;
  environment: 'production' | 'sandbox';
}

export interface Judgement {
  ok: boolean;
  errors: Issue[];
  warnings: Issue[];
  /** The canonical document (spellings resolved). */
  value: unknown;
}

export function judge(kind: PageKind, doc: unknown, context: PageContext): Judgement {
  const result = validate(kind, doc, {
    today: context.today,
    strict: context.strict,
    environment: context.environment,
    ...(context.turnover === undefined ? {} : { aato: context.turnover }),
  });
  return { ok: result.ok, errors: result.errors, warnings: result.warnings, value: result.value };
}

let byCode: Map<string, Rule[]> | undefined;

/** The rules of `kind` that answer with `code`: one, or several sharing a portal code. */
export function rulesWithCode(kind: PageKind, code: string): Rule[] {
  if (!byCode) {
    byCode = new Map();
    for (const { kind: k, rule } of allRules()) {
      const key = `${k}|${rule.code}`;
      byCode.set(key, [...(byCode.get(key) ?? []), rule]);
    }
  }
  return byCode.get(`${kind}|${code}`) ?? [];
}

/**
 * The evidence of the rules behind a finding, as the rule table words it. Where rules share a code (the
 * seller's and the buyer's GSTIN), the one named after the finding's part (`/SellerDtls/...` and
 * `EINV-SELLER-GSTIN`) is taken when there is one.
 */
export function evidenceOf(kind: PageKind, code: string, path = ''): string | undefined {
  const rules = rulesWithCode(kind, code);
  const part = (path.split('/')[1] ?? '').replace(/Dtls$/, '').toUpperCase();
  const named = part ? rules.filter((r) => r.id.split('-').includes(part)) : [];
  const chosen = named.length > 0 ? named : rules;
  if (chosen.length === 0) return undefined;
  return chosen.map((r) => `rule ${r.id}, evidence: ${describeEvidence(r.evidence)}`).join('; ');
}
