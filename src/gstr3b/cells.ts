/**
 * The cells of GSTR-3B as the computation fills them: the form's fixed rows (3.1, 3.1.1, 4, 5) and the
 * places of supply of 3.2, each summing the documents added to it. A document's share is rounded to the
 * paisa when it is added and the cell is the sum of the shares, so a drill-down always adds up to its cell.
 * @module
 */
import { Decimal, money } from '../compute/decimal.js';
import type { Gstr3bAmountKey, Gstr3bAmounts, Gstr3bCell, Gstr3bDocumentRef } from './types.js';

const ALL: readonly Gstr3bAmountKey[] = ['taxable', 'igst', 'cgst', 'sgst', 'cess'];
const TAX: readonly Gstr3bAmountKey[] = ['igst', 'cgst', 'sgst', 'cess'];

/** A fixed row of the form: id, table, row code (as `gstr3bRowSource` names it), label, and the amounts it has. */
export interface CellDefinition {
  id: string;
  table: string;
  code: string;
  label: string;
  keys: readonly Gstr3bAmountKey[];
}

/** The fixed rows, in the form's order; 3.2's rows are made per place of supply (see {@link interStateCell}). */
export const FIXED_CELLS: readonly CellDefinition[] = [
  { id: '3.1(a)', table: '3.1', code: '(a)', label: 'Outward taxable supplies (other than zero-rated, nil-rated and exempted)', keys: ALL },
  { id: '3.1(b)', table: '3.1', code: '(b)', label: 'Outward taxable supplies (zero-rated)', keys: ['taxable', 'igst', 'cess'] },
  { id: '3.1(c)', table: '3.1', code: '(c)', label: 'Other outward supplies (nil-rated, exempted)', keys: ['taxable'] },
  { id: '3.1(d)', table: '3.1', code: '(d)', label: 'Inward supplies liable to reverse charge', keys: ALL },
  { id: '3.1(e)', table: '3.1', code: '(e)', label: 'Non-GST outward supplies', keys: ['taxable'] },
  { id: '3.1.1(i)', table: '3.1.1', code: '(i)', label: 'Supplies on which an e-commerce operator pays tax under section 9(5) (its own return)', keys: ALL },
  {
    id: '3.1.1(ii)',
    table: '3.1.1',
    code: '(ii)',
    label: 'Supplies made through an e-commerce operator that pays their tax under section 9(5)',
    keys: ['taxable'],
  },
  { id: '4A(1)', table: '4', code: 'A(1)', label: 'ITC available: import of goods', keys: TAX },
  { id: '4A(2)', table: '4', code: 'A(2)', label: 'ITC available: import of services', keys: TAX },
  { id: '4A(3)', table: '4', code: 'A(3)', label: 'ITC available: inward supplies liable to reverse charge (other than 1 and 2)', keys: TAX },
  { id: '4A(4)', table: '4', code: 'A(4)', label: 'ITC available: inward supplies from ISD', keys: TAX },
  { id: '4A(5)', table: '4', code: 'A(5)', label: 'ITC available: all other ITC', keys: TAX },
  { id: '4B(1)', table: '4', code: 'B(1)', label: 'ITC reversed: rules 38, 42 and 43 and section 17(5)', keys: TAX },
  { id: '4B(2)', table: '4', code: 'B(2)', label: 'ITC reversed: others', keys: TAX },
  { id: '4C', table: '4', code: 'C', label: 'Net ITC available (A - B)', keys: TAX },
  { id: '4D(1)', table: '4', code: 'D(1)', label: 'ITC reclaimed which was reversed under 4(B)(2) earlier', keys: TAX },
  { id: '4D(2)', table: '4', code: 'D(2)', label: 'Ineligible ITC under section 16(4) and ITC restricted by place-of-supply rules', keys: TAX },
  { id: '5 GST', table: '5', code: 'GST', label: 'Inward supplies from a composition supplier, exempt and nil-rated', keys: ['inter', 'intra'] },
  { id: '5 NONGST', table: '5', code: 'NONGST', label: 'Non-GST inward supplies', keys: ['inter', 'intra'] },
];

/** The three kinds of buyer of table 3.2, with the save JSON's list for each. */
export const INTER_STATE_KINDS = {
  unreg: { label: 'Inter-state supplies to unregistered persons', list: 'unreg_details' },
  comp: { label: 'Inter-state supplies to composition taxable persons', list: 'comp_details' },
  uin: { label: 'Inter-state supplies to UIN holders', list: 'uin_details' },
} as const;
export type InterStateKind = keyof typeof INTER_STATE_KINDS;

/** The definition of a 3.2 cell. */
export function interStateCell(kind: InterStateKind, pos: string): CellDefinition {
  return { id: `3.2 ${kind} ${pos}`, table: '3.2', code: kind, label: INTER_STATE_KINDS[kind].label, keys: ['taxable', 'igst'] };
}

/** Decimal amounts by key, as a document's share is gathered. */
export type Shares = Partial<Record<Gstr3bAmountKey, Decimal>>;

/** A cell being filled. */
export class CellBuilder {
  readonly documents: Gstr3bDocumentRef[] = [];
  private readonly sums = new Map<Gstr3bAmountKey, Decimal>();

  constructor(
    readonly definition: CellDefinition,
    readonly placeOfSupply?: string,
  ) {
    for (const k of definition.keys) this.sums.set(k, new Decimal(0));
  }

  /** Adds a document's share (keys the row does not have are dropped; each amount rounded to the paisa). */
  add(ref: Omit<Gstr3bDocumentRef, 'amounts'>, shares: Shares): void {
    const amounts: Gstr3bAmounts = {};
    for (const k of this.definition.keys) {
      const v = money(shares[k] ?? new Decimal(0));
      amounts[k] = v.toNumber() || 0;
      this.sums.set(k, (this.sums.get(k) as Decimal).plus(v));
    }
    this.documents.push({ ...ref, amounts });
  }

  /** The computed amounts. */
  total(): Gstr3bAmounts {
    const out: Gstr3bAmounts = {};
    for (const [k, v] of this.sums) out[k] = v.toNumber() || 0;
    return out;
  }

  /** The finished cell, before the portal's locks are applied. */
  cell(): Gstr3bCell {
    const d = this.definition;
    const computed = this.total();
    return {
      id: d.id,
      table: d.table,
      code: d.code,
      label: d.label,
      ...(this.placeOfSupply ? { placeOfSupply: this.placeOfSupply } : {}),
      amounts: { ...computed },
      computed,
      locked: false,
      documents: this.documents,
    };
  }
}

/** Every cell of one computation: the fixed ones made at once, 3.2's as places of supply appear. */
export class CellSet {
  private readonly fixed = new Map<string, CellBuilder>();
  private readonly interState = new Map<string, CellBuilder>();

  constructor() {
    for (const d of FIXED_CELLS) this.fixed.set(d.id, new CellBuilder(d));
  }

  get(id: string): CellBuilder {
    const c = this.fixed.get(id);
    if (!c) throw new Error(`no GSTR-3B cell ${id}`);
    return c;
  }

  interStateOf(kind: InterStateKind, pos: string): CellBuilder {
    const d = interStateCell(kind, pos);
    let c = this.interState.get(d.id);
    if (!c) {
      c = new CellBuilder(d, pos);
      this.interState.set(d.id, c);
    }
    return c;
  }

  /** The fixed cells in the form's order with 3.2's (by kind, then place of supply) after 3.1.1. */
  all(): CellBuilder[] {
    const order = Object.keys(INTER_STATE_KINDS);
    const inter = [...this.interState.values()].sort((a, b) => {
      const k = order.indexOf(a.definition.code) - order.indexOf(b.definition.code);
      return k !== 0 ? k : (a.placeOfSupply ?? '').localeCompare(b.placeOfSupply ?? '');
    });
    const fixed = [...this.fixed.values()];
    const at = fixed.findIndex((c) => c.definition.table === '4');
    return [...fixed.slice(0, at), ...inter, ...fixed.slice(at)];
  }
}

/** Shares from plain numbers. */
export function shares(values: Partial<Record<Gstr3bAmountKey, number | Decimal>>, sign = 1): Shares {
  const out: Shares = {};
  for (const [k, v] of Object.entries(values) as Array<[Gstr3bAmountKey, number | Decimal | undefined]>) {
    if (v === undefined) continue;
    out[k] = new Decimal(v).times(sign);
  }
  return out;
}
