/**
 * How the SQL store's aggregates read and write values: timestamps as ISO 8601, JSON columns as text on
 * the way in and parsed (where the driver has not) on the way out.
 * @module
 */

/** A timestamp column as ISO 8601. */
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** A JSON column's value, parsed when the driver answers text. */
export const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** A value as the text of a `jsonb` parameter. */
export const text = (v: unknown): string => JSON.stringify(v);
