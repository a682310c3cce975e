/**
 * A purpose-built streaming .xlsx writer: sheet XML is built as strings with inline strings and
 * deflated straight into the zip as rows arrive, so memory stays flat whatever the row count.
 * Tables get a frozen header row, an autofilter and column widths; amounts, dates and integers get
 * number formats. A table that passes the sheet row limit continues on a further sheet.
 * @module
 */
import { ZipWriter, MAX_ENTRY_BYTES, type ByteSink, type EntryWriter } from './zip.js';

/** Excel's row limit per sheet. */
export const EXCEL_MAX_ROWS = 1_048_576;

/** How a column's values are written and shown. */
export type ColumnKind = 'text' | 'amount' | 'date' | 'datetime' | 'integer' | 'rate';

export interface Column {
  header: string;
  kind: ColumnKind;
  /** Width in characters. */
  width?: number;
}

export type CellValue = string | number | Date | null | undefined;

/** Styles of free-layout cells. */
export type CellStyle = 'plain' | 'header' | 'title' | 'amount' | 'date' | 'datetime' | 'integer' | 'rate' | 'bold' | 'link' | 'amount-link';

export interface GridCell {
  value: CellValue;
  style?: CellStyle;
  /**
   * A place in the workbook the cell links to, as `'Sheet name'!A1` (see {@link sheetLocation}); a free-layout
   * sheet writes it as an internal hyperlink, so a click on the cell opens that place.
   */
  link?: string;
}

const STYLE_ID: Record<CellStyle | ColumnKind, number> = {
  plain: 0,
  text: 0,
  header: 1,
  amount: 2,
  date: 3,
  integer: 4,
  rate: 5,
  datetime: 6,
  title: 7,
  bold: 8,
  link: 9,
  'amount-link': 10,
};

/** Number formats: Indian digit grouping for amounts, day-first dates. */
export const NUMBER_FORMATS = {
  amount: '#,##,##0.00',
  date: 'dd-mm-yyyy',
  datetime: 'dd-mm-yyyy hh:mm:ss',
} as const;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const FLUSH_CHARS = 1 << 18;
/** Start a further sheet before an entry gets near the 4 GB zip limit. */
const SHEET_BYTE_CAP = Math.min(MAX_ENTRY_BYTES, 3_500_000_000);

const ESCAPE_TEST = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const ESCAPE_ALL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for XML, dropping characters XML cannot hold. */
export function escapeXml(s: string): string {
  if (!ESCAPE_TEST.test(s)) return s;
  return s.replace(ESCAPE_ALL, (ch) => ESCAPES[ch] ?? '');
}

/** The location of a cell of a sheet as an internal hyperlink names it: `'3.1 (a)'!A1`. */
export function sheetLocation(sheet: string, cell = 'A1'): string {
  return `'${sheet.replace(/'/g, "''")}'!${cell}`;
}

/** Column letters of a 0-based index (0 → A, 26 → AA). */
export function columnLetter(i: number): string {
  let s = '';
  let n = i + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const DAY_MS = 86_400_000;
/** India Standard Time's offset from UTC, in days. */
const IST_OFFSET_DAYS = 5.5 / 24;
/** Excel serial of a date: days since 1899-12-30 (UTC calendar), with the time of day as a fraction. */
export function excelSerial(d: Date): number {
  return d.getTime() / DAY_MS + 25569;
}

function inlineString(ref: string, style: number, text: string): string {
  const t = escapeXml(text);
  const sp = t.length > 0 && (t.charCodeAt(0) <= 32 || t.charCodeAt(t.length - 1) <= 32) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t${sp}>${t}</t></is></c>`;
}

/** One cell of any type with a given style id; empty string for empty values. */
function anyCell(ref: string, value: CellValue, style: number): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>` : '';
  }
  if (value instanceof Date) {
    const t = value.getTime();
    if (Number.isNaN(t)) return '';
    // A date-time cell is an instant (generated, pulled): written as the clock in India reads it, since Excel
    // keeps no zone. IST is UTC+05:30 all year. A date cell is a calendar day and is written as it is.
    const serial = style === 6 ? excelSerial(value) + IST_OFFSET_DAYS : excelSerial(value);
    return `<c r="${ref}" s="${style === 6 ? 6 : 3}"><v>${serial}</v></c>`;
  }
  return inlineString(ref, style === 2 || style === 3 || style === 4 || style === 5 || style === 6 ? 0 : style, String(value));
}

interface SheetRecord {
  name: string;
  file: string;
  first: boolean;
  filterRef?: string;
  /** Rows printed at the top of every page (the table's header): 0 for none. */
  titleRows: number;
}

/**
 * Print setup of every sheet: A4 landscape, all columns on the page width (as many pages down as the rows
 * need), narrow margins, and the sheet name and "Page n of N" in the footer. A GSTR table is wide (20 or more
 * columns); printed as Excel's default (portrait, 100 %), its columns fall on separate pages.
 */
const PRINT_SETUP =
  '<pageMargins left="0.4" right="0.4" top="0.5" bottom="0.6" header="0.3" footer="0.3"/>' +
  '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>' +
  '<headerFooter><oddFooter>&amp;L&amp;A&amp;RPage &amp;P of &amp;N</oddFooter></headerFooter>';

/** Height of a table's header row in points: two lines of the wrapped header text. */
export const HEADER_ROW_HEIGHT = 30;

export interface TableResult {
  /** Names of the sheets the table used (more than one when it passed the row limit). */
  sheets: string[];
  /** Data rows written (header rows not counted). */
  rows: number;
}

export interface XlsxWriterOptions {
  /** Rows per sheet including the header row; lower it to test continuation sheets. */
  maxRowsPerSheet?: number;
  /** Deflate level, 1 (fast, default) to 9. */
  level?: number;
  /** Creation time stamped into the file. */
  created?: Date;
  /** Called after every flushed block with the data rows written so far. */
  onRows?: (rows: number) => void;
}

/** Streams an .xlsx workbook into a {@link ByteSink}. */
export class XlsxStreamWriter {
  private readonly zip: ZipWriter;
  private readonly sheets: SheetRecord[] = [];
  private readonly names = new Set<string>();
  private readonly maxRows: number;
  private readonly created: Date;

  constructor(
    sink: ByteSink,
    private readonly options: XlsxWriterOptions = {},
  ) {
    this.maxRows = Math.max(2, Math.min(options.maxRowsPerSheet ?? EXCEL_MAX_ROWS, EXCEL_MAX_ROWS));
    this.created = options.created ?? new Date();
    this.zip = new ZipWriter(sink, { level: options.level ?? 1, date: this.created });
  }

  private sheetName(wanted: string): string {
    const base = wanted.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
    let name = base;
    for (let i = 2; this.names.has(name.toLowerCase()); i++) name = `${base.slice(0, 31 - ` (${i})`.length)} (${i})`;
    this.names.add(name.toLowerCase());
    return name;
  }

  private sheetHead(columns: Array<{ width?: number }>, frozenRows: number): string {
    const selected = this.sheets.length === 0 ? ' tabSelected="1"' : '';
    const pane =
      frozenRows > 0
        ? `<pane ySplit="${frozenRows}" topLeftCell="A${frozenRows + 1}" activePane="bottomLeft" state="frozen"/>` +
          `<selection pane="bottomLeft" activeCell="A${frozenRows + 1}" sqref="A${frozenRows + 1}"/>`
        : '';
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 12}" customWidth="1"/>`).join('');
    return (
      XML_HEAD +
      `<worksheet xmlns="${NS}" xmlns:r="${NS_R}">` +
      // fitToPage makes the pageSetup's fitToWidth count; without it Excel prints at the scale.
      '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' +
      `<sheetViews><sheetView workbookViewId="0"${selected}>${pane}</sheetView></sheetViews>` +
      `<sheetFormatPr defaultRowHeight="15"/>` +
      (cols ? `<cols>${cols}</cols>` : '') +
      '<sheetData>'
    );
  }

  private async openSheet(name: string, first: boolean, titleRows: number): Promise<{ record: SheetRecord; entry: EntryWriter }> {
    const record: SheetRecord = { name: this.sheetName(name), file: `sheet${this.sheets.length + 1}.xml`, first, titleRows };
    this.sheets.push(record);
    const entry = await this.zip.openEntry(`xl/worksheets/${record.file}`);
    return { record, entry };
  }

  /**
   * Writes a table: one header row, then the rows (arrays in column order). Values are written by the
   * column's kind; a value of another type is still written faithfully. Returns the sheets used.
   */
  async addTable(
    name: string,
    columns: Column[],
    rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]>,
    options: { continuationName?: (n: number) => string } = {},
  ): Promise<TableResult> {
    const n = columns.length;
    const letters = columns.map((_, i) => columnLetter(i));
    const kinds = columns.map((c) => c.kind);
    const styles = columns.map((c) => STYLE_ID[c.kind]);
    const lastCol = letters[n - 1] ?? 'A';
    const headerRow =
      `<row r="1" ht="${HEADER_ROW_HEIGHT}" customHeight="1">` + columns.map((c, i) => inlineString(`${letters[i]}1`, 1, c.header)).join('') + '</row>';
    const used: string[] = [];
    let total = 0;
    let part = 1;
    let { record, entry } = await this.openSheet(name, false, 1);
    used.push(record.name);
    let buf = this.sheetHead(columns, 1) + headerRow;
    let r = 1;

    const closeSheet = async (): Promise<void> => {
      record.filterRef = `A1:${lastCol}${r}`;
      buf += '</sheetData>' + `<autoFilter ref="${record.filterRef}"/>` + PRINT_SETUP + '</worksheet>';
      const p = entry.write(buf);
      if (p) await p;
      buf = '';
      await entry.close();
    };

    for await (const row of rows as AsyncIterable<CellValue[]>) {
      if (r >= this.maxRows || entry.size + buf.length * 3 > SHEET_BYTE_CAP) {
        await closeSheet();
        part++;
        const next = options.continuationName ? options.continuationName(part) : `${name} (${part})`;
        ({ record, entry } = await this.openSheet(next, false, 1));
        used.push(record.name);
        buf = this.sheetHead(columns, 1) + headerRow;
        r = 1;
      }
      r++;
      let s = `<row r="${r}">`;
      for (let c = 0; c < n; c++) {
        const v = row[c];
        if (v === null || v === undefined || v === '') continue;
        const kind = kinds[c];
        if (kind === 'text' && typeof v === 'string') {
          s += inlineString(letters[c]! + r, 0, v);
        } else if (typeof v === 'number' && kind !== 'text' && kind !== 'date' && kind !== 'datetime') {
          if (Number.isFinite(v)) s += `<c r="${letters[c]}${r}" s="${styles[c]}"><v>${v}</v></c>`;
        } else {
          s += anyCell(letters[c]! + r, v, styles[c]!);
        }
      }
      buf += s + '</row>';
      total++;
      if (buf.length > FLUSH_CHARS) {
        const p = entry.write(buf);
        buf = '';
        if (p) await p;
        this.options.onRows?.(total);
      }
    }
    await closeSheet();
    this.options.onRows?.(total);
    return { sheets: used, rows: total };
  }

  /**
   * Writes a free-layout sheet (a header sheet, a form laid out as tables): rows of cells with styles.
   * `first` puts it first among the workbook's tabs whatever the order of writing.
   */
  async addGrid(name: string, rows: GridCell[][], options: { widths?: number[]; first?: boolean; frozenRows?: number } = {}): Promise<string> {
    const { record, entry } = await this.openSheet(name, options.first ?? false, options.frozenRows ?? 0);
    let buf = this.sheetHead(
      (options.widths ?? []).map((width) => ({ width })),
      options.frozenRows ?? 0,
    );
    const links: string[] = [];
    rows.forEach((row, i) => {
      const r = i + 1;
      let s = `<row r="${r}">`;
      row.forEach((cell, c) => {
        const ref = columnLetter(c) + r;
        s += anyCell(ref, cell.value, STYLE_ID[cell.style ?? 'plain']);
        // Internal links need no relationship part: the location names the sheet and cell.
        if (cell.link) links.push(`<hyperlink ref="${ref}" location="${escapeXml(cell.link)}" display="${escapeXml(String(cell.value ?? ''))}"/>`);
      });
      buf += s + '</row>';
    });
    buf += `</sheetData>${links.length ? `<hyperlinks>${links.join('')}</hyperlinks>` : ''}${PRINT_SETUP}</worksheet>`;
    const p = entry.write(buf);
    if (p) await p;
    await entry.close();
    return record.name;
  }

  /** Writes the workbook parts and the zip directory. */
  async finish(): Promise<void> {
    const ordered = [...this.sheets.filter((s) => s.first), ...this.sheets.filter((s) => !s.first)];
    const sheetsXml = ordered.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
    const defined = ordered
      .map((s, i) => {
        const quoted = `'${escapeXml(s.name.replace(/'/g, "''"))}'`;
        const filter = s.filterRef
          ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${quoted}!${absolute(s.filterRef)}</definedName>`
          : '';
        // The header rows repeat at the top of every printed page.
        const titles = s.titleRows > 0 ? `<definedName name="_xlnm.Print_Titles" localSheetId="${i}">${quoted}!$1:$${s.titleRows}</definedName>` : '';
        return filter + titles;
      })
      .join('');
    const workbook =
      XML_HEAD +
      `<workbook xmlns="${NS}" xmlns:r="${NS_R}"><bookViews><workbookView activeTab="0"/></bookViews>` +
      `<sheets>${sheetsXml}</sheets>` +
      (defined ? `<definedNames>${defined}</definedNames>` : '') +
      '</workbook>';
    const rels =
      XML_HEAD +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      ordered.map((s, i) => `<Relationship Id="rId${i + 1}" Type="${NS_R}/worksheet" Target="worksheets/${s.file}"/>`).join('') +
      `<Relationship Id="rId${ordered.length + 1}" Type="${NS_R}/styles" Target="styles.xml"/>` +
      '</Relationships>';
    const types =
      XML_HEAD +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      this.sheets
        .map((s) => `<Override PartName="/xl/worksheets/${s.file}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
        .join('') +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
      '</Types>';
    const rootRels =
      XML_HEAD +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="${NS_R}/officeDocument" Target="xl/workbook.xml"/>` +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
      '</Relationships>';
    const stamp = this.created.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const core =
      XML_HEAD +
      '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
      'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      '<dc:creator>gstkit</dc:creator>' +
      `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created>` +
      `<dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>` +
      '</cp:coreProperties>';
    await this.zip.addFile('xl/workbook.xml', workbook);
    await this.zip.addFile('xl/_rels/workbook.xml.rels', rels);
    await this.zip.addFile('xl/styles.xml', STYLES);
    await this.zip.addFile('docProps/core.xml', core);
    await this.zip.addFile('_rels/.rels', rootRels);
    await this.zip.addFile('[Content_Types].xml', types);
    await this.zip.finish();
  }
}

function absolute(ref: string): string {
  return ref
    .split(':')
    .map((p) => p.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2'))
    .join(':');
}

const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const STYLES =
  XML_HEAD +
  `<styleSheet xmlns="${NS}">` +
  '<numFmts count="3">' +
  `<numFmt numFmtId="164" formatCode="${NUMBER_FORMATS.amount}"/>` +
  `<numFmt numFmtId="165" formatCode="${NUMBER_FORMATS.date}"/>` +
  `<numFmt numFmtId="166" formatCode="${NUMBER_FORMATS.datetime}"/>` +
  '</numFmts>' +
  `<fonts count="4"><font>${FONT}</font><font><b/>${FONT}</font>` +
  '<font><b/><sz val="13"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><u/><sz val="11"/><color rgb="FF0563C1"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
  '<fill><patternFill patternType="solid"><fgColor rgb="FFDDEBF7"/><bgColor indexed="64"/></patternFill></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="11">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="3" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="3" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
