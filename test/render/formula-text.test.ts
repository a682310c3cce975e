/**
 * Text that a spreadsheet would take for a formula (`=`, `+`, `-`, `@` first) comes from outside: a
 * purchase register's document numbers and extra columns go into the reconciliation workbook. The workbook
 * keeps them as text cells, never formulas. gstkit writes no CSV, where the same text would need neutralising
 * (OWASP's CSV injection: a leading quote); the second test notices a file that starts to.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPurchaseCsv, reconcile, writeReconcileReport } from '../../src/reconcile/index.js';
import { memorySink } from '../../src/render/excel/zip.js';
import { readWorkbook } from '../gstr/helpers.js';
import { root } from '../support/server.js';

const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+cmd|/C calc!A0', '-2+3', '@SUM(A1:A9)'];

describe('text that looks like a formula', () => {
  it('stays text in the reconciliation workbook, exactly as the purchase register has it', async () => {
    const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const csv = [
      'supplier_gstin,doc_type,doc_no,doc_date,taxable_value,igst,cgst,sgst,cess,remark',
      ...hostile.map((h, i) => `29AAACB2894G1ZJ,INV,${quote(`${h.slice(0, 1)}DOC${i}`)},01/11/2025,1000,180,0,0,0,${quote(h)}`),
    ].join('\n');
    const read = readPurchaseCsv(csv);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const sink = memorySink();
    await writeReconcileReport(sink, reconcile(read.value.rows, []), { generatedAt: new Date('2025-12-15T00:00:00Z') });
    const detail = (await readWorkbook(sink.bytes())).find((s) => s.name === 'Detail')!;
    const head = detail.rows[0] as string[];
    const remarks = detail.rows.slice(1).map((r) => r[head.indexOf('remark')]);
    // A formula would read back as {formula, result}; text reads back as the very string.
    expect(remarks.sort()).toEqual([...hostile].sort());
    const numbers = detail.rows.slice(1).map((r) => r[head.indexOf('Books number')]);
    expect(numbers.sort()).toEqual(hostile.map((h, i) => `${h.slice(0, 1)}DOC${i}`).sort());
  });

  it('goes into no CSV: the files that mention CSV only read it or name reference files', () => {
    const mentions = sourceFiles(join(root, 'src'))
      .filter((f) => /csv/i.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    // A file that writes CSV must neutralise cells beginning with =, +, - or @ (prefix a single quote), with
    // a test, before it joins this list.
    expect(mentions.sort()).toEqual(
      [
        'src/catalogue.ts', // SVC-610..613: the purchase register CSV's error codes
        'src/cli/help.ts', // gstkit reconcile <purchases.csv>
        'src/cli/reconcile.ts', // reads purchases.csv
        'src/connectors/nic/ewaybill-messages.ts', // names reference/ewb-error-codes.csv
        'src/http/gstr-jobs-routes.ts', // takes purchasesCsv in a request
        'src/jobs/catalogue/gstr2b-reconcile.ts', // the reconcile job reads the purchase register CSV
        'src/reconcile/codes.ts',
        'src/reconcile/index.ts',
        'src/reconcile/job.ts',
        'src/reconcile/purchase-csv.ts', // the reader
        'src/reconcile/csv-records.ts', // the streaming reader's record splitter
        'src/http/page.ts', // the content type of the page's example register, a file of its own making
        'src/playground/main.ts', // the page holds the purchase register CSV as text
        'src/playground/reconcile-panel.ts', // and reads it with readPurchaseCsv
        'src/reconcile/types.ts',
        'src/rules/ewaybill/transport-fields.ts',
        'src/rules/ewaybill/action-codes.ts',
        'src/cli/gstr3b.ts', // gstkit gstr3b --sales-register FILE.csv --purchases FILE.csv
        'src/gstr3b/index.ts',
        'src/gstr3b/job.ts', // the GSTR-3B job reads the registers given as CSV
        'src/gstr3b/sales-register.ts', // the sales register's reader
        'src/jobs/catalogue/gstr3b-compute.ts',
        'src/jobs/schedule/kinds.ts', // a reconcile schedule passes purchasesCsv on to its job
        'src/jobs/schedule/request.ts', // and shows its size, never its text
      ].sort(),
    );
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}
