/**
 * The GSTR-3B workbook of a month of sandbox data, opened by readers other than gstkit's writer: the links
 * read from the file's XML through a zip read of our own, the values by exceljs and by LibreOffice. Every
 * amount of the summary links to a sheet of documents whose total is that amount.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook, soffice } from '../gstr/helpers.js';
import { computeGstr3b, SUMMARY_SHEET, writeGstr3bWorkbook, type Gstr3bResult } from '../../src/gstr3b/index.js';
import { reconcile } from '../../src/reconcile/index.js';
import { memorySink } from '../../src/render/excel/zip.js';
import { COMPOSITION, FP, makeMonth, SELLER } from './month.js';
import { libreofficeSheets, sheetLinks } from './read-xlsx.js';

let result: Gstr3bResult;
let data: Uint8Array;
let drillDown: Record<string, string>;
const AMOUNT_COLUMNS = ['D', 'E', 'F', 'G', 'H', 'I', 'J'];

beforeAll(async () => {
  const m = await makeMonth();
  result = computeGstr3b({
    gstin: SELLER,
    period: FP,
    sales: m.sales,
    salesRegister: m.register,
    gstr2b: m.gstr2b,
    earlierGstr2b: [m.earlier],
    ims: m.ims,
    purchases: m.purchases,
    reconciliation: reconcile(m.purchases, [m.gstr2b]),
    compositionBuyers: [COMPOSITION],
  });
  const sink = memorySink();
  ({ drillDown } = await writeGstr3bWorkbook(sink, result, { generatedAt: new Date('2026-11-05T06:00:00Z') }));
  data = sink.bytes();
}, 120_000);

describe('the GSTR-3B drill-down workbook', () => {
  it('links every amount of the summary to the sheet of its cell (links read from the XML)', async () => {
    const links = sheetLinks(data);
    const summary = links.get(SUMMARY_SHEET)!;
    const sheets = await readWorkbook(data);
    const rows = sheets.find((s) => s.name === SUMMARY_SHEET)!.rows;
    let checked = 0;
    for (const cell of result.cells) {
      const r = rows.findIndex((row) => row?.[0] === cell.id) + 1;
      expect([cell.id, r > 0]).toEqual([cell.id, true]);
      const amountKeys = Object.keys(cell.computed);
      const linked = AMOUNT_COLUMNS.filter((c) => summary.has(`${c}${r}`));
      expect([cell.id, linked.length]).toEqual([cell.id, amountKeys.length]);
      for (const c of [...linked, 'K']) {
        expect(summary.get(`${c}${r}`)).toBe(`'${drillDown[cell.id]}'!A1`);
        checked++;
      }
      // The target sheet exists and links back.
      expect(links.get(drillDown[cell.id]!)?.get('A2')).toBe(`'${SUMMARY_SHEET}'!A1`);
    }
    expect(checked).toBe(result.cells.reduce((n, c) => n + Object.keys(c.computed).length + 1, 0));
  });

  it('has, on each linked sheet, documents whose total is the amount in the summary (values read by exceljs)', async () => {
    const sheets = new Map((await readWorkbook(data)).map((s) => [s.name, s.rows]));
    const headers = ['Taxable value', 'IGST', 'CGST', 'SGST/UTGST', 'Cess', 'Inter-state', 'Intra-state'];
    const keys = ['taxable', 'igst', 'cgst', 'sgst', 'cess', 'inter', 'intra'] as const;
    for (const cell of result.cells) {
      const rows = sheets.get(drillDown[cell.id]!)!;
      const head = rows[3] as unknown[];
      const body = rows
        .slice(4)
        .filter(
          (r) =>
            r &&
            r[0] !== undefined &&
            r[0] !== 'Total of the documents' &&
            r[0] !== 'No document falls in this cell.' &&
            !String(r[0]).startsWith('On the portal') &&
            !String(r[0]).startsWith("The portal's"),
        );
      expect([cell.id, body.length]).toEqual([cell.id, cell.documents.length]);
      for (const [i, key] of keys.entries()) {
        const col = head.indexOf(headers[i]);
        if (col < 0) continue;
        const sum = body.reduce((s, r) => s + Math.round(Number(r[col] ?? 0) * 100), 0);
        expect([cell.id, key, sum]).toEqual([cell.id, key, Math.round((cell.computed[key] ?? 0) * 100)]);
      }
    }
  });

  it.skipIf(!soffice && process.env['CI'] !== 'true')(
    "opens in LibreOffice with every sheet, the summary equal to each sheet's total",
    () => {
      expect(soffice, 'LibreOffice (soffice) is needed for this test').toBeDefined();
      const sheets = libreofficeSheets(soffice!, data);
      expect(sheets.size).toBe(result.cells.length + 3);
      const summary = sheets.get(SUMMARY_SHEET)!;
      for (const cell of result.cells) {
        const line = summary.find((r) => r[0] === cell.id)!;
        const drill = sheets.get(drillDown[cell.id]!)!;
        const total = drill.find((r) => r[0] === 'Total of the documents')!;
        const amounts = (r: string[], from: number): number[] =>
          r
            .slice(from)
            .filter((f) => f !== '')
            .map(Number);
        // Summary columns D..J hold the cell's amounts in order; the sheet's total row holds the documents' sums.
        const shown = amounts(line.slice(0, 10), 3);
        expect([cell.id, amounts(total, 8)]).toEqual([cell.id, Object.values(cell.computed)]);
        expect([cell.id, shown]).toEqual([cell.id, Object.values(cell.amounts)]);
        expect(Number(line[10])).toBe(cell.documents.length);
      }
    },
    200_000,
  );
});
