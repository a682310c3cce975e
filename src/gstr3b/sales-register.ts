/**
 * Reader of the sales register CSV: what is not e-invoiced, one document a line. Header (any order, any
 * case): `doc_type,doc_no,doc_date,nature,buyer_gstin,buyer_type,pos,taxable_value,igst,cgst,sgst,cess`;
 * `doc_no`, `doc_date`, `nature` and `taxable_value` are needed, the others optional.
 * @module
 */
import { error, type Issue, type Outcome } from '../issue.js';
import { gstr3bCodes } from './codes.js';
import type { SalesRegisterRow } from './types.js';

const NATURES = new Set(['taxable', 'zero-rated', 'nil', 'exempt', 'non-gst', 'eco-operator', 'eco-supplier']);
const BUYERS = new Set(['unregistered', 'registered', 'composition', 'uin']);

/** The fields of each line of CSV text (quotes as RFC 4180: doubled inside a quoted field). */
export function csvLines(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  return rows;
}

const amount = (t: string | undefined): number | undefined => {
  const s = (t ?? '').trim().replace(/,/g, '');
  if (s === '') return 0;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
};

/** Reads the sales register; a line it cannot read is an error naming the line (the others are kept). */
export function readSalesRegisterCsv(text: string): Outcome<{ rows: SalesRegisterRow[]; errors: Issue[] }> {
  const lines = csvLines(String(text ?? '').replace(/^\uFEFF/, ''));
  const header = (lines[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = (name: string): number => header.indexOf(name);
  const missing = ['doc_no', 'doc_date', 'nature', 'taxable_value'].filter((n) => col(n) < 0);
  if (missing.length > 0)
    return { ok: false, errors: [error(gstr3bCodes.badRegisterRow, `the sales register's header lacks ${missing.join(', ')}`, '/line/1')] };
  const rows: SalesRegisterRow[] = [];
  const errors: Issue[] = [];
  lines.slice(1).forEach((f, i) => {
    const at = `/line/${i + 2}`;
    const get = (name: string): string => (col(name) >= 0 ? (f[col(name)] ?? '').trim() : '');
    const nature = get('nature').toLowerCase();
    const type = (get('doc_type') || 'INV').toUpperCase();
    const buyerType = get('buyer_type').toLowerCase();
    const taxable = amount(get('taxable_value'));
    const heads = ['igst', 'cgst', 'sgst', 'cess'].map((h) => amount(get(h)));
    if (
      !NATURES.has(nature) ||
      !['INV', 'CRN', 'DBN'].includes(type) ||
      (buyerType !== '' && !BUYERS.has(buyerType)) ||
      taxable === undefined ||
      heads.some((h) => h === undefined)
    ) {
      errors.push(error(gstr3bCodes.badRegisterRow, `line ${i + 2}: needs doc_type INV, CRN or DBN, a known nature and buyer_type, and numeric amounts`, at));
      return;
    }
    const [igst, cgst, sgst, cess] = heads as number[];
    rows.push({
      docType: type as SalesRegisterRow['docType'],
      docNo: get('doc_no'),
      docDate: get('doc_date'),
      nature: nature as SalesRegisterRow['nature'],
      ...(get('buyer_gstin') ? { buyerGstin: get('buyer_gstin').toUpperCase() } : {}),
      ...(buyerType ? { buyerType: buyerType as NonNullable<SalesRegisterRow['buyerType']> } : {}),
      ...(get('pos') ? { pos: get('pos') } : {}),
      taxable,
      igst,
      cgst,
      sgst,
      cess,
    } as SalesRegisterRow);
  });
  return { ok: true, value: { rows, errors } };
}
