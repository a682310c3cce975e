/**
 * The cells the portal fills and locks: from the period's rules (`gstr3bRowSource`: 3.2 from April 2025,
 * the liability from GSTR-1/1A/IFF from July 2025), each cell says where the portal takes it from and
 * whether it can be edited. Given the portal's GSTR-3B (auto-populated or saved), a locked cell keeps the
 * portal's value, and a warning names each one the books disagree with (to be corrected through GSTR-1A).
 * @module
 */
import { warning, type Issue } from '../issue.js';
import { gstr3bRowSource } from '../gstr/gstr3b-periods.js';
import type { Gstr3b, Gstr3bRow } from '../gstr/types.js';
import { gstr3bCodes } from './codes.js';
import { interStateCell, type InterStateKind } from './cells.js';
import type { Gstr3bAmounts, Gstr3bCell } from './types.js';

/** The portal row's amounts on the keys of a cell. */
function portalAmounts(row: Gstr3bRow | undefined, keys: readonly (keyof Gstr3bAmounts)[]): Gstr3bAmounts {
  const out: Gstr3bAmounts = {};
  for (const k of keys) {
    const v = k === 'inter' ? row?.interState : k === 'intra' ? row?.intraState : row?.[k];
    out[k] = typeof v === 'number' ? v : 0;
  }
  return out;
}

const differs = (a: Gstr3bAmounts, b: Gstr3bAmounts): boolean =>
  (Object.keys(a) as Array<keyof Gstr3bAmounts>).some((k) => Math.abs((a[k] ?? 0) - (b[k] ?? 0)) >= 0.005);

const describe = (a: Gstr3bAmounts): string =>
  Object.entries(a)
    .map(([k, v]) => `${k} ${(v ?? 0).toFixed(2)}`)
    .join(', ');

/**
 * Marks each cell with how the portal treats it in `month` (YYYY-MM) and, with the portal's return, gives
 * locked cells its value; 3.2 places of supply the portal has and the books lack are added (with no documents).
 */
export function applyPortalLocks(cells: Gstr3bCell[], month: string, portal: Gstr3b | undefined, warnings: Issue[]): Gstr3bCell[] {
  const out = [...cells];
  if (portal) {
    // Places of supply of 3.2 that only the portal has.
    for (const row of portal.rows) {
      if (row.table !== '3.2') continue;
      const pos = (row.placeOfSupply ?? '').padStart(2, '0');
      const d = interStateCell(row.code as InterStateKind, pos);
      if (out.some((c) => c.id === d.id)) continue;
      const empty = { taxable: 0, igst: 0 };
      const at = out.findIndex((c) => c.table === '4');
      out.splice(at, 0, {
        id: d.id,
        table: d.table,
        code: d.code,
        label: d.label,
        placeOfSupply: pos,
        amounts: { ...empty },
        computed: empty,
        locked: false,
        documents: [],
      });
    }
  }
  for (const cell of out) {
    const src = gstr3bRowSource(cell.table, cell.code, month);
    if (!src) continue;
    cell.portal = { source: src.source, locked: src.locked, note: src.note };
    cell.locked = src.locked;
    if (!portal) continue;
    const keys = Object.keys(cell.computed) as Array<keyof Gstr3bAmounts>;
    const row = portal.rows.find(
      (r) => r.table === cell.table && r.code === cell.code && (cell.table !== '3.2' || (r.placeOfSupply ?? '').padStart(2, '0') === cell.placeOfSupply),
    );
    const value = portalAmounts(row, keys);
    cell.portal.value = value;
    if (!src.locked) continue;
    cell.amounts = { ...value };
    if (differs(value, cell.computed)) {
      warnings.push(
        warning(
          gstr3bCodes.lockedDiffers,
          `${cell.id}${cell.placeOfSupply && cell.table !== '3.2' ? ` ${cell.placeOfSupply}` : ''}: the portal locks ${describe(value)}; the books give ${describe(cell.computed)} (correct through GSTR-1A before filing)`,
          `/cells/${cell.id}`,
        ),
      );
    }
  }
  return out;
}
