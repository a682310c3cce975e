import type { Kind } from '../kinds.js';
import type { Rule } from './rule.js';

/** The business rules of each payload kind, run after the schema. */
const rulesByKind: Partial<Record<Kind, readonly Rule<any>[]>> = {};

/** The rules that apply to a kind (none for most responses). */
export function rulesFor(kind: Kind): readonly Rule<any>[] {
  return rulesByKind[kind] ?? [];
}

/** Every rule with the kinds it applies to, for the catalogue. */
export function allRules(): Array<{ kind: Kind; rule: Rule<any> }> {
  return Object.entries(rulesByKind).flatMap(([kind, rules]) => (rules ?? []).map((rule) => ({ kind: kind as Kind, rule })));
}
