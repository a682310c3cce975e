/** `gstkit gstr3b` on a month of sandbox data written to files: the save JSON, the workbook, and misuse. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeGstr3b, readImsActions, readSalesRegisterCsv, SUMMARY_SHEET, toGstr3bSaveJson } from '../../src/gstr3b/index.js';
import { readPurchaseCsv, reconcile } from '../../src/reconcile/index.js';
import { FP, makeMonth, SELLER, type Month } from './month.js';
import { sheetLinks } from './read-xlsx.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const gstkit = (args: string[]) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};

let dir: string;
let m: Month;
const file = (name: string): string => path.join(dir, name);
const csv = (rows: Array<Array<string | number | undefined>>): string =>
  rows.map((r) => r.map((v) => (v === undefined ? '' : String(v))).join(',')).join('\n') + '\n';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gstkit-3b-cli-'));
  m = await makeMonth();
  fs.writeFileSync(file('sales.json'), JSON.stringify(m.sales));
  fs.writeFileSync(file('gstr2b.json'), JSON.stringify(m.gstr2bJson));
  fs.writeFileSync(
    file('ims.json'),
    JSON.stringify({ invdata: { b2b: m.ims.map((a) => ({ stin: a.supplierGstin, inum: a.number, action: a.action === 'reject' ? 'R' : 'P' })) } }),
  );
  fs.writeFileSync(
    file('register.csv'),
    csv([
      ['doc_type', 'doc_no', 'doc_date', 'nature', 'buyer_gstin', 'buyer_type', 'pos', 'taxable_value', 'igst', 'cgst', 'sgst', 'cess'],
      ...m.register.map((r) => [r.docType ?? 'INV', r.docNo, r.docDate, r.nature, r.buyerGstin, r.buyerType, r.pos, r.taxable, r.igst, r.cgst, r.sgst, r.cess]),
    ]),
  );
  const dmy = (d: Date | string): string =>
    typeof d === 'string' ? d : `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  fs.writeFileSync(
    file('purchases.csv'),
    csv([
      ['supplier_gstin', 'doc_type', 'doc_no', 'doc_date', 'taxable_value', 'igst', 'cgst', 'sgst', 'cess', 'nature', 'itc_blocked'],
      ...m.purchases
        .filter((r) => r.supplierGstin !== '')
        .map((r) => [
          r.supplierGstin,
          r.docType,
          r.docNo,
          dmy(r.docDate),
          r.taxable,
          r.igst,
          r.cgst,
          r.sgst,
          r.cess,
          r.extra?.['nature'],
          r.extra?.['itc_blocked'],
        ]),
    ]),
  );
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('gstkit gstr3b', () => {
  it('prints the save JSON with --json, the same as the library computes from the same files, and writes the workbook', () => {
    const args = [
      'gstr3b',
      '--gstin',
      SELLER,
      '--period',
      FP,
      '--sales',
      file('sales.json'),
      '--sales-register',
      file('register.csv'),
      '--gstr2b',
      file('gstr2b.json'),
    ];
    const more = ['--ims', file('ims.json'), '--purchases', file('purchases.csv'), '--out', file('3b.xlsx')];
    const run = gstkit([...args, ...more, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout);

    const register = readSalesRegisterCsv(fs.readFileSync(file('register.csv'), 'utf8'));
    const purchases = readPurchaseCsv(fs.readFileSync(file('purchases.csv'), 'utf8'));
    if (!register.ok || !purchases.ok) throw new Error('the files written do not read back');
    const lib = computeGstr3b({
      gstin: SELLER,
      period: FP,
      sales: m.sales,
      salesRegister: register.value.rows,
      gstr2b: m.gstr2b,
      ims: readImsActions(JSON.parse(fs.readFileSync(file('ims.json'), 'utf8'))).actions,
      purchases: purchases.value.rows,
      reconciliation: reconcile(purchases.value.rows, [m.gstr2b]),
    });
    expect(printed).toEqual(toGstr3bSaveJson(lib));
    expect(printed.sup_details.osup_det.txval).toBeGreaterThan(0);
    expect(printed.itc_elg.itc_avl.find((r: { ty: string }) => r.ty === 'IMPS').iamt).toBe(18000);
    expect(sheetLinks(fs.readFileSync(file('3b.xlsx'))).get(SUMMARY_SHEET)?.size).toBeGreaterThan(50);

    const plain = gstkit(args);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^3\.1\(a\) +Taxable value [\d.]+, IGST/m);
    expect(plain.stdout).toContain('held back from table 4');
  });

  it('exits 1 on an unreadable input and 2 on misuse', () => {
    fs.writeFileSync(file('bad.csv'), 'doc_no,doc_date\nX,01/10/2026\n');
    const bad = gstkit([
      'gstr3b',
      '--gstin',
      SELLER,
      '--period',
      FP,
      '--sales',
      file('sales.json'),
      '--gstr2b',
      file('gstr2b.json'),
      '--sales-register',
      file('bad.csv'),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('SVC-674');
    expect(gstkit(['gstr3b', '--gstin', SELLER, '--period', FP, '--sales', file('sales.json')]).code).toBe(2);
    expect(gstkit(['gstr3b', '--gstin', SELLER, '--period', FP, '--sales', file('gstr2b.json'), '--gstr2b', file('gstr2b.json')]).code).toBe(2);
  });
});
