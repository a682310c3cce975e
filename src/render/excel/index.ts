/**
 * `gstkit/render/excel`: the streaming xlsx writer and the zip writer under it. The GSTR workbooks'
 * layouts live with their feature (`gstkit/gstr`), the reconciliation's with it (`gstkit/reconcile`).
 * @module
 */
export {
  XlsxStreamWriter,
  EXCEL_MAX_ROWS,
  NUMBER_FORMATS,
  columnLetter,
  excelSerial,
  escapeXml,
  sheetLocation,
  type CellValue,
  type CellStyle,
  type Column,
  type ColumnKind,
  type GridCell,
  type TableResult,
  type XlsxWriterOptions,
} from './xlsx-writer.js';
export { ZipWriter, crc32, memorySink, streamSink, type ByteSink, type EntryWriter } from './zip.js';
