/**
 * Rows kept in memory with the order they were added in (`seq`), which lists sort by, as the SQL tables'
 * serial columns do; callers get a copy without it.
 * @module
 */
import { copyRow } from '../copy-row.js';

/** A copy of `row` without its place in the order. */
export function withoutSeq<T extends { seq: number }>(row: T): Omit<T, 'seq'> {
  const { seq: _seq, ...rest } = row;
  return copyRow(rest);
}
