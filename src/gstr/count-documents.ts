/**
 * A quick count of the documents in GSTN JSON of GSTR-2A or GSTR-2B, without reading them: for progress
 * ("documents done of total") before an export writes them. It walks the section lists only, so it is an
 * estimate where a return holds documents the reader refuses (those are counted here, not written).
 * @module
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The lists under a supplier entry that hold its documents (invoices, notes, ISD documents, bills of entry). */
const NESTED = ['inv', 'nt', 'doclist', 'boe'] as const;

/** Documents in one holder of sections: a supplier entry counts its nested lists, a bare document counts one. */
function countSections(holder: Record<string, unknown>): number {
  let n = 0;
  for (const [key, value] of Object.entries(holder)) {
    if (key === 'itcrev') {
      for (const r of Array.isArray(value) ? value : [value]) if (isObject(r)) n += countSections(r);
      continue;
    }
    if (!Array.isArray(value)) continue;
    for (const entry of value) {
      if (!isObject(entry)) continue;
      const nested = NESTED.find((k) => Array.isArray(entry[k]));
      n += nested ? (entry[nested] as unknown[]).length : 1;
    }
  }
  return n;
}

/** Documents in a stored GSTR-2A or GSTR-2B (0 for anything else). */
export function countReturnDocuments(returnType: string, data: unknown): number {
  if (!isObject(data)) return 0;
  if (returnType === 'gstr2b') {
    const root = isObject(data['data']) ? data['data'] : data;
    return (isObject(root['docdata']) ? countSections(root['docdata']) : 0) + (isObject(root['docRejdata']) ? countSections(root['docRejdata']) : 0);
  }
  if (returnType === 'gstr2a') return countSections(data);
  return 0;
}
