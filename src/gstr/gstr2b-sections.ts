/**
 * Where the documents of a GSTR-2B sit: the blocks that hold sections (`docdata`, `docRejdata`), the
 * sections each block may hold, the list under each section's supplier entries, and the ITC-reversal
 * list (`itcrev`) nested inside a block. Shared by the reader and the document count, so both agree on
 * what a document is.
 *
 * Layout of schema 4.x (IMS era) as GSTN's sample files and public readers show it:
 * `docdata` and `docRejdata` each hold `b2b`, `b2ba`, `cdnr`, `cdnra`, `ecom`, `ecoma` (supplier entries
 * with `inv` or `nt`), `isd`, `isda` (supplier entries with `doclist`), `impg` (bills of entry, flat),
 * `impgsez` (supplier entries with `boe`), and `itcrev`: a list of holders of `b2b`, `b2ba`, `cdnr`,
 * `cdnra` for the ITC-reversal table. Both blocks may carry `itcrev`.
 * @module
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The key of the ITC-reversal list inside a block (and the key of the reversal summary in `itcsumm`). */
export const REVERSAL_KEY = 'itcrev';

/** Blocks of a GSTR-2B's `data` that hold document sections. */
export const DOCUMENT_BLOCKS = ['docdata', 'docRejdata'] as const;

/**
 * Known sections and the list that holds their documents under each supplier entry; `null` for a
 * section whose entries are documents themselves (`impg`).
 */
export const SECTION_LISTS: Readonly<Record<string, 'inv' | 'nt' | 'doclist' | 'boe' | null>> = {
  b2b: 'inv',
  b2ba: 'inv',
  ecom: 'inv',
  ecoma: 'inv',
  cdnr: 'nt',
  cdnra: 'nt',
  isd: 'doclist',
  isda: 'doclist',
  impg: null,
  impgsez: 'boe',
};

/** The lists a supplier entry of a section not known here may hold its documents in. */
const ANY_LIST = ['inv', 'nt', 'doclist', 'boe'] as const;

/** The holders of an `itcrev` value: GSTN sends a list of them; a single object is read the same way. */
export function reversalHolders(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/**
 * Documents in one section's value. A known section counts its entries' own lists; a section not known
 * here counts the first document list it finds in each entry, or the entry itself when it holds none
 * (a flat list of documents, as `impg` is), so a new section is counted, not zeroed.
 */
export function documentsInSection(key: string, value: unknown): number {
  if (!Array.isArray(value)) return 0;
  const known = Object.hasOwn(SECTION_LISTS, key);
  const listKey = known ? SECTION_LISTS[key] : undefined;
  let n = 0;
  for (const entry of value) {
    if (!isObject(entry)) continue;
    if (known) {
      if (listKey === null) n += 1;
      else if (listKey !== undefined && Array.isArray(entry[listKey])) n += (entry[listKey] as unknown[]).length;
      continue;
    }
    const nested = ANY_LIST.find((k) => Array.isArray(entry[k]));
    n += nested ? (entry[nested] as unknown[]).length : 1;
  }
  return n;
}

/** The documents of one section of one holder, as {@link sectionCounts} lists them. */
export interface SectionCount {
  /** The block the section sits in (`docdata`, `docRejdata`). */
  block: string;
  /** Whether the section sits in the block's ITC-reversal list. */
  reversal: boolean;
  /** The section's key as the file spells it (`b2b`, `cdnra`, ...). */
  section: string;
  /** Whether gstkit's reader knows the section (it reads its documents) or only counts them. */
  known: boolean;
  documents: number;
}

/** Every section of one holder of sections, the reversal list's sections included. */
function holderCounts(block: string, holder: Record<string, unknown>, reversal: boolean, out: SectionCount[]): void {
  for (const [key, value] of Object.entries(holder)) {
    if (key === REVERSAL_KEY) {
      for (const r of reversalHolders(value)) if (isObject(r)) holderCounts(block, r, true, out);
      continue;
    }
    out.push({ block, reversal, section: key, known: Object.hasOwn(SECTION_LISTS, key), documents: documentsInSection(key, value) });
  }
}

/** The GSTR-2B's `data` object, whether the file wraps it (`{chksum, data}`) or not. */
export function gstr2bData(file: unknown): Record<string, unknown> | undefined {
  if (!isObject(file)) return undefined;
  return isObject(file['data']) ? file['data'] : file;
}

/** The documents of every section of every document block of a GSTR-2B, sections no reader knows included. */
export function sectionCounts(file: unknown): SectionCount[] {
  const data = gstr2bData(file);
  const out: SectionCount[] = [];
  if (data === undefined) return out;
  for (const block of DOCUMENT_BLOCKS) {
    const holder = data[block];
    if (isObject(holder)) holderCounts(block, holder, false, out);
  }
  return out;
}
