/**
 * When an e-waybill's validity ends, as the store keeps it beside the entry so the bills ending soon are
 * found by an index: the entry's `validUpto` (DD/MM/YYYY hh:mm:ss, IST) names the validity's last minute, so
 * it ends a minute later. Null while the bill has no validity (no Part-B yet) or an unreadable one.
 * @module
 */
import { parseIst } from '../compute/dates.js';

/** Epoch milliseconds at which the entry's validity ends, or null. */
export function ewbValidUntil(entry: Record<string, unknown>): number | null {
  const last = parseIst(entry['validUpto']);
  return last ? last.getTime() + 60_000 : null;
}
