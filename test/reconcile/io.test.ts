import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readPurchaseCsv, reconcile, writeReconcileReport } from '../../src/reconcile/index.js';
import { readGstr2b } from '../../src/gstr/index.js';
import { memorySink } from '../../src/render/excel/zip.js';
import { readWorkbook } from '../gstr/helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CSV = 'docs/examples/reconcile/purchases.csv';
const B2B = 'docs/examples/reconcile/gstr2b-112025.json';

function gstkit(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('purchase register CSV', () => {
  it('reads the required columns, Indian-grouped amounts in quotes, and keeps the other columns', () => {
    const res = readPurchaseCsv(fs.readFileSync(path.join(root, CSV)));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value.rows).toHaveLength(7);
    expect(res.value.rows[1]).toMatchObject({ docNo: 'bs-0043', taxable: 5000, igst: 900.4, extra: { voucher: 'PV-1002', ledger: 'Steel' }, ref: 'line 3' });
    expect(res.value.rows[2]!.docType).toBe('CRN');
  });

  it('refuses with coded errors naming the line and column, and warns on a malformed GSTIN', () => {
    expect(readPurchaseCsv('supplier_gstin,doc_no\n')).toMatchObject({ ok: false, errors: [{ code: 'SVC-610' }] });
    const bad = readPurchaseCsv(
      'supplier_gstin,doc_type,doc_no,doc_date,taxable_value,igst,cgst,sgst,cess\n' +
        '29AAACB2894G1ZJ,BILL,1,31/02/2025,ten,0,0,0,0\n' +
        '29AAACB2894G1ZJ,INV,,01/02/2025,1,0,0,0,0\n',
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.map((e) => [e.code, e.path])).toEqual([
      ['SVC-611', '/rows/2/doc_type'],
      ['SVC-612', '/rows/2/doc_date'],
      ['SVC-613', '/rows/2/taxable_value'],
      ['SVC-615', '/rows/3/doc_no'],
    ]);
    const warned = readPurchaseCsv('supplier_gstin,doc_type,doc_no,doc_date,taxable_value,igst,cgst,sgst,cess\nUNREGISTERED,INV,1,01/02/2025,1,0,0,0,0\n');
    expect(warned.ok && warned.value.warnings.map((w) => w.code)).toEqual(['SVC-614']);
  });
});

describe('reconciliation report and command', () => {
  it('writes a summary by supplier, then the detail with the extra columns', async () => {
    const csv = readPurchaseCsv(fs.readFileSync(path.join(root, CSV)));
    const b2b = readGstr2b(fs.readFileSync(path.join(root, B2B)));
    if (!csv.ok || !b2b.ok) throw new Error('fixtures unreadable');
    const result = reconcile(csv.value.rows, [b2b.value]);
    const sink = memorySink();
    const out = await writeReconcileReport(sink, result, { generatedAt: new Date('2025-12-15T00:00:00Z') });
    expect(out.sheets).toEqual(['Summary by supplier', 'Detail']);
    const [summary, detail] = await readWorkbook(sink.bytes());
    const sHead = summary!.rows[0] as string[];
    const steel = summary!.rows.find((r) => r?.[0] === '29AAACB2894G1ZJ')!;
    expect(steel[sHead.indexOf('Supplier name')]).toBe('Bharat Steel');
    expect(
      [1, 2, 3, 4, 5].map((i) => steel[sHead.indexOf(['', 'Matched', 'Matched with tolerance', 'Mismatch', 'Missing in 2B', 'Missing in books'][i]!)]),
    ).toEqual([2, 1, 1, 0, 1]);
    const dHead = detail!.rows[0] as string[];
    expect(detail!.rows.length - 1).toBe(result.rows.length);
    const mismatch = detail!.rows.find((r) => r?.[dHead.indexOf('Status')] === 'mismatch')!;
    expect(mismatch[dHead.indexOf('Diff taxable')]).toBe(-1000);
    expect(mismatch[dHead.indexOf('voucher')]).toBe('PV-1003');
    expect(mismatch[dHead.indexOf('Suggested IMS action')]).toBe('pending');
  });

  it('gstkit reconcile --json prints {rows} with the status and both document numbers; --out writes the workbook', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gstkit-rec-'));
    const book = path.join(dir, 'report.xlsx');
    const run = gstkit(['reconcile', CSV, B2B, '--json', '--out', book]);
    expect(run.code).toBe(0);
    const { rows } = JSON.parse(run.stdout) as { rows: Array<Record<string, unknown>> };
    expect(rows.map((r) => [r.status, r.purchaseDocNo, r.gstr2bDocNo])).toEqual([
      ['matched', 'E-9', 'E/9'],
      ['missing-in-2b', 'GJ/9', null],
      ['matched-with-tolerance', 'MH-118', 'MH-118'],
      ['matched-with-tolerance', 'bs-0043', 'BS/25-26/0043'],
      ['matched', 'BS/25-26/0042', 'BS/25-26/0042'],
      ['mismatch', 'BS/25-26/0044', 'BS/25-26/0044'],
      ['missing-in-books', null, 'BS/25-26/0045'],
      ['matched', 'CN-7', 'CN-7'],
    ]);
    expect(fs.readFileSync(book).subarray(0, 2).toString()).toBe('PK');
    fs.rmSync(dir, { recursive: true, force: true });
    const summary = gstkit(['reconcile', CSV, B2B, '--tolerance', '0.1']);
    expect(summary.code).toBe(0);
    expect(summary.stdout).toContain('mismatch: 2');
  });

  it('exits 1 naming the problem when an input cannot be read, 2 on misuse', () => {
    const bad = gstkit(['reconcile', CSV, 'package.json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('SVC-607');
    expect(gstkit(['reconcile', CSV]).code).toBe(2);
    expect(gstkit(['reconcile', CSV, B2B, '--tolerance', '-1']).code).toBe(2);
  });
});
