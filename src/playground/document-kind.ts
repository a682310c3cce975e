/**
 * Which document a dropped JSON is: an e-invoice (the IRP's schema, PascalCase, `ItemList`) or an
 * e-waybill (the e-way bill system's, camelCase, `itemList`). Read from the shape, since people drop files
 * whatever their name.
 * @module
 */

export type PageKind = 'irn' | 'ewb';

export const kindNames: Record<PageKind, string> = { irn: 'e-invoice', ewb: 'e-waybill' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The kind of `doc`, or undefined when it looks like neither. */
export function kindOf(doc: unknown): PageKind | undefined {
  if (!isRecord(doc)) return undefined;
  if ('ItemList' in doc || 'SellerDtls' in doc || 'DocDtls' in doc || 'ValDtls' in doc) return 'irn';
  if ('itemList' in doc || 'fromGstin' in doc || 'supplyType' in doc || 'totInvValue' in doc) return 'ewb';
  return undefined;
}
