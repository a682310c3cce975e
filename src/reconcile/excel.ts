/**
 * The reconciliation workbook: a sheet summing each supplier's rows by status, then the detail with one
 * row per reconciled pair or unpaired document, written through the streaming xlsx writer.
 * @module
 */
import { XlsxStreamWriter, type CellValue, type Column } from '../render/excel/xlsx-writer.js';
import type { ByteSink } from '../render/excel/zip.js';
import { sumTaxLines } from '../gstr/tax-totals.js';
import { toDate } from './normalize.js';
import { HEADS, type ReconcileResult, type ReconcileRow, type ReconcileStatus } from './types.js';

const STATUSES: ReconcileStatus[] = ['matched', 'matched-with-tolerance', 'mismatch', 'missing-in-2b', 'missing-in-books'];
const r2 = (n: number): number => Math.round(n * 100) / 100;

const text = (header: string, width = 14): Column => ({ header, kind: 'text', width });
const amount = (header: string): Column => ({ header, kind: 'amount', width: 14 });
const integer = (header: string): Column => ({ header, kind: 'integer', width: 10 });
const date = (header: string): Column => ({ header, kind: 'date', width: 12 });

const booksAmounts = (r: ReconcileRow): number[] => (r.purchase ? HEADS.map((h) => Number(r.purchase![h]) || 0) : [0, 0, 0, 0, 0]);
function portalAmounts(r: ReconcileRow): number[] {
  if (!r.gstr2b) return [0, 0, 0, 0, 0];
  const t = sumTaxLines(r.gstr2b.lines);
  return [t.taxable, t.igst, t.cgst, t.sgst, t.cess];
}
const tax = (a: number[]): number => r2(a[1]! + a[2]! + a[3]! + a[4]!);

/** Writes the workbook; returns the number of detail rows. */
export async function writeReconcileReport(
  sink: ByteSink,
  result: ReconcileResult,
  options: { generatedAt?: Date; onDetailRows?: (rows: number) => void } = {},
): Promise<{ rows: number; sheets: string[] }> {
  let inDetail = false;
  const onDetailRows = options.onDetailRows;
  const writer = new XlsxStreamWriter(sink, {
    created: options.generatedAt ?? new Date(),
    ...(onDetailRows
      ? {
          onRows: (rows: number) => {
            if (inDetail) onDetailRows(rows);
          },
        }
      : {}),
  });

  // Summary by supplier, in the order suppliers appear (rows are sorted by supplier).
  interface Sum {
    gstin: string;
    name?: string;
    counts: number[];
    books: number[];
    portal: number[];
  }
  const sums = new Map<string, Sum>();
  for (const r of result.rows) {
    let s = sums.get(r.supplierGstin);
    if (!s) {
      s = { gstin: r.supplierGstin, counts: [0, 0, 0, 0, 0], books: [0, 0], portal: [0, 0] };
      sums.set(r.supplierGstin, s);
    }
    s.name ??= r.gstr2b?.supplierName;
    s.counts[STATUSES.indexOf(r.status)]!++;
    const sign = r.docType === 'CRN' ? -1 : 1;
    const b = booksAmounts(r);
    const p = portalAmounts(r);
    s.books[0]! += sign * b[0]!;
    s.books[1]! += sign * tax(b);
    s.portal[0]! += sign * p[0]!;
    s.portal[1]! += sign * tax(p);
  }
  const summaryCols: Column[] = [
    text('Supplier GSTIN', 17),
    text('Supplier name', 28),
    integer('Matched'),
    integer('Matched with tolerance'),
    integer('Mismatch'),
    integer('Missing in 2B'),
    integer('Missing in books'),
    amount('Books taxable (net of credit notes)'),
    amount('Books tax'),
    amount('2B taxable (net of credit notes)'),
    amount('2B tax'),
    amount('Tax difference (books - 2B)'),
  ];
  function* summaryRows(): Generator<CellValue[]> {
    for (const s of sums.values()) {
      yield [s.gstin, s.name, ...s.counts, r2(s.books[0]!), r2(s.books[1]!), r2(s.portal[0]!), r2(s.portal[1]!), r2(s.books[1]! - s.portal[1]!)];
    }
  }
  const summary = await writer.addTable('Summary by supplier', summaryCols, summaryRows());

  const extraKeys: string[] = [];
  const seen = new Set<string>();
  for (const r of result.rows) {
    for (const k of Object.keys(r.purchase?.extra ?? {})) {
      if (seen.has(k)) continue;
      seen.add(k);
      extraKeys.push(k);
    }
  }

  const detailCols: Column[] = [
    text('Status', 20),
    text('Pass', 16),
    text('Supplier GSTIN', 17),
    text('Supplier name', 24),
    text('Document type', 8),
    text('Books number', 18),
    date('Books date'),
    text('Books row', 10),
    text('2B number', 18),
    date('2B date'),
    text('2B section', 8),
    text('2B period', 9),
    text('IMS status', 12),
    text('2B original superseded', 18),
    amount('Books taxable'),
    amount('Books IGST'),
    amount('Books CGST'),
    amount('Books SGST/UTGST'),
    amount('Books cess'),
    amount('2B taxable'),
    amount('2B IGST'),
    amount('2B CGST'),
    amount('2B SGST/UTGST'),
    amount('2B cess'),
    amount('Diff taxable'),
    amount('Diff IGST'),
    amount('Diff CGST'),
    amount('Diff SGST/UTGST'),
    amount('Diff cess'),
    text('Suggested IMS action', 10),
    text('Why this action', 60),
    text('Reasons', 90),
    text('Document period', 9),
    text('Late: in 2B of', 9),
    amount('Pair cost'),
    text('Runner-up', 18),
    text('Why not the runner-up', 60),
    text('ITC flags', 60),
    ...extraKeys.map((k) => text(k, 14)),
  ];
  function* detailRows(): Generator<CellValue[]> {
    for (const r of result.rows) {
      const p = r.purchase;
      const d = r.gstr2b;
      yield [
        r.status,
        r.pass,
        r.supplierGstin,
        d?.supplierName,
        r.docType,
        p?.docNo,
        p ? toDate(p.docDate) : undefined,
        p?.ref ?? (r.purchaseIndex !== undefined ? `#${r.purchaseIndex + 1}` : undefined),
        d?.number,
        d?.date,
        d?.section,
        d?.period,
        d?.imsStatus,
        r.gstr2bOriginal?.number,
        ...(p ? booksAmounts(r) : [undefined, undefined, undefined, undefined, undefined]),
        ...(d ? portalAmounts(r) : [undefined, undefined, undefined, undefined, undefined]),
        ...HEADS.map((h) => r.differences[h]),
        r.suggestedImsAction ?? undefined,
        r.imsActionReason,
        r.reasons.join('; '),
        r.documentPeriod,
        r.late?.gstr2bPeriod,
        r.basis?.cost,
        r.runnerUp ? `${r.runnerUp.side === '2b' ? '2B' : 'books'} ${r.runnerUp.docNo}` : undefined,
        r.runnerUp?.reason,
        r.flags?.map((f) => `${f.code} (${f.reference}): ${f.message}`).join('; '),
        ...extraKeys.map((k) => p?.extra?.[k]),
      ];
    }
  }
  inDetail = true;
  const detail = await writer.addTable('Detail', detailCols, detailRows());
  await writer.finish();
  return { rows: detail.rows, sheets: [...summary.sheets, ...detail.sheets] };
}
