/**
 * `gstkit/render/excel`: GSTR workbooks and the streaming xlsx writer behind them.
 * @module
 */
export {
  XlsxStreamWriter,
  EXCEL_MAX_ROWS,
  NUMBER_FORMATS,
  columnLetter,
  excelSerial,
  escapeXml,
  type CellValue,
  type CellStyle,
  type Column,
  type ColumnKind,
  type GridCell,
  type TableResult,
  type XlsxWriterOptions,
} from './xlsx-writer.js';
export { ZipWriter, crc32, memorySink, streamSink, type ByteSink, type EntryWriter } from './zip.js';
export {
  writeInwardReport,
  writeGstr3bReport,
  reportColumns,
  type InwardSource,
  type InwardReportOptions,
  type ReportResult,
  type ReportType,
} from './gstr-report.js';
