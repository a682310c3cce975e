/**
 * How many documents each section of a pulled return holds, by GSTN's lower-case section names
 * (`{b2b: 700, cdn: 4, ...}`): what a pull's job result reports. GSTR-2A counts a supplier entry's nested
 * documents; GSTR-2B sums each section over its blocks (`docdata`, `docRejdata`, the ITC-reversal lists);
 * GSTR-3B, which has no documents, counts the entries of each table (`sup_details: 5`, ...).
 * @module
 */
import { sectionCounts } from './gstr2b-sections.js';
import type { ReturnType } from './types.js';

/** The lists under a GSTR-2A supplier entry that hold its documents. */
const NESTED = ['inv', 'nt', 'doclist', 'boe'] as const;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Documents (GSTR-3B: entries) per section of a return as GSTN sends it; sections with none are left out. */
export function sectionDocuments(returnType: ReturnType, data: unknown): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (section: string, n: number): void => {
    if (n > 0) counts[section] = (counts[section] ?? 0) + n;
  };
  if (!isObject(data)) return counts;
  if (returnType === 'gstr2b') {
    for (const s of sectionCounts(data)) add(s.section, s.documents);
  } else if (returnType === 'gstr2a') {
    // As countReturnDocuments counts them: an entry's nested list, or the entry itself (bills of entry are flat).
    for (const [key, value] of Object.entries(data)) {
      if (!Array.isArray(value)) continue;
      let n = 0;
      for (const entry of value) {
        if (!isObject(entry)) continue;
        const nested = NESTED.find((k) => Array.isArray(entry[k]));
        n += nested ? (entry[nested] as unknown[]).length : 1;
      }
      add(key, n);
    }
  } else {
    for (const [key, value] of Object.entries(data)) {
      if (Array.isArray(value)) add(key, value.length);
      else if (isObject(value)) add(key, Object.keys(value).length);
    }
  }
  return counts;
}
