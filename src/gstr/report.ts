/**
 * GSTR-2A / GSTR-2B workbooks (report 100 Full: one row per rate line; report 101 Smart: one row per
 * document with amendments netted) and the GSTR-3B workbook laid out like the form.
 * @module
 */
import { state } from '../masters/states.js';
import type { Gstr3b, InwardDocument, InwardReturn, TaxLine } from './types.js';
import { roundPaise as r2, sumTaxLines } from './tax-totals.js';
import { gstr3bDueDate, gstr3bRowSource, isGstr3bTimeBarred } from './gstr3b-periods.js';
import { XlsxStreamWriter, type CellValue, type Column, type GridCell } from '../render/excel/xlsx-writer.js';
import type { ByteSink } from '../render/excel/zip.js';

export type ReportType = 100 | 101;

/** One GSTIN and period asked for, and what the store holds for it. */
export interface InwardSource {
  gstin: string;
  period: string;
  /** When it was pulled; undefined when nothing is stored. */
  pulledAt?: string;
  /** Loads and reads the stored return; a string is the reason it could not be read. */
  load?: () => Promise<InwardReturn | string>;
  /** Counts the documents of the stored return without reading them fully (for progress), when it can. */
  count?: () => Promise<number>;
  /**
   * Reads the stored return one document at a time, when it can (used instead of `load` to write rows,
   * so a month of documents is never held at once); a string is the reason it could not be read.
   */
  stream?: () => Promise<DocumentStream | string>;
}

/** A stored return's documents as they are read. */
export interface DocumentStream {
  /** How many there are, as counted when it was stored (for progress). */
  size: number;
  documents: Iterable<InwardDocument>;
  /** After the walk: why the return could not be read after all, if it could not. */
  failed(): string | undefined;
}

export interface InwardReportOptions {
  returnType: 'gstr2a' | 'gstr2b';
  reportType: ReportType;
  generatedAt: Date;
  /** Rows per sheet including the header (Excel's limit by default). */
  maxRowsPerSheet?: number;
  /** Told how far the export is, with the documents written of the documents counted before writing. */
  onProgress?: (fraction: number, counts?: { done: number; total: number }) => void;
}

export interface ReportResult {
  rows: number;
  sheets: string[];
}

const RETURN_LABEL = { gstr2a: 'GSTR-2A', gstr2b: 'GSTR-2B' } as const;

type Row = { doc: InwardDocument; line?: TaxLine; pulledAt: Date | undefined; net?: Netting };
interface Netting {
  found: boolean;
  taxable?: number;
  tax?: number;
}
interface Col extends Column {
  get: (r: Row) => CellValue;
}

const lineTax = (l: TaxLine): number => r2(l.igst + l.cgst + l.sgst + l.cess);
function docTotals(d: InwardDocument): TaxLine {
  return sumTaxLines(d.lines);
}
const amounts = (r: Row): TaxLine => r.line ?? docTotals(r.doc);

const text = (header: string, width: number, get: (r: Row) => CellValue): Col => ({ header, kind: 'text', width, get });
const amount = (header: string, get: (r: Row) => CellValue): Col => ({ header, kind: 'amount', width: 15, get });
const date = (header: string, get: (r: Row) => CellValue): Col => ({ header, kind: 'date', width: 12, get });

const LEAD: Col[] = [
  text('Recipient GSTIN', 17, (r) => r.doc.recipientGstin),
  text('Return period', 9, (r) => r.doc.period),
  text('Return', 8, (r) => (r.doc.returnType === 'gstr2a' ? '2A' : '2B')),
  date('2B generation date', (r) => r.doc.generatedOn),
  text('Section', 9, (r) => r.doc.section),
  text('IMS status', 11, (r) => r.doc.imsStatus),
  text('Document type', 14, (r) => r.doc.kind),
  text('Supplier GSTIN', 17, (r) => r.doc.supplierGstin),
  text('Supplier PAN', 12, (r) => (r.doc.supplierGstin && r.doc.supplierGstin.length === 15 ? r.doc.supplierGstin.slice(2, 12) : undefined)),
  text('Supplier name', 28, (r) => r.doc.supplierName),
  text('Document number', 20, (r) => r.doc.number),
  date('Document date', (r) => r.doc.date),
  amount('Document value', (r) => r.doc.value),
  text('Supply type', 8, (r) => r.doc.supplyType),
  text('Place of supply', 8, (r) => r.doc.placeOfSupply),
  text('Place of supply (state)', 18, (r) => (r.doc.placeOfSupply ? state(r.doc.placeOfSupply)?.name : undefined)),
  text('Reverse charge', 8, (r) => r.doc.reverseCharge),
];
const RATE: Col[] = [
  { header: 'Line no.', kind: 'integer', width: 7, get: (r) => r.line?.lineNo },
  { header: 'Rate (%)', kind: 'rate', width: 8, get: (r) => r.line?.rate },
  text('Rate basis', 14, (r) => (r.doc.rateBasis === 'line' ? 'rate line' : 'document total')),
];
const AMOUNTS: Col[] = [
  amount('Taxable value', (r) => amounts(r).taxable),
  amount('IGST', (r) => amounts(r).igst),
  amount('CGST', (r) => amounts(r).cgst),
  amount('SGST/UTGST', (r) => amounts(r).sgst),
  amount('Cess', (r) => amounts(r).cess),
  amount('Total tax', (r) => lineTax(amounts(r))),
];
const TRAIL: Col[] = [
  { header: 'Applicable % of rate', kind: 'rate', width: 10, get: (r) => r.doc.applicablePercent },
  text('ITC availability', 10, (r) => r.doc.itcAvailability),
  text('Reason', 8, (r) => r.doc.itcReason),
  text('Supplier return period', 10, (r) => r.doc.supplierPeriod),
  date('Supplier filing date', (r) => r.doc.supplierFilingDate),
  text('GSTR-1 filed', 8, (r) => r.doc.gstr1Filed),
  text('GSTR-3B filed', 8, (r) => r.doc.gstr3bFiled),
  date('Supplier cancellation date', (r) => r.doc.supplierCancellationDate),
  text('Original document number', 20, (r) => r.doc.originalNumber),
  date('Original document date', (r) => r.doc.originalDate),
  text('Original note type', 8, (r) => r.doc.originalNoteType),
  text('Amendment type', 8, (r) => r.doc.amendmentType),
  text('Amendment period', 10, (r) => r.doc.amendmentPeriod),
  text('Source', 10, (r) => r.doc.source),
  text('Source form', 9, (r) => r.doc.sourceForm),
  text('IMS action from', 9, (r) => (r.doc.imsStatusSource === 'file' ? 'file' : r.doc.imsStatusSource === 'derived' ? 'derived' : undefined)),
  text('IMS pending until (GSTR-3B of)', 12, (r) => r.doc.imsPendingUntil),
  text('IMS pending limit', 14, (r) =>
    r.doc.imsPendingLimit === 'always' ? 'one period' : r.doc.imsPendingLimit === 'if-itc-lowered' ? 'one period if ITC lowered' : undefined,
  ),
  text('ITC reduction declared', 10, (r) => r.doc.itcReduction?.required ?? (r.doc.itcReduction ? 'amounts' : undefined)),
  amount('ITC reduction IGST', (r) => r.doc.itcReduction?.igst),
  amount('ITC reduction CGST', (r) => r.doc.itcReduction?.cgst),
  amount('ITC reduction SGST/UTGST', (r) => r.doc.itcReduction?.sgst),
  amount('ITC reduction cess', (r) => r.doc.itcReduction?.cess),
  text('IMS remarks', 24, (r) => r.doc.imsRemarks),
  text('IRN', 30, (r) => r.doc.irn),
  date('IRN date', (r) => r.doc.irnDate),
  text('Port code', 8, (r) => r.doc.portCode),
  date('ICEGATE reference date', (r) => r.doc.referenceDate),
  date('Date received', (r) => r.doc.receivedDate),
  text('BoE amended', 8, (r) => r.doc.billOfEntryAmended),
  { header: 'Sign', kind: 'integer', width: 6, get: (r) => r.doc.sign },
  { header: 'Pulled at (IST)', kind: 'datetime', width: 19, get: (r) => r.pulledAt },
];
const SMART_EXTRA: Col[] = [
  text('Rates present', 14, (r) => ratesPresent(r.doc)),
  amount('Signed taxable', (r) => r2(r.doc.sign * docTotals(r.doc).taxable)),
  amount('Signed total tax', (r) => r2(r.doc.sign * lineTax(docTotals(r.doc)))),
  text('Original found', 8, (r) => (r.net ? (r.net.found ? 'Y' : 'N') : undefined)),
  amount('Original taxable', (r) => r.net?.taxable),
  amount('Original total tax', (r) => r.net?.tax),
  amount('Net change taxable', (r) => (r.net ? r2(docTotals(r.doc).taxable - (r.net.taxable ?? 0)) : undefined)),
  amount('Net change tax', (r) => (r.net ? r2(lineTax(docTotals(r.doc)) - (r.net.tax ?? 0)) : undefined)),
];

/** The columns of a report type, in order. */
export function reportColumns(reportType: ReportType): Column[] {
  return (reportType === 100 ? FULL : SMART).map(({ header, kind, width }) => ({ header, kind, width }));
}
const FULL: Col[] = [...LEAD, ...RATE, ...AMOUNTS, ...TRAIL];
const SMART: Col[] = [...LEAD, ...AMOUNTS, ...SMART_EXTRA, ...TRAIL];

function ratesPresent(d: InwardDocument): string | undefined {
  const rates = d.lines.map((l) => l.rate).filter((x): x is number => x !== undefined);
  if (rates.length > 0) return [...new Set(rates)].sort((a, b) => a - b).join('; ');
  const t = docTotals(d);
  if (t.taxable > 0) return `derived ${r2(((lineTax(t) - t.cess) / t.taxable) * 100)}`;
  return undefined;
}

const AMENDS: Partial<Record<string, string>> = { B2BA: 'B2B', CDNRA: 'CDNR', ECOA: 'ECO', ISDA: 'ISD', TDSA: 'TDS' };
const classOf = (section: string): string => AMENDS[section] ?? section;
const keyOf = (recipient: string, supplier: string | undefined, section: string, number: string): string =>
  `${recipient}|${supplier ?? ''}|${classOf(section)}|${number.toUpperCase().replace(/\s+/g, '')}`;

/** A source's documents: as they are read where it can, otherwise read whole. */
async function documentsOf(s: InwardSource): Promise<DocumentStream | InwardReturn | string | undefined> {
  return s.stream ? s.stream() : s.load ? s.load() : undefined;
}

/**
 * Writes a GSTR-2A or GSTR-2B workbook: the data sheet (continued on further sheets past the row
 * limit) and a first sheet naming the GSTINs, periods, report type, generation time and what was found.
 */
export async function writeInwardReport(sink: ByteSink, sources: InwardSource[], options: InwardReportOptions): Promise<ReportResult> {
  const cols = options.reportType === 100 ? FULL : SMART;
  const label = RETURN_LABEL[options.returnType];
  const stats = new Map<InwardSource, { documents: number; rows: number; note: string }>();
  for (const s of sources) stats.set(s, { documents: 0, rows: 0, note: s.load ? 'pulled' : 'not pulled' });

  // Smart report: amounts of the originals that amendments in the range point at.
  const originals = new Map<string, { taxable: number; tax: number }>();
  if (options.reportType === 101) {
    const wanted = new Set<string>();
    for (const s of sources) {
      const ret = await documentsOf(s);
      if (ret === undefined || typeof ret === 'string') continue;
      for (const d of ret.documents) {
        if (AMENDS[d.section] && d.originalNumber) wanted.add(keyOf(d.recipientGstin, d.supplierGstin, d.section, d.originalNumber));
      }
    }
    if (wanted.size > 0) {
      for (const s of sources) {
        const ret = await documentsOf(s);
        if (ret === undefined || typeof ret === 'string') continue;
        for (const d of ret.documents) {
          if (AMENDS[d.section]) continue;
          const k = keyOf(d.recipientGstin, d.supplierGstin, d.section, d.number);
          if (!wanted.has(k)) continue;
          const t = docTotals(d);
          originals.set(k, { taxable: t.taxable, tax: lineTax(t) });
        }
      }
    }
  }

  // Documents to write, counted first so progress can say how many of how many (the count is the stored
  // JSON's; documents a reader refuses are not written, so the last report sets the total to what was).
  let total = 0;
  if (options.onProgress) for (const s of sources) if (s.count) total += await s.count().catch(() => 0);
  let written = 0;
  let reported = 0;
  const report = (fraction: number): void => {
    options.onProgress?.(total > 0 ? Math.min(0.99, written / total) : fraction, total > 0 ? { done: Math.min(written, total), total } : undefined);
  };

  const writer = new XlsxStreamWriter(sink, { maxRowsPerSheet: options.maxRowsPerSheet, created: options.generatedAt });
  const n = cols.length;
  const getters = cols.map((c) => c.get);
  let done = 0;
  async function* rows(): AsyncGenerator<CellValue[]> {
    // Declared outside the loop and cleared before each read: a generator's locals live on in its frame
    // until overwritten, so a `const` here kept the month before alive beside the one being read.
    let ret: DocumentStream | InwardReturn | string | undefined;
    for (const s of sources) {
      const st = stats.get(s)!;
      ret = undefined;
      ret = await documentsOf(s);
      if (typeof ret === 'string') st.note = `not readable: ${ret}`;
      if (ret !== undefined && typeof ret !== 'string') {
        const pulledAt = s.pulledAt ? new Date(s.pulledAt) : undefined;
        const size = 'size' in ret ? ret.size : ret.documents.length;
        let inSource = 0;
        for (const doc of ret.documents) {
          const list: Row[] = [];
          if (options.reportType === 100) {
            for (const line of doc.lines) list.push({ doc, line, pulledAt });
          } else {
            const row: Row = { doc, pulledAt };
            if (AMENDS[doc.section] && doc.originalNumber) {
              const o = originals.get(keyOf(doc.recipientGstin, doc.supplierGstin, doc.section, doc.originalNumber));
              row.net = o ? { found: true, taxable: o.taxable, tax: o.tax } : { found: false };
            }
            list.push(row);
          }
          for (const r of list) {
            const out = new Array<CellValue>(n);
            for (let c = 0; c < n; c++) out[c] = getters[c]!(r);
            st.rows++;
            yield out;
          }
          written++;
          inSource++;
          st.documents = inSource;
          // Every 1,000 documents: often enough to watch, rare enough to cost nothing.
          if (written - reported >= 1000) {
            reported = written;
            report((done + Math.min(1, inSource / Math.max(1, size))) / Math.max(1, sources.length));
          }
        }
        // A streamed return is judged after its walk: one stored by a pull was read whole then, so this
        // is not expected; the rows written stay and the header sheet says where reading stopped.
        const failure = 'failed' in ret ? ret.failed() : undefined;
        if (failure !== undefined) st.note = `not readable after ${inSource} documents: ${failure}`;
      }
      done++;
      report(done / Math.max(1, sources.length));
    }
  }
  const table = await writer.addTable(`${label} ${options.reportType === 100 ? 'Full' : 'Smart'}`, cols, rows());

  const gstins = [...new Set(sources.map((s) => s.gstin))];
  const periods = [...new Set(sources.map((s) => s.period))].sort();
  const grid: GridCell[][] = [
    [{ value: `${label} export`, style: 'title' }],
    [
      { value: 'Report type', style: 'bold' },
      { value: options.reportType === 100 ? '100 Full (one row per rate line)' : '101 Smart (one row per document, amendments netted)' },
    ],
    [{ value: 'GSTINs', style: 'bold' }, { value: gstins.join(', ') }],
    [{ value: 'Periods', style: 'bold' }, { value: periods.length ? `${periods[0]} to ${periods[periods.length - 1]}` : '' }],
    [
      { value: 'Generated at (IST)', style: 'bold' },
      { value: options.generatedAt, style: 'datetime' },
    ],
    [
      { value: 'Data rows', style: 'bold' },
      { value: table.rows, style: 'integer' },
    ],
    [{ value: 'Data sheets', style: 'bold' }, { value: table.sheets.join(', ') }],
    [],
    ['GSTIN', 'Period', 'Status', 'Pulled at (IST)', 'Documents', 'Rows'].map((h) => ({ value: h, style: 'header' as const })),
  ];
  for (const s of sources) {
    const st = stats.get(s)!;
    grid.push([
      { value: s.gstin },
      { value: s.period },
      { value: st.note },
      { value: s.pulledAt ? new Date(s.pulledAt) : undefined, style: 'datetime' },
      { value: s.load ? st.documents : undefined, style: 'integer' },
      { value: s.load ? st.rows : undefined, style: 'integer' },
    ]);
  }
  await writer.addGrid('Header', grid, { widths: [18, 60, 22, 20, 11, 11], first: true });
  await writer.finish();
  options.onProgress?.(1, total > 0 || written > 0 ? { done: written, total: written } : undefined);
  return { rows: table.rows, sheets: ['Header', ...table.sheets] };
}

/** Writes the GSTR-3B workbook: a header sheet and one sheet with the form's tables in order. */
export async function writeGstr3bReport(sink: ByteSink, ret: Gstr3b, meta: { pulledAt?: string; generatedAt: Date }): Promise<ReportResult> {
  const writer = new XlsxStreamWriter(sink, { created: meta.generatedAt });
  const h = (...labels: string[]): GridCell[] => labels.map((value) => ({ value, style: 'header' as const }));
  const a = (v: number | undefined): GridCell => ({ value: v, style: 'amount' });
  const g: GridCell[][] = [[{ value: `GSTR-3B ${ret.gstin} ${ret.period}`, style: 'title' }], []];
  let rows = 0;
  const section = (title: string): void => {
    g.push([{ value: title, style: 'title' }]);
  };
  const by = (t: string) => ret.rows.filter((r) => r.table === t);
  const portal = (t: string, c: string): GridCell => ({ value: gstr3bRowSource(t, c, ret.period)?.note });

  section('3.1 Details of outward supplies and inward supplies liable to reverse charge');
  g.push(h('Row', 'Nature of supplies', 'Taxable value', 'IGST', 'CGST', 'SGST/UTGST', 'Cess', 'On the portal'));
  for (const r of by('3.1')) {
    g.push([{ value: r.code }, { value: r.label }, a(r.taxable), a(r.igst), a(r.cgst), a(r.sgst), a(r.cess), portal('3.1', r.code)]);
    rows++;
  }
  g.push([]);
  section('3.1.1 Supplies notified under section 9(5)');
  g.push(h('Row', 'Nature of supplies', 'Taxable value', 'IGST', 'CGST', 'SGST/UTGST', 'Cess', 'On the portal'));
  for (const r of by('3.1.1')) {
    g.push([{ value: r.code }, { value: r.label }, a(r.taxable), a(r.igst), a(r.cgst), a(r.sgst), a(r.cess), portal('3.1.1', r.code)]);
    rows++;
  }
  g.push([]);
  section('3.2 Inter-state supplies to unregistered persons, composition taxable persons and UIN holders');
  g.push(h('Place of supply', 'Nature of supplies', 'Taxable value', 'IGST', 'On the portal'));
  for (const r of by('3.2')) {
    const name = r.placeOfSupply ? state(r.placeOfSupply)?.name : undefined;
    g.push([{ value: name ? `${r.placeOfSupply}-${name}` : r.placeOfSupply }, { value: r.label }, a(r.taxable), a(r.igst), portal('3.2', r.code)]);
    rows++;
  }
  g.push([]);
  section('4 Eligible ITC');
  g.push(h('Row', 'Details', 'IGST', 'CGST', 'SGST/UTGST', 'Cess', 'On the portal'));
  for (const r of by('4')) {
    g.push([{ value: r.code }, { value: r.label }, a(r.igst), a(r.cgst), a(r.sgst), a(r.cess), portal('4', r.code)]);
    rows++;
  }
  g.push([]);
  section('5 Values of exempt, nil-rated and non-GST inward supplies');
  g.push(h('Row', 'Nature of supplies', 'Inter-state', 'Intra-state'));
  for (const r of by('5')) {
    g.push([{ value: r.code }, { value: r.label }, a(r.interState), a(r.intraState)]);
    rows++;
  }
  g.push([]);
  section('5.1 Interest and late fee');
  g.push(h('Row', 'Details', 'IGST', 'CGST', 'SGST/UTGST', 'Cess'));
  for (const r of by('5.1')) {
    g.push([{ value: r.code }, { value: r.label }, a(r.igst), a(r.cgst), a(r.sgst), a(r.cess)]);
    rows++;
  }
  g.push([]);
  section('6.1 Payment of tax');
  g.push(
    h(
      'Description',
      'Head',
      'Tax payable',
      'Interest payable',
      'Late fee payable',
      'Paid through ITC: IGST',
      'Paid through ITC: CGST',
      'Paid through ITC: SGST/UTGST',
      'Paid through ITC: Cess',
      'Paid in cash: tax',
      'Paid in cash: interest',
      'Paid in cash: late fee',
    ),
  );
  for (const p of ret.payments) {
    const itc = p.paidThroughItc;
    const heads: Array<[string, 'igst' | 'cgst' | 'sgst' | 'cess', Array<number | undefined>]> = [
      ['IGST', 'igst', [itc.igstFromIgst, itc.igstFromCgst, itc.igstFromSgst, undefined]],
      ['CGST', 'cgst', [itc.cgstFromIgst, itc.cgstFromCgst, undefined, undefined]],
      ['SGST/UTGST', 'sgst', [itc.sgstFromIgst, undefined, itc.sgstFromSgst, undefined]],
      ['Cess', 'cess', [undefined, undefined, undefined, itc.cessFromCess]],
    ];
    for (const [name, key, paid] of heads) {
      const pay = p.payable[key];
      const cash = p.paidInCash[key];
      g.push([
        { value: `${p.transactionType} ${p.description}`.trim() },
        { value: name },
        a(pay.tax),
        a(pay.interest),
        a(pay.fee),
        ...paid.map(a),
        a(cash.tax),
        a(cash.interest),
        a(cash.fee),
      ]);
      rows++;
    }
  }
  const sheet = await writer.addGrid('GSTR-3B', g, { widths: [24, 70, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16] });
  await writer.addGrid(
    'Header',
    [
      [{ value: 'GSTR-3B export', style: 'title' }],
      [{ value: 'GSTIN', style: 'bold' }, { value: ret.gstin }],
      [{ value: 'Period', style: 'bold' }, { value: ret.period }],
      [
        { value: 'Due date (monthly)', style: 'bold' },
        { value: gstr3bDueDate(ret.period), style: 'date' },
      ],
      [
        { value: 'Time-barred', style: 'bold' },
        {
          value: isGstr3bTimeBarred(ret.period, meta.generatedAt)
            ? 'yes: more than three years past the due date, the portal no longer accepts this return'
            : 'no',
        },
      ],
      [
        { value: 'Pulled at (IST)', style: 'bold' },
        { value: meta.pulledAt ? new Date(meta.pulledAt) : undefined, style: 'datetime' },
      ],
      [
        { value: 'Generated at (IST)', style: 'bold' },
        { value: meta.generatedAt, style: 'datetime' },
      ],
    ],
    { widths: [18, 40], first: true },
  );
  await writer.finish();
  return { rows, sheets: ['Header', sheet] };
}
