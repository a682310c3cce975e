/**
 * Unique Quantity Codes (UQC) of the e-invoice and e-way bill masters.
 * @module
 */
import { lazy, readMaster, type Provenance } from './data.js';
import { unitsJson } from './files.generated.js';

/** One unit of quantity, e.g. `{ code: 'NOS', description: 'NUMBERS', kind: 'measure' }`. */
export interface UnitEntry {
  code: string;
  /** As spelled in the master. */
  description: string;
  /** The customs quantity type. */
  kind: 'measure' | 'weight' | 'volume' | 'length' | 'area';
}

interface UnitsFile {
  provenance: Provenance;
  units: Array<UnitEntry & { note?: string }>;
}

const table = lazy(() => {
  const file = readMaster<UnitsFile>(unitsJson);
  const byCode = new Map<string, UnitEntry>();
  const list = file.units.map((u) => {
    const entry: UnitEntry = Object.freeze({ code: u.code, description: u.description, kind: u.kind });
    byCode.set(entry.code, entry);
    return entry;
  });
  return { provenance: file.provenance, list: Object.freeze(list), byCode };
});

/** The unit with this code. Codes are matched exactly (upper case), as the portals do. */
export function unit(code: string): UnitEntry | undefined {
  return typeof code === 'string' ? table().byCode.get(code) : undefined;
}

/** True when the code is on the UQC master. */
export function isUnit(code: string): boolean {
  return unit(code) !== undefined;
}

/** Every unit, in code order. */
export function units(): readonly UnitEntry[] {
  return table().list;
}

/** Where the units come from. */
export function unitsProvenance(): Provenance {
  return table().provenance;
}
