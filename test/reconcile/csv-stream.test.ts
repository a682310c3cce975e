import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CsvRecordSplitter } from '../../src/reconcile/csv-records.js';
import { openPurchaseCsv, parseCsv, readPurchaseCsv } from '../../src/reconcile/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CSV = 'docs/examples/reconcile/purchases.csv';

/** The records of `text` fed to the splitter in pieces of `size` characters. */
function inPieces(text: string, size: number): string[][] {
  const out: string[][] = [];
  const splitter = new CsvRecordSplitter((record) => out.push(record));
  for (let i = 0; i < text.length; i += size) splitter.push(text.slice(i, i + size));
  splitter.end();
  return out;
}

describe('CSV read in pieces', () => {
  // Every boundary a piece can end on: inside quotes, between doubled quotes, between CR and LF, after a BOM.
  const tricky = '\uFEFFa,b,c\r\n"x, y","say ""hi""",3\r\n\r\n"",plain,"multi\nline"\n"end""",,"last"';

  it('gives the same records as the whole text, whatever the pieces', () => {
    const whole = parseCsv(tricky);
    expect(whole).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', '3'],
      ['', 'plain', 'multi\nline'],
      ['end"', '', 'last'],
    ]);
    for (let size = 1; size <= tricky.length; size++) expect(inPieces(tricky, size)).toEqual(whole);
  });

  it('reads the purchase register in pieces as it reads it whole', () => {
    const text = fs.readFileSync(path.join(root, CSV), 'utf8');
    const whole = readPurchaseCsv(text);
    expect(whole.ok).toBe(true);
    for (const size of [1, 7, 64, 4096]) {
      const reading = openPurchaseCsv();
      for (let i = 0; i < text.length; i += size) reading.push(text.slice(i, i + size));
      expect(reading.end()).toEqual(whole);
    }
  });

  it('refuses a header without the required columns, and an empty text, as the whole read does', () => {
    for (const text of ['supplier_gstin,doc_no\n1,2\n', '']) {
      const reading = openPurchaseCsv();
      reading.push(text);
      const result = reading.end();
      expect(result).toEqual(readPurchaseCsv(text));
      expect(result).toMatchObject({ ok: false, errors: [{ code: 'SVC-610' }] });
    }
  });
});
