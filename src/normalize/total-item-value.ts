import { dec } from '../compute/decimal.js';
import { warning, type Issue } from '../issue.js';
import { svcCodes } from '../schema/codes.js';
import { isPlainObject } from '../json.js';

const taxKeys = ['IgstAmt', 'CgstAmt', 'SgstAmt', 'CesAmt', 'CesNonAdvlAmt', 'StateCesAmt', 'StateCesNonAdvlAmt', 'OthChrg'] as const;

/**
 * The specification's item table lists the total item value a second time under the name TotAmt (which is
 * also the gross amount). When an item has no TotItemVal and its TotAmt is plainly the total item value
 * (it equals AssAmt plus taxes and charges, and is not Qty x UnitPrice), read it as TotItemVal and say so.
 * Returns the items to use: the same list when nothing moved, else a new one (new objects only where something moved).
 */
export function readTotAmtAsTotItemVal(items: unknown, path: string, warnings: Issue[]): unknown {
  if (!Array.isArray(items)) return items;
  let moved = false;
  const read = items.map((item, index) => {
    if (!isPlainObject(item) || item.TotItemVal !== undefined || typeof item.TotAmt !== 'number') return item;
    if (typeof item.AssAmt !== 'number') return item;
    const total = taxKeys.reduce((sum, key) => sum.plus(dec(item[key] as number)), dec(item.AssAmt));
    const gross = typeof item.Qty === 'number' && typeof item.UnitPrice === 'number' ? dec(item.Qty).times(item.UnitPrice) : undefined;
    const isTotal = total.minus(item.TotAmt).abs().lte(0.01);
    const isGross = gross !== undefined && gross.minus(item.TotAmt).abs().lte(0.01);
    if (!isTotal || isGross || total.eq(dec(item.AssAmt))) return item;
    warnings.push(
      warning(svcCodes.conflictingKeys.code, `ItemList[${index}].TotAmt holds the total item value; read as TotItemVal`, `${path}/${index}/TotAmt`),
    );
    const { TotAmt, ...rest } = item;
    moved = true;
    return { ...rest, TotItemVal: TotAmt };
  });
  return moved ? read : items;
}
