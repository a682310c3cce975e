/**
 * Reader of the purchase register CSV: a header row with at least supplier_gstin, doc_type, doc_no,
 * doc_date, taxable_value, igst, cgst, sgst, cess; further columns are kept as `extra` (an optional
 * `port_code` is also read as a bill of entry's port).
 * @module
 */
import { error, warning, pointer, type Issue, type Outcome } from '../issue.js';
import { reconcileCodes } from './codes.js';
import { CsvRecordSplitter, parseCsv } from './csv-records.js';
import { toDate } from './normalize.js';
import type { PurchaseDocType, PurchaseRow } from './types.js';

export { parseCsv };

export const PURCHASE_COLUMNS = ['supplier_gstin', 'doc_type', 'doc_no', 'doc_date', 'taxable_value', 'igst', 'cgst', 'sgst', 'cess'] as const;
const AMOUNT_COLUMNS: Array<[string, 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess']> = [
  ['taxable_value', 'taxable'],
  ['igst', 'igst'],
  ['cgst', 'cgst'],
  ['sgst', 'sgst'],
  ['cess', 'cess'],
];
const DOC_TYPES: Record<string, PurchaseDocType> = { INV: 'INV', CRN: 'CRN', DBN: 'DBN', C: 'CRN', D: 'DBN', BOE: 'BOE' };
const GSTIN_FORM = /^[0-9]{2}[0-9A-Z]{10}[0-9A-Z]{3}$/;
const MAX_ERRORS = 200;

/** An amount: digits with an optional sign, decimals and thousands commas (Indian or Western grouping). */
function amountOf(text: string): number | undefined {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return 0;
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : undefined;
}

/**
 * Reads a purchase register CSV. Rows with an unreadable type, date or amount are errors (with the line
 * number in the path, `/rows/<line>/<column>`); a malformed GSTIN is a warning. Never throws.
 */
export function readPurchaseCsv(input: string | Uint8Array): Outcome<{ rows: PurchaseRow[]; warnings: Issue[] }> {
  const reading = openPurchaseCsv();
  reading.push(typeof input === 'string' ? input : new TextDecoder().decode(input));
  return reading.end();
}

/** A purchase register CSV read as its text arrives (see {@link openPurchaseCsv}). */
export interface PurchaseCsvReading {
  /** The next piece of the text, of any size (a file stream's chunks, decoded). */
  push(text: string): void;
  /** The text has ended: the rows, or the errors met. */
  end(): Outcome<{ rows: PurchaseRow[]; warnings: Issue[] }>;
}

/**
 * Reads a purchase register CSV given in pieces, as {@link readPurchaseCsv} reads it whole: each record
 * becomes a row as soon as its line ends, so the file's records are never all held at once.
 */
export function openPurchaseCsv(): PurchaseCsvReading {
  const rows = purchaseRowReader();
  const splitter = new CsvRecordSplitter((record) => rows.add(record));
  return {
    push: (text) => splitter.push(text),
    end() {
      splitter.end();
      return rows.end();
    },
  };
}

const JSON_NAMES: Record<string, string> = {
  supplierGstin: 'supplier_gstin',
  docType: 'doc_type',
  docNo: 'doc_no',
  docDate: 'doc_date',
  taxable: 'taxable_value',
  taxableValue: 'taxable_value',
};

/**
 * Reads purchase rows given as JSON objects (an HTTP body): the CSV's column names or their camelCase
 * forms (`supplierGstin`, `docType`, `docNo`, `docDate`, `taxable`), amounts as numbers or text.
 */
export function readPurchaseObjects(input: unknown): Outcome<{ rows: PurchaseRow[]; warnings: Issue[] }> {
  if (!Array.isArray(input)) return { ok: false, errors: [error(reconcileCodes.missingColumn, 'purchases should be a list of rows', '')] };
  const keys: string[] = [...PURCHASE_COLUMNS];
  const seen = new Set(keys);
  const objects = input.map((o) => (o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : {}));
  for (const o of objects) {
    for (const k of Object.keys(o)) {
      const name = JSON_NAMES[k] ?? k;
      if (!seen.has(name)) {
        seen.add(name);
        keys.push(name);
      }
    }
  }
  const records: string[][] = [keys];
  for (const o of objects) {
    const rec = new Array<string>(keys.length).fill('');
    for (const [k, v] of Object.entries(o)) {
      const i = keys.indexOf(JSON_NAMES[k] ?? k);
      rec[i] = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    records.push(rec);
  }
  return readPurchaseRecords(records);
}

function readPurchaseRecords(records: string[][]): Outcome<{ rows: PurchaseRow[]; warnings: Issue[] }> {
  const reader = purchaseRowReader();
  for (const record of records) reader.add(record);
  return reader.end();
}

/** Turns records into purchase rows one at a time: the first is the header, each next one a row. */
function purchaseRowReader(): { add(record: string[]): void; end(): Outcome<{ rows: PurchaseRow[]; warnings: Issue[] }> } {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const rows: PurchaseRow[] = [];
  const fail = (issue: Issue): void => {
    if (errors.length < MAX_ERRORS) errors.push(issue);
  };
  // A register names few suppliers many times: one string per GSTIN, not one per row.
  const gstins = new Map<string, string>();
  let header: Map<string, number> | undefined;
  let extras: Array<readonly [string, number]> = [];
  let headerError: Issue | undefined;
  let records = 0;

  function readHeader(record: string[]): void {
    const names = record.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
    header = new Map(names.map((h, i) => [h, i]));
    const missing = PURCHASE_COLUMNS.filter((c) => !header!.has(c));
    if (missing.length > 0) headerError = error(reconcileCodes.missingColumn, `the header lacks ${missing.join(', ')}`, '/rows/1');
    const known = new Set<string>(PURCHASE_COLUMNS);
    extras = names.map((h, i) => [h, i] as const).filter(([h]) => !known.has(h) && h !== '');
  }

  function readRow(rec: string[], col: Map<string, number>, line: number): void {
    const get = (c: string): string => (rec[col.get(c)!] ?? '').trim();
    const at = (c: string): string => pointer('rows', line, c);
    const typed = get('supplier_gstin').toUpperCase();
    let gstin = gstins.get(typed);
    if (gstin === undefined) {
      gstin = typed;
      gstins.set(typed, typed);
    }
    const docNo = get('doc_no');
    const type = DOC_TYPES[get('doc_type').toUpperCase()];
    // A bill of entry for goods from abroad has no supplier GSTIN (one from an SEZ unit has the unit's).
    const fromAbroad = type === 'BOE' && !GSTIN_FORM.test(gstin);
    if (fromAbroad) {
      // Nothing to check: imports pair by bill of entry number, date and port.
    } else if (gstin === '') fail(error(reconcileCodes.missingValue, `line ${line}: supplier_gstin is empty`, at('supplier_gstin')));
    else if (!GSTIN_FORM.test(gstin))
      warnings.push(warning(reconcileCodes.badGstin, `line ${line}: ${gstin} is not of the GSTIN form; PAN-level matching skips it`, at('supplier_gstin')));
    if (docNo === '') fail(error(reconcileCodes.missingValue, `line ${line}: doc_no is empty`, at('doc_no')));
    if (!type) fail(error(reconcileCodes.badDocType, `line ${line}: doc_type ${JSON.stringify(get('doc_type'))} is not INV, CRN, DBN or BOE`, at('doc_type')));
    const date = toDate(get('doc_date'));
    if (!date) fail(error(reconcileCodes.badDate, `line ${line}: doc_date ${JSON.stringify(get('doc_date'))} is not a DD/MM/YYYY date`, at('doc_date')));
    const amounts = [0, 0, 0, 0, 0];
    for (let k = 0; k < AMOUNT_COLUMNS.length; k++) {
      const c = AMOUNT_COLUMNS[k]![0];
      const v = amountOf(get(c));
      if (v === undefined) fail(error(reconcileCodes.badAmount, `line ${line}: ${c} ${JSON.stringify(get(c))} is not a number`, at(c)));
      else amounts[k] = v;
    }
    // Built as one literal, in the order rows have always had: a million rows keep one compact shape.
    const row: PurchaseRow = {
      supplierGstin: gstin,
      docType: type ?? 'INV',
      docNo,
      docDate: date ?? get('doc_date'),
      taxable: amounts[0]!,
      igst: amounts[1]!,
      cgst: amounts[2]!,
      sgst: amounts[3]!,
      cess: amounts[4]!,
      ref: `line ${line}`,
    };
    if (col.has('port_code') && get('port_code') !== '') row.portCode = get('port_code').toUpperCase();
    if (extras.length > 0) {
      row.extra = {};
      for (const [h, i] of extras) row.extra[h] = rec[i] ?? '';
    }
    rows.push(row);
  }

  return {
    add(record) {
      records++;
      if (records === 1) readHeader(record);
      else if (!headerError && header) readRow(record, header, records);
    },
    end() {
      if (records === 0) return { ok: false, errors: [error(reconcileCodes.missingColumn, 'the file is empty: a header row is needed', '')] };
      if (headerError) return { ok: false, errors: [headerError] };
      if (errors.length > 0) return { ok: false, errors };
      return { ok: true, value: { rows, warnings } };
    },
  };
}
