/**
 * A quick count of the documents in GSTN JSON of GSTR-2A or GSTR-2B, without reading them: for progress
 * ("documents done of total") before an export writes them. It walks the section lists only, so it is an
 * estimate where a return holds documents the reader refuses (those are counted here, not written).
 * @module
 */
import { sectionCounts } from './gstr2b-sections.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The lists under a supplier entry that hold its documents (invoices, notes, ISD documents, bills of entry). */
const NESTED = ['inv', 'nt', 'doclist', 'boe'] as const;

/** Documents in a GSTR-2A's sections: a supplier entry counts its nested lists, a bare document counts one. */
function countSections(holder: Record<string, unknown>): number {
  let n = 0;
  for (const value of Object.values(holder)) {
    if (!Array.isArray(value)) continue;
    for (const entry of value) {
      if (!isObject(entry)) continue;
      const nested = NESTED.find((k) => Array.isArray(entry[k]));
      n += nested ? (entry[nested] as unknown[]).length : 1;
    }
  }
  return n;
}

/**
 * Documents in a stored GSTR-2A or GSTR-2B (0 for anything else). A GSTR-2B counts every section of
 * `docdata` and `docRejdata`, their ITC-reversal lists and sections the reader does not know included
 * (the reader warns about those, with their count).
 */
export function countReturnDocuments(returnType: string, data: unknown): number {
  if (!isObject(data)) return 0;
  if (returnType === 'gstr2b') return sectionCounts(data).reduce((n, s) => n + s.documents, 0);
  if (returnType === 'gstr2a') return countSections(data);
  return 0;
}
