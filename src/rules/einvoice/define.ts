/**
 * What the e-invoice rules share: a safe way to define a rule, and tolerant readers of the document.
 * @module
 */

import type { Issue } from '../../issue.js';
import { makeRule, sharedResult, type Certainty, type Evidence, type Rule, type RuleContext, type TurnoverBounds } from '../rule.js';
import { dec, type Decimal } from '../../compute/decimal.js';
import { isNumeric, list, obj, text } from '../../compute/payload.js';
import { stateCodeOf, supplyOf, type Supply } from '../../compute/supply.js';

/** A document as the rules see it: any object. */
export type Doc = Record<string, unknown>;

export interface RuleDefinition {
  id: string;
  code: string;
  /** `warning` makes the rule advisory (never an error); otherwise the severity policy decides. */
  severity?: 'error' | 'warning';
  certainty: Certainty;
  /** The portal code and the source that show the IRP refuses this, the specification, or `own`. */
  evidence: Evidence;
  since?: string;
  until?: string;
  dateBasis?: 'document' | 'reporting';
  aato?: TurnoverBounds;
  whenAatoUnknown?: 'skip' | 'warn';
  description: string;
  check(doc: Doc, context: RuleContext, supply: Supply): Issue[];
}

/**
 * Builds a rule whose check sees an object (never anything else) and the document's supply, and
 * that never throws: a check that fails on an unexpected shape reports nothing.
 */
export function defineRule(def: RuleDefinition): Rule {
  const { check, severity, ...meta } = def;
  return makeRule({ ...meta, ...(severity === 'warning' ? { advisory: true } : {}) }, (doc: unknown, context: RuleContext): Issue[] => {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return [];
    try {
      const ctx = context ?? { today: '' };
      return check(doc as Doc, ctx, supplyOfShared(doc, ctx));
    } catch {
      return [];
    }
  });
}

/** The document's supply, worked out once per validation run (every e-invoice rule reads it). */
function supplyOfShared(doc: object, context: RuleContext): Supply {
  const known = context.shared?.get(SUPPLY_KEY) as Supply | undefined;
  return known ?? sharedResult(context, SUPPLY_KEY, () => supplyOf(doc));
}
const SUPPLY_KEY = 'einvoice:supply';

/** A party block (`SellerDtls`, `BuyerDtls`, `DispDtls`, `ShipDtls`) as an object. */
export function party(doc: Doc, block: string): Doc {
  return obj(doc[block]);
}

/** A GSTIN as sent, upper-cased and trimmed; undefined when absent, null or empty. */
export function gstinText(value: unknown): string | undefined {
  const t = text(value);
  return t === undefined || t === '' ? undefined : t.toUpperCase();
}

/** Whether a GSTIN field says URP (unregistered person). */
export function isUrp(value: unknown): boolean {
  return gstinText(value) === 'URP';
}

/** A state code field as two characters, or undefined when absent or empty. */
export function stateField(value: unknown): string | undefined {
  const code = stateCodeOf(value);
  return code === '' ? undefined : code;
}

/** An item line that is an object, with its index in ItemList. */
export interface IndexedItem {
  readonly item: Doc;
  readonly index: number;
}

/**
 * The answer of {@link items} for a list, with a copy of the list's entries as they were. A dozen rules read
 * the lines of the same document in turn; the answer depends only on which value sits at each index, so
 * while those are unchanged it is reused instead of being built again for every rule. Weak: a list no
 * longer used takes its answer with it.
 */
const itemsByList = new WeakMap<unknown[], { entries: unknown[]; items: readonly IndexedItem[] }>();

function unchanged(list: unknown[], entries: unknown[]): boolean {
  if (list.length !== entries.length) return false;
  for (let i = 0; i < list.length; i++) if (list[i] !== entries[i]) return false;
  return true;
}

/** The item lines that are objects, with their index (read only: the same answer may serve several rules). */
export function items(doc: Doc): readonly IndexedItem[] {
  const raw = doc['ItemList'];
  if (!Array.isArray(raw)) return [];
  const known = itemsByList.get(raw);
  if (known && unchanged(raw, known.entries)) return known.items;
  const out: IndexedItem[] = [];
  list(raw).forEach((item, index) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) out.push(Object.freeze({ item: item as Doc, index }));
  });
  const answer = Object.freeze(out);
  itemsByList.set(raw, { entries: Array.from(raw), items: answer });
  return answer;
}

/**
 * What a check finds line by line, in line order: `check` gives the issue of one line, or undefined when the
 * line passes. One array for the document, not one for every line.
 */
export function lineIssues(doc: Doc, check: (item: Doc, index: number) => Issue | undefined): Issue[] {
  const lines = items(doc);
  const out: Issue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const found = check(lines[i]!.item, lines[i]!.index);
    if (found !== undefined) out.push(found);
  }
  return out;
}

/** A numeric field as a decimal, or undefined when it is not a number. */
export function amount(value: unknown): Decimal | undefined {
  return isNumeric(value) ? dec(value) : undefined;
}

/** A numeric field that is present and not zero. */
export function nonZero(value: unknown): boolean {
  // A number answers without decimal.js: its decimal is zero exactly when it is.
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0;
  const a = amount(value);
  return a !== undefined && !a.isZero();
}

/** Whether a line is a service (`IsServc` = Y). */
export function isService(item: Doc): boolean {
  return (text(item['IsServc']) ?? '').toUpperCase() === 'Y';
}

/** Supply types that must name a registered recipient. */
export const registeredRecipientTypes = new Set(['B2B', 'SEZWP', 'SEZWOP', 'DEXP']);

/** Intra-state supply that must carry CGST and SGST (not export, not SEZ, no IGST on intra). */
export function plainIntraState(s: Supply): boolean {
  return !s.interState;
}

/** Inter-state domestic supply (not export or SEZ, which have codes of their own). */
export function plainInterState(s: Supply): boolean {
  return s.interState && !s.export && !s.sez;
}
