/**
 * The canonical IRN request payload (NIC schema v1.1 names) as the computations read it, and the
 * tolerant accessors they use. Every field is optional and may be of the wrong type: computations
 * treat anything that is not a number as absent.
 * @module
 */

import type { Numeric } from './decimal.js';

/** Supply types of an e-invoice (`TranDtls.SupTyp`). */
export type SupplyType = 'B2B' | 'SEZWP' | 'SEZWOP' | 'EXPWP' | 'EXPWOP' | 'DEXP' | 'B2C';

export interface TranDtls {
  TaxSch?: string;
  SupTyp?: SupplyType | string;
  RegRev?: string;
  EcmGstin?: string | null;
  IgstOnIntra?: string;
}

export interface DocDtls {
  Typ?: string;
  No?: string;
  Dt?: string;
}

export interface PartyDtls {
  Gstin?: string | null;
  LglNm?: string;
  TrdNm?: string;
  Nm?: string;
  Pos?: string;
  Addr1?: string;
  Addr2?: string;
  Loc?: string;
  Pin?: number | string;
  Stcd?: string;
  Ph?: string;
  Em?: string;
}

export interface ItemDtls {
  SlNo?: string;
  PrdDesc?: string;
  IsServc?: string;
  HsnCd?: string;
  Qty?: Numeric;
  FreeQty?: Numeric;
  Unit?: string;
  UnitPrice?: Numeric;
  TotAmt?: Numeric;
  Discount?: Numeric;
  PreTaxVal?: Numeric;
  AssAmt?: Numeric;
  GstRt?: Numeric;
  IgstAmt?: Numeric;
  CgstAmt?: Numeric;
  SgstAmt?: Numeric;
  CesRt?: Numeric;
  CesAmt?: Numeric;
  CesNonAdvlAmt?: Numeric;
  StateCesRt?: Numeric;
  StateCesAmt?: Numeric;
  StateCesNonAdvlAmt?: Numeric;
  OthChrg?: Numeric;
  TotItemVal?: Numeric;
  [key: string]: unknown;
}

export interface ValDtls {
  AssVal?: Numeric;
  CgstVal?: Numeric;
  SgstVal?: Numeric;
  IgstVal?: Numeric;
  CesVal?: Numeric;
  StCesVal?: Numeric;
  Discount?: Numeric;
  OthChrg?: Numeric;
  RndOffAmt?: Numeric;
  TotInvVal?: Numeric;
  TotInvValFc?: Numeric;
}

/**
 * An IRN request in any state of completion, as the computations read it: every field optional, amounts as
 * numbers or numeric strings. The complete, validated request is `IrnPayload` (generated from schemas/irn).
 */
export interface IrnDraft {
  Version?: string;
  TranDtls?: TranDtls;
  DocDtls?: DocDtls;
  SellerDtls?: PartyDtls;
  BuyerDtls?: PartyDtls;
  DispDtls?: PartyDtls;
  ShipDtls?: PartyDtls;
  ItemList?: ItemDtls[];
  ValDtls?: ValDtls;
  ExpDtls?: Record<string, unknown>;
  EwbDtls?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The value as a plain object, or an empty one. */
export function obj(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The value as an array, or an empty one. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The value as a trimmed string when it is a string (numbers are written out), else undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Whether a payload value is a number (or a numeric string): present for arithmetic. */
export function isNumeric(value: unknown): value is number | string {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim());
}

/** The value as a {@link Numeric} (anything else becomes undefined, which counts as zero). */
export function numeric(value: unknown): Numeric {
  return isNumeric(value) ? value : undefined;
}

/** A payload object as the readers below see it. */
export type Obj = Record<string, unknown>;

/** Text of a validated value; empty for an absent optional field. */
export const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** A number from a validated value; zero for an absent optional field. */
export const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};
