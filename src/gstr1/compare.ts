/**
 * The books' GSTR-1 against what the portal holds (a GSTR-1 downloaded from the portal, its auto-populated
 * e-invoice data, or the sections saved there): each document matched, different (naming the fields that
 * differ), missing in GSTR-1 (in the books only) or missing in the books (on the portal only); summary rows
 * (B2CS, nil-rated, HSN) compared by their keys the same way.
 *
 * The portal's copy is read tolerantly: the fields it adds (`chksum`, `flag`, `updby`, `cflag`, `srctyp`,
 * `irn`, `irngendate`) are ignored, a section may come as an array or inside `{data}`, and HSN rows as
 * `hsn.data` (before the B2B/B2C split) or `hsn_b2b`/`hsn_b2c`. Document numbers are compared without case
 * or surrounding spaces, as the portal treats them; amounts to the paisa, or within `tolerance`.
 * @module
 */
import { Decimal } from '../compute/decimal.js';

export type Gstr1MatchStatus = 'matched' | 'different' | 'missing-in-gstr1' | 'missing-in-books';

/** One field that differs. */
export interface Gstr1Difference {
  field: string;
  books: string | number | undefined;
  portal: string | number | undefined;
}

/** One document or summary row, compared. */
export interface Gstr1RowComparison {
  section: string;
  /** The row's key: counterparty and number for documents, the summary row's own key otherwise. */
  key: string;
  status: Gstr1MatchStatus;
  differences: Gstr1Difference[];
}

export interface Gstr1Comparison {
  rows: Gstr1RowComparison[];
  /** Rows by status, over every section. */
  summary: Record<Gstr1MatchStatus, number>;
  /** Rows by section and status. */
  bySection: Record<string, Record<Gstr1MatchStatus, number>>;
}

export interface Gstr1CompareOptions {
  /** Amount differences up to this many rupees count as equal. Default 0: equal to the paisa. */
  tolerance?: number;
}

type Obj = Record<string, unknown>;
type Flat = Record<string, string | number | undefined>;

const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): Obj[] => {
  if (Array.isArray(v)) return v.filter(isObject);
  if (isObject(v) && Array.isArray(v['data'])) return v['data'].filter(isObject);
  return [];
};
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined);
const docNo = (v: unknown): string => (text(v) ?? '').toUpperCase();
const amount = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? new Decimal(n).toDecimalPlaces(2).toNumber() : undefined;
};
/** GSTR-1 dates are DD-MM-YYYY; the portal's copy sometimes carries DD/MM/YYYY. */
const date = (v: unknown): string | undefined => text(v)?.replace(/\//g, '-');

/** A document's items summed per rate: `txval@18`, `iamt@18`, ... */
function byRate(items: unknown, into: Flat): void {
  const sums = new Map<string, Decimal>();
  for (const raw of list(items)) {
    const d = isObject(raw['itm_det']) ? raw['itm_det'] : raw;
    const rt = amount(d['rt']) ?? 0;
    for (const head of ['txval', 'iamt', 'camt', 'samt', 'csamt']) {
      const v = amount(d[head]);
      if (v === undefined) continue;
      const k = `${head}@${rt}`;
      sums.set(k, (sums.get(k) ?? new Decimal(0)).plus(v));
    }
  }
  for (const [k, v] of sums) into[k] = v.toNumber();
}

function invoice(inv: Obj, extra: Flat = {}): Flat {
  const flat: Flat = {
    idt: date(inv['idt']),
    val: amount(inv['val']),
    pos: text(inv['pos']),
    rchrg: text(inv['rchrg']),
    inv_typ: text(inv['inv_typ']),
    ...extra,
  };
  byRate(inv['itms'], flat);
  return flat;
}

function note(nt: Obj, extra: Flat = {}): Flat {
  const flat: Flat = {
    ntty: text(nt['ntty']),
    nt_dt: date(nt['nt_dt']),
    val: amount(nt['val']),
    pos: text(nt['pos']),
    rchrg: text(nt['rchrg']),
    typ: text(nt['typ']),
    ...extra,
  };
  byRate(nt['itms'], flat);
  return flat;
}

function summaryRow(row: Obj, fields: readonly string[]): Flat {
  const flat: Flat = {};
  for (const f of fields) flat[f] = amount(row[f]);
  return flat;
}

/** Every row of a GSTR-1, keyed by section and row key. */
function rowsOf(json: unknown): Map<string, { section: string; key: string; flat: Flat }> {
  const out = new Map<string, { section: string; key: string; flat: Flat }>();
  const add = (section: string, key: string, flat: Flat): void => {
    const id = `${section}|${key}`;
    const seen = out.get(id);
    // A key twice in one return (the portal refuses that) is compared as the two rows' sum of amounts.
    if (seen)
      for (const [f, v] of Object.entries(flat))
        seen.flat[f] = typeof v === 'number' && typeof seen.flat[f] === 'number' ? new Decimal(seen.flat[f]).plus(v).toNumber() : v;
    else out.set(id, { section, key, flat });
  };
  const j: Obj = isObject(json) ? json : {};
  for (const section of ['b2b', 'b2ba']) {
    for (const g of list(j[section])) for (const inv of list(g['inv'])) add(section, `${docNo(g['ctin'])}/${docNo(inv['inum'])}`, invoice(inv));
  }
  for (const section of ['b2cl', 'b2cla']) {
    for (const g of list(j[section])) for (const inv of list(g['inv'])) add(section, docNo(inv['inum']), invoice(inv, { pos: text(g['pos']) }));
  }
  for (const section of ['exp', 'expa']) {
    for (const g of list(j[section])) for (const inv of list(g['inv'])) add(section, docNo(inv['inum']), invoice(inv, { exp_typ: text(g['exp_typ']) }));
  }
  for (const section of ['cdnr', 'cdnra']) {
    for (const g of list(j[section])) for (const nt of list(g['nt'])) add(section, `${docNo(g['ctin'])}/${docNo(nt['nt_num'])}`, note(nt));
  }
  for (const section of ['cdnur', 'cdnura']) for (const nt of list(j[section])) add(section, docNo(nt['nt_num']), note(nt));
  const heads = ['txval', 'iamt', 'camt', 'samt', 'csamt'] as const;
  for (const r of list(j['b2cs']))
    add('b2cs', [text(r['sply_ty']), text(r['pos']), amount(r['rt']), text(r['typ']), text(r['etin']) ?? ''].join('/'), summaryRow(r, heads));
  for (const r of list(isObject(j['nil']) ? j['nil']['inv'] : undefined))
    add('nil', text(r['sply_ty']) ?? '', summaryRow(r, ['nil_amt', 'expt_amt', 'ngsup_amt']));
  const hsn = isObject(j['hsn']) ? j['hsn'] : {};
  const hsnRows: Array<[string, unknown]> = [
    ['hsn', hsn['data']],
    ['hsn_b2b', hsn['hsn_b2b']],
    ['hsn_b2c', hsn['hsn_b2c']],
  ];
  for (const [section, rows] of hsnRows) {
    for (const r of list(rows))
      add(section, [text(r['hsn_sc']), (text(r['uqc']) ?? '').toUpperCase(), amount(r['rt'])].join('/'), summaryRow(r, ['qty', ...heads]));
  }
  return out;
}

function differences(books: Flat, portal: Flat, tolerance: number): Gstr1Difference[] {
  const out: Gstr1Difference[] = [];
  for (const field of [...new Set([...Object.keys(books), ...Object.keys(portal)])].sort()) {
    const b = books[field];
    const p = portal[field];
    if (b === undefined && p === undefined) continue;
    // An amount one side leaves out is zero there (a rate with no IGST on an intra-state supply).
    if (typeof b === 'number' || typeof p === 'number') {
      if (
        new Decimal(b === undefined || typeof b === 'string' ? 0 : b)
          .minus(p === undefined || typeof p === 'string' ? 0 : p)
          .abs()
          .gt(tolerance)
      )
        out.push({ field, books: b, portal: p });
    } else if ((b ?? '').toUpperCase() !== (p ?? '').toUpperCase()) out.push({ field, books: b, portal: p });
  }
  return out;
}

const noCounts = (): Record<Gstr1MatchStatus, number> => ({ matched: 0, different: 0, 'missing-in-gstr1': 0, 'missing-in-books': 0 });

/** Compares the books' GSTR-1 (gstkit's `buildGstr1` JSON) with the portal's copy of the same return. */
export function compareGstr1(books: unknown, portal: unknown, options: Gstr1CompareOptions = {}): Gstr1Comparison {
  const tolerance = Math.max(0, options.tolerance ?? 0);
  const ours = rowsOf(books);
  const theirs = rowsOf(portal);
  const rows: Gstr1RowComparison[] = [];
  for (const [id, b] of ours) {
    const p = theirs.get(id);
    if (!p) rows.push({ section: b.section, key: b.key, status: 'missing-in-gstr1', differences: [] });
    else {
      const diff = differences(b.flat, p.flat, tolerance);
      rows.push({ section: b.section, key: b.key, status: diff.length ? 'different' : 'matched', differences: diff });
    }
  }
  for (const [id, p] of theirs) if (!ours.has(id)) rows.push({ section: p.section, key: p.key, status: 'missing-in-books', differences: [] });
  const summary = noCounts();
  const bySection: Record<string, Record<Gstr1MatchStatus, number>> = {};
  for (const r of rows) {
    summary[r.status]++;
    const section = bySection[r.section] ?? noCounts();
    section[r.status]++;
    bySection[r.section] = section;
  }
  return { rows, summary, bySection };
}
