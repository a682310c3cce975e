import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Decimal } from '../../src/compute/decimal.js';

export const GSTIN_A = '27AAPFU0939F1ZV';
export const GSTIN_B = '29AAACB2894G1ZJ';

/** The LibreOffice binary, or undefined when none is installed. */
export const soffice: string | undefined = ['soffice', 'libreoffice'].find((b) => spawnSync('which', [b]).status === 0);

export interface Sheet {
  name: string;
  rows: unknown[][];
}

/** Opens a workbook with exceljs and returns every sheet's rows (values, 0-based columns). */
export async function readWorkbook(data: Uint8Array): Promise<Sheet[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const vals = (row.values as unknown[]).slice(1);
      rows[n - 1] = vals;
    });
    return { name: ws.name, rows };
  });
}

/** Converts every sheet to CSV with LibreOffice; returns sheet name → CSV text lines. */
export function libreofficeCsv(data: Uint8Array): string[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gstkit-lo-'));
  const file = path.join(dir, 'book.xlsx');
  fs.writeFileSync(file, data);
  execFileSync(
    soffice!,
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
      '--outdir',
      dir,
      file,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  const out = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

export function sum(values: Iterable<unknown>): string {
  let s = new Decimal(0);
  for (const v of values) if (typeof v === 'number') s = s.plus(v);
  return s.toFixed(2);
}

const HEADS_2A = ['txval', 'iamt', 'camt', 'samt', 'csamt|cess'];
const HEADS_2B = ['txval', 'igst', 'cgst', 'sgst', 'cess'];

/** Sums amount keys over the document part of a GSTN JSON, walking it without the readers. */
export function jsonSums(json: unknown, returnType: 'gstr2a' | 'gstr2b'): string[] {
  const keys = returnType === 'gstr2a' ? HEADS_2A : HEADS_2B;
  const sums = keys.map(() => new Decimal(0));
  const walk = (v: unknown, key: string): void => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'itcsumm' || k === 'cpsumm' || k === 'cpSummRej') continue;
        walk(x, k);
      }
    } else if (typeof v === 'number') {
      keys.forEach((names, i) => {
        if (names.split('|').includes(key)) sums[i] = sums[i]!.plus(v);
      });
    }
  };
  walk(json, '');
  return sums.map((s) => s.toFixed(2));
}
