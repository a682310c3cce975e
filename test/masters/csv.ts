/** Reading the reference CSVs that the masters were built from (present only in the development checkout). */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `../shared/reference/` relative to the repository root. */
export const REFERENCE_DIR = fileURLToPath(new URL('../../../shared/reference/', import.meta.url));
export const HSN_XLSX = REFERENCE_DIR + 'hsn/HSN_SAC.xlsx';

export function hasReference(name: string): boolean {
  return existsSync(REFERENCE_DIR + name);
}

/** Rows of a CSV file as objects keyed by the header (quoted fields with commas handled). */
export function readCsv(name: string): Array<Record<string, string>> {
  const text = readFileSync(REFERENCE_DIR + name, 'utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  const [head, ...body] = rows;
  return body.filter((r) => r.length > 1).map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
}
