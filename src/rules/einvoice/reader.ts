/**
 * What the e-invoice rules share: the reader that hands each check the document, the context and the
 * supply, and tolerant readers of the document.
 * @module
 */

import type { Issue } from '../../issue.js';
import { evidenceFromCode, sharedResult, type RuleContext } from '../rule.js';
import type { RuleReader } from '../define.js';
import { dec, type Decimal } from '../../compute/decimal.js';
import { isNumeric, obj, text } from '../../compute/payload.js';
import { stateCodeOf, supplyOf, type Supply } from '../../compute/supply.js';

/** A document as the rules see it: any object. */
export type Doc = Record<string, unknown>;

/** An e-invoice rule's check: the document (an object), the context and the document's supply; it writes its own issues. */
export type EinvoiceCheck = (doc: Doc, context: RuleContext, supply: Supply) => Issue[];

/**
 * The e-invoice reader: a check sees an object (a payload that is not one has nothing to check) and the
 * document's supply. A rule that states no evidence takes the IRP's error list for a numeric code.
 */
export const einvoiceReader: RuleReader<EinvoiceCheck> = {
  read: (check) => (doc, context) => {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return [];
    const ctx = context ?? { today: '' };
    return check(doc as Doc, ctx, supplyOfShared(doc, ctx));
  },
  evidence: (_id, code) => evidenceFromCode(code, 'IRP'),
};

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

/** An entry of ItemList that the line rules read: an object. */
const isLine = (entry: unknown): entry is Doc => typeof entry === 'object' && entry !== null && !Array.isArray(entry);

/**
 * What a check finds line by line, in line order (the entries of ItemList that are objects, with their
 * index): `check` gives the issue of one line, or undefined when the line passes. It reads the list in place,
 * building nothing: on a freshly read document, a list of indexed lines built for the rules cost more than
 * the line checks of a short invoice.
 */
export function lineIssues(doc: Doc, check: (item: Doc, index: number) => Issue | undefined): Issue[] {
  const raw = doc['ItemList'];
  const out: Issue[] = [];
  if (!Array.isArray(raw)) return out;
  for (let index = 0; index < raw.length; index++) {
    const item: unknown = raw[index];
    if (!isLine(item)) continue;
    const found = check(item, index);
    if (found !== undefined) out.push(found);
  }
  return out;
}

/** Whether some item line (an object in ItemList) passes the test. */
export function someLine(doc: Doc, test: (item: Doc) => boolean): boolean {
  const raw = doc['ItemList'];
  if (!Array.isArray(raw)) return false;
  for (let index = 0; index < raw.length; index++) {
    const item: unknown = raw[index];
    if (isLine(item) && test(item)) return true;
  }
  return false;
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
