import { describe, expect, it } from 'vitest';
import { EXCEL_MAX_ROWS, XlsxStreamWriter, type Column } from '../../src/render/excel/xlsx-writer.js';
import { crc32, memorySink, type ByteSink } from '../../src/render/excel/zip.js';
import { libreofficeCsv, readWorkbook, soffice } from '../gstr/helpers.js';

const COLS: Column[] = [
  { header: 'Text', kind: 'text', width: 20 },
  { header: 'Amount', kind: 'amount' },
  { header: 'Date', kind: 'date' },
  { header: 'Count', kind: 'integer' },
];

function* rows(n: number) {
  for (let i = 0; i < n; i++) yield [` lead & <${i}> "q"\u0001`, i + 0.25, new Date(Date.UTC(2024, 0, 1 + (i % 300))), i];
}

describe('streaming xlsx writer', () => {
  it('continues a table on a further sheet past the row limit (lowered limit)', async () => {
    const sink = memorySink();
    const w = new XlsxStreamWriter(sink, { maxRowsPerSheet: 1000 });
    const res = await w.addTable('Data', COLS, rows(2500));
    await w.finish();
    expect(res).toEqual({ sheets: ['Data', 'Data (2)', 'Data (3)'], rows: 2500 });
    const sheets = await readWorkbook(sink.bytes());
    expect(sheets.map((s) => [s.name, s.rows.length])).toEqual([
      ['Data', 1000],
      ['Data (2)', 1000],
      ['Data (3)', 503],
    ]);
    expect(sheets[1]!.rows[0]).toEqual(['Text', 'Amount', 'Date', 'Count']);
    expect(sheets[1]!.rows[1]).toEqual([' lead & <999> "q"', 999.25, new Date(Date.UTC(2024, 0, 1 + (999 % 300))), 999]);
  });

  it('writes frozen header, autofilter, widths and Indian amount formats that a reader sees', async () => {
    const sink = memorySink();
    const w = new XlsxStreamWriter(sink);
    await w.addTable('Data', COLS, rows(10));
    await w.finish();
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(sink.bytes()) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Data')!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:D11');
    expect(ws.getColumn(1).width).toBe(20);
    expect(ws.getCell('B2').numFmt).toBe('#,##,##0.00');
    expect(ws.getCell('C2').numFmt).toBe('dd-mm-yyyy');
  });

  it('computes CRC-32 as the zip format wants', () => {
    expect(crc32(Buffer.from('123456789')).toString(16)).toBe('cbf43926');
  });

  it.skipIf(!soffice)('LibreOffice opens a split workbook without repair', async () => {
    const sink = memorySink();
    const w = new XlsxStreamWriter(sink, { maxRowsPerSheet: 300 });
    await w.addTable('Data', COLS, rows(500));
    await w.finish();
    const csv = libreofficeCsv(sink.bytes());
    expect(csv.map((s) => s.length).sort()).toEqual([202, 300]);
    expect(csv.find((s) => s.length === 300)![1]).toContain('lead & <0>');
  });

  it('splits at the real limit: a header and 1,048,576 data rows (1,048,577 rows) need two sheets, one less fits', async () => {
    const write = async (n: number) => {
      let bytes = 0;
      const sink: ByteSink = { write: (c) => void (bytes += c.length) };
      const w = new XlsxStreamWriter(sink);
      const one = [1];
      function* cheap() {
        for (let i = 0; i < n; i++) yield one;
      }
      const res = await w.addTable('Data', [{ header: 'n', kind: 'integer' }], cheap());
      await w.finish();
      expect(bytes).toBeGreaterThan(0);
      return res;
    };
    expect(await write(EXCEL_MAX_ROWS)).toEqual({ rows: EXCEL_MAX_ROWS, sheets: ['Data', 'Data (2)'] });
    expect(await write(EXCEL_MAX_ROWS - 1)).toEqual({ rows: EXCEL_MAX_ROWS - 1, sheets: ['Data'] });
  }, 180_000);
});
