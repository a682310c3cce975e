/**
 * The document's totals as declared beside the totals gstkit computes from its lines, for the page to
 * show side by side. The computation is the library's own (completeInvoice, ewbTotals); this file only
 * pairs the numbers.
 * @module
 */
import { completeInvoice } from '../compute/complete-invoice.js';
import { ewbTotals } from '../compute/ewaybill-totals.js';
import type { PageKind } from './document-kind.js';

export interface TotalRow {
  field: string;
  /** The JSON Pointer of the declared value. */
  path: string;
  declared: number | undefined;
  computed: number;
  /** Within a rupee, the tolerance the portals allow. */
  agrees: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const numberOf = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};

const INVOICE_TOTALS = ['AssVal', 'CgstVal', 'SgstVal', 'IgstVal', 'CesVal', 'StCesVal', 'TotInvVal'] as const;
const EWAYBILL_TOTALS = ['totalValue', 'igstValue', 'cgstValue', 'sgstValue', 'cessValue', 'totInvValue'] as const;

function row(field: string, path: string, declared: unknown, computed: number): TotalRow {
  const given = numberOf(declared);
  return { field, path, declared: given, computed, agrees: given !== undefined && Math.abs(given - computed) <= 1 };
}

/** Declared against computed totals of `doc`; none when the document has no lines to compute from. */
export function totalsOf(kind: PageKind, doc: unknown): TotalRow[] {
  if (!isRecord(doc)) return [];
  if (kind === 'irn') {
    if (!Array.isArray(doc['ItemList'])) return [];
    // Every derivable amount recomputed from the lines, whatever was sent.
    const computed = completeInvoice(doc, { overwrite: true });
    const mine = isRecord(computed['ValDtls']) ? computed['ValDtls'] : {};
    const theirs = isRecord(doc['ValDtls']) ? doc['ValDtls'] : {};
    return INVOICE_TOTALS.flatMap((field) => {
      const value = numberOf(mine[field]);
      return value === undefined ? [] : [row(field, `/ValDtls/${field}`, theirs[field], value)];
    });
  }
  if (!Array.isArray(doc['itemList'])) return [];
  const computed = ewbTotals(doc);
  return EWAYBILL_TOTALS.map((field) => row(field, `/${field}`, doc[field], computed[field].toNumber()));
}
