/**
 * Reading NIC's field-constraint tables (../shared/reference/nic-schemas/*.csv) and turning each row into
 * boundary cases: values just inside and just outside each bound of the portal's constraint, each with the
 * verdict the portal's schema gives. The tables are read at test time and never copied into the project.
 */

import { pointer } from '../../src/issue.js';
import { hasReference, readCsv } from '../masters/csv.js';

/** Whether the tables are there (../shared sits beside the checkout). */
export const tablesPresent = hasReference('nic-schemas');

/** One row of a table: a field's constraints as the portal's schema gives them. */
export interface PortalRow {
  path: string;
  type: string;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  /** The e-way bill schemas bound decimals this way (0.01, 0.001). */
  multipleOf?: number;
}

/** The rows of one table file (`einvoice-1.1.csv`, `ewaybill-generate.csv`, ...). */
export function readPortalTable(file: string): PortalRow[] {
  const num = (s: string | undefined): number | undefined => (s === undefined || s === '' ? undefined : Number(s));
  return readCsv(`nic-schemas/${file}`).map((r) => {
    const row: PortalRow = { path: r['path']!, type: r['type']!.trim().toLowerCase(), required: r['required'] === 'Y' };
    for (const key of ['minLength', 'maxLength', 'minimum', 'maximum', 'multipleOf'] as const) {
      const n = num(r[key]);
      if (n !== undefined) row[key] = n;
    }
    if (r['pattern']) row.pattern = r['pattern'];
    if (r['enum']) row.enum = r['enum'].split('|');
    return row;
  });
}

/**
 * The portal's pattern as the portal evaluates it. The IRP is a .NET service: `(?i)` there makes the match
 * case-insensitive, and `\"` is an escaped quote. JavaScript without the `u` flag reads `\"` the same way;
 * the inline flag becomes the `i` flag.
 */
export function portalRegExp(pattern: string): RegExp {
  const insensitive = pattern.includes('(?i)');
  return new RegExp(pattern.replace('(?i)', ''), insensitive ? 'i' : '');
}

/** A path of a table (`/ItemList[]/UnitPrice`) as the segments of the first entry's value. */
export function segmentsOf(path: string): Array<string | number> {
  const segments: Array<string | number> = [];
  for (const part of path.split('/').filter((p) => p !== '')) {
    if (part.endsWith('[]')) segments.push(part.slice(0, -2), 0);
    else segments.push(part);
  }
  return segments;
}

export const pointerOf = (path: string): string => pointer(...segmentsOf(path));

/** Sets (or with `undefined`, removes) the value at a path, creating nothing: the base payload has every block. */
export function setAt(doc: Record<string, unknown>, path: string, value: unknown): void {
  const segments = segmentsOf(path);
  let node: any = doc;
  for (const segment of segments.slice(0, -1)) node = node[segment];
  const last = segments[segments.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

export function getAt(doc: Record<string, unknown>, path: string): unknown {
  let node: any = doc;
  for (const segment of segmentsOf(path)) node = node?.[segment];
  return node;
}

/** One boundary case of a row. */
export interface BoundaryCase {
  /** What the case tries, for the test's name. */
  label: string;
  /** The value to put at the row's path; `undefined` removes the field. */
  value: unknown;
  /** The portal schema's verdict. */
  portalAccepts: boolean;
}

/** Characters that text is made of when a case needs text of a given length. */
const FILLERS = ['A', '1', 'a', '5', 'Z', '0', 'B'];
/** Characters tried one at a time to break a pattern (no `|`: see the exceptions). */
const BREAKERS = ['"', '#', ' ', '@', '0', '-', '/', 'a', 'A', '.', '_', '9'];

/**
 * A text of the given length that the portal's pattern accepts, built from a valid sample: the sample cut
 * or extended with one filler character. Undefined where no such text is found (fixed shapes such as a date).
 */
function textOfLength(sample: string, length: number, accepts: (s: string) => boolean): string | undefined {
  for (const filler of FILLERS) {
    const text = sample.length >= length ? sample.slice(0, length) : sample + filler.repeat(length - sample.length);
    if (accepts(text)) return text;
    const plain = filler.repeat(length);
    if (accepts(plain)) return plain;
  }
  return undefined;
}

/** The boundary cases of a text row, around a sample value that the portal accepts. */
export function textCases(row: PortalRow, sample: string): BoundaryCase[] {
  const regex = row.pattern ? portalRegExp(row.pattern) : undefined;
  const enumOk = (s: string): boolean => row.enum === undefined || row.enum.includes(s);
  const lengthOk = (s: string): boolean =>
    (row.minLength === undefined || s.length >= row.minLength) && (row.maxLength === undefined || s.length <= row.maxLength);
  const portal = (s: string): boolean => lengthOk(s) && (regex === undefined || regex.test(s)) && enumOk(s);
  const shapeOk = (s: string): boolean => (regex === undefined || regex.test(s)) && enumOk(s);
  const cases: BoundaryCase[] = [];
  if (row.enum) {
    for (const member of row.enum) cases.push({ label: `enum member ${member}`, value: member, portalAccepts: portal(member) });
    cases.push({ label: 'outside the enum', value: `${row.enum[0]}X`.slice(0, Math.max(row.maxLength ?? 4, 1)), portalAccepts: false });
    return cases.filter((c, i) => cases.findIndex((d) => d.value === c.value) === i);
  }
  for (const [label, length] of [
    ['at minLength', row.minLength],
    ['at maxLength', row.maxLength],
    ['below minLength', row.minLength === undefined ? undefined : row.minLength - 1],
    ['above maxLength', row.maxLength === undefined ? undefined : row.maxLength + 1],
  ] as const) {
    if (length === undefined || length < 0) continue;
    const text = length === 0 ? '' : textOfLength(sample, length, shapeOk);
    if (text === undefined) continue;
    cases.push({ label: `${label} (${length})`, value: text, portalAccepts: portal(text) });
  }
  if (regex) {
    for (const breaker of BREAKERS) {
      const broken = breaker + sample.slice(1);
      if (lengthOk(broken) && !regex.test(broken)) {
        cases.push({ label: `pattern broken by ${JSON.stringify(breaker)} first`, value: broken, portalAccepts: false });
        break;
      }
    }
    const quoted = sample.length >= 2 ? `${sample.slice(0, -1)}"` : undefined;
    if (quoted !== undefined && !regex.test(quoted)) cases.push({ label: 'a double quote', value: quoted, portalAccepts: false });
  }
  cases.push({ label: 'the sample', value: sample, portalAccepts: portal(sample) });
  return cases;
}

/** The step just beyond a bound: a cent for amounts, a thousandth for three-decimal maxima, one for whole ones. */
function stepBeyond(bound: number): number {
  const decimals = (String(bound).split('.')[1] ?? '').length;
  return decimals === 0 ? 1 : 10 ** -decimals;
}

/** The boundary cases of a number row. */
export function numberCases(row: PortalRow): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  const inRange = (n: number): boolean => (row.minimum === undefined || n >= row.minimum) && (row.maximum === undefined || n <= row.maximum);
  if (row.minimum !== undefined) {
    cases.push({ label: `at minimum ${row.minimum}`, value: row.minimum, portalAccepts: true });
    const below = Number((row.minimum - stepBeyond(row.maximum ?? row.minimum)).toFixed(3));
    cases.push({ label: `below minimum (${below})`, value: below, portalAccepts: inRange(below) });
  }
  if (row.maximum !== undefined) {
    cases.push({ label: `at maximum ${row.maximum}`, value: row.maximum, portalAccepts: true });
    const above = Number((row.maximum + stepBeyond(row.maximum)).toFixed(3));
    if (above > row.maximum) cases.push({ label: `above maximum (${above})`, value: above, portalAccepts: false });
    // The schema sets no multipleOf: any number of decimals inside the range is the portal's.
    const fine = row.minimum !== undefined && row.minimum < 1 && row.maximum > 2 ? 1.2345 : undefined;
    if (fine !== undefined && inRange(fine)) cases.push({ label: 'four decimals inside the range', value: fine, portalAccepts: true });
  }
  return cases;
}
