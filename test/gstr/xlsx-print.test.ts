/**
 * The workbooks print as a user expects a GSTR report to print: A4 landscape, every column on the page width,
 * the header row repeated at the top of each page, and a header row tall enough for wrapped headings. Read
 * back by two other readers: exceljs (the page setup as a spreadsheet program sees it) and LibreOffice,
 * which prints the workbook to PDF.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { HEADER_ROW_HEIGHT, XlsxStreamWriter, type Column } from '../../src/render/excel/xlsx-writer.js';
import { memorySink } from '../../src/render/excel/zip.js';
import { soffice } from './helpers.js';

/** Sixteen columns: wider than a portrait page, as a GSTR-2B B2B sheet is. */
const COLS: Column[] = [
  { header: 'Supplier GSTIN', kind: 'text', width: 18 },
  { header: 'Invoice Number', kind: 'text', width: 16 },
  { header: 'Invoice Date', kind: 'date' },
  ...Array.from({ length: 12 }, (_, i): Column => ({ header: `Head ${i + 1}`, kind: 'amount' })),
  { header: 'Last Column', kind: 'amount' },
];

function* rows(n: number) {
  for (let i = 0; i < n; i++)
    yield [`27AAPFU0939F1Z${i % 10}`, `INV-${i}`, new Date(Date.UTC(2026, 9, 1 + (i % 28))), ...Array.from({ length: 13 }, (_, k) => i * 10 + k)];
}

async function workbook(n: number, maxRowsPerSheet?: number): Promise<Uint8Array> {
  const sink = memorySink();
  const w = new XlsxStreamWriter(sink, maxRowsPerSheet ? { maxRowsPerSheet } : {});
  await w.addTable('B2B', COLS, rows(n));
  await w.addGrid('Header', [[{ value: 'GSTIN', style: 'bold' }, { value: '27AAPFU0939F1ZV' }]], { widths: [18, 30], first: true });
  await w.finish();
  return sink.bytes();
}

const unzip = spawnSync('which', ['unzip']).status === 0;
const poppler = spawnSync('which', ['pdfinfo']).status === 0 && spawnSync('which', ['pdftotext']).status === 0;

describe('the workbooks print well', () => {
  it('exceljs reads back landscape A4, fit to width, the header row as print titles and its height, on continuation sheets too', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await workbook(30, 20)) as unknown as ArrayBuffer);
    for (const name of ['B2B', 'B2B (2)']) {
      const ws = wb.getWorksheet(name)!;
      expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
      expect(ws.pageSetup.printTitlesRow).toBe('1:1');
      expect(ws.getRow(1).height).toBe(HEADER_ROW_HEIGHT);
      expect(ws.headerFooter.oddFooter).toContain('&P of &N');
    }
    expect(wb.getWorksheet('Header')!.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1 });
    expect(wb.getWorksheet('Header')!.pageSetup.printTitlesRow).toBeUndefined();
  });

  it.skipIf(!unzip)('the sheet XML itself, read with unzip, carries the page setup and the workbook the print titles', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gstkit-print-'));
    const file = path.join(dir, 'book.xlsx');
    fs.writeFileSync(file, await workbook(30));
    const part = (name: string): string => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' });
    const sheet = part('xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<pageSetUpPr fitToPage="1"/>');
    expect(sheet).toMatch(/<pageSetup [^>]*orientation="landscape"[^>]*fitToWidth="1"[^>]*fitToHeight="0"/);
    expect(sheet).toContain(`<row r="1" ht="${HEADER_ROW_HEIGHT}" customHeight="1">`);
    // The schema's order: pageSetup after autoFilter and pageMargins, or Excel calls the file damaged.
    expect(sheet.indexOf('<autoFilter')).toBeLessThan(sheet.indexOf('<pageMargins'));
    expect(sheet.indexOf('<pageMargins')).toBeLessThan(sheet.indexOf('<pageSetup'));
    expect(part('xl/workbook.xml')).toContain(`<definedName name="_xlnm.Print_Titles" localSheetId="1">'B2B'!$1:$1</definedName>`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!soffice || !poppler)(
    'LibreOffice prints the table landscape, every column on each page, the header row on top of each',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gstkit-print-'));
      const file = path.join(dir, 'book.xlsx');
      fs.writeFileSync(file, await workbook(300));
      execFileSync(soffice!, [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, file], {
        stdio: 'pipe',
        timeout: 120_000,
      });
      const pdf = path.join(dir, 'book.pdf');
      const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
      const [w, h] = (/Page size:\s+([\d.]+) x ([\d.]+)/.exec(info) ?? []).slice(1).map(Number);
      expect(Math.round(w!)).toBe(842); // A4 landscape: 842 x 595 points
      expect(Math.round(h!)).toBe(595);
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      const tablePages = text.split('\f').filter((page) => page.includes('INV-'));
      expect(tablePages.length).toBeGreaterThan(2);
      for (const page of tablePages) {
        expect(page).toContain('Supplier GSTIN'); // the header row, repeated
        expect(page).toContain('Last Column'); // the sixteenth column fits the page width
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    180_000,
  );
});
