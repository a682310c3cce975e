/**
 * The GSTR-3B workbook with its drill-down: a summary laid out like the form, in which every amount of every
 * cell links to a sheet listing the documents that make it up (with their total, which is the cell), then the
 * documents held back and the checks. Written with the streaming xlsx writer; links are internal hyperlinks.
 * @module
 */
import { Decimal } from '../compute/decimal.js';
import { state } from '../masters/states.js';
import { sheetLocation, XlsxStreamWriter, type GridCell } from '../render/excel/xlsx-writer.js';
import type { ByteSink } from '../render/excel/zip.js';
import type { Gstr3bAmountKey, Gstr3bAmounts, Gstr3bCell, Gstr3bDocumentRef, Gstr3bResult } from './types.js';

/** The summary sheet's name. */
export const SUMMARY_SHEET = 'GSTR-3B';

const KEYS: readonly Gstr3bAmountKey[] = ['taxable', 'igst', 'cgst', 'sgst', 'cess', 'inter', 'intra'];
const KEY_LABEL: Record<Gstr3bAmountKey, string> = {
  taxable: 'Taxable value',
  igst: 'IGST',
  cgst: 'CGST',
  sgst: 'SGST/UTGST',
  cess: 'Cess',
  inter: 'Inter-state',
  intra: 'Intra-state',
};
const TABLES: Array<[string, string]> = [
  ['3.1', '3.1 Outward supplies and inward supplies liable to reverse charge'],
  ['3.1.1', '3.1.1 Supplies notified under section 9(5)'],
  ['3.2', '3.2 Inter-state supplies to unregistered persons, composition taxable persons and UIN holders'],
  ['4', '4 Eligible ITC'],
  ['5', '5 Exempt, nil-rated and non-GST inward supplies'],
];

export interface Gstr3bWorkbookResult {
  /** Sheet names in tab order. */
  sheets: string[];
  /** Each cell's id and the sheet its amounts link to. */
  drillDown: Record<string, string>;
}

const h = (...labels: string[]): GridCell[] => labels.map((value) => ({ value, style: 'header' as const }));
const placeName = (pos: string | undefined): string | undefined => (pos ? `${pos}-${state(pos)?.name ?? ''}`.replace(/-$/, '') : undefined);
const refCells = (d: Gstr3bDocumentRef): GridCell[] => [
  { value: d.source },
  { value: d.index >= 0 ? d.index + 1 : undefined, style: 'integer' },
  { value: d.type },
  { value: d.number },
  { value: d.date },
  { value: d.party },
  { value: d.placeOfSupply },
  { value: d.reason },
];
const REF_HEADERS = ['Source', 'Entry no. (1-based)', 'Type', 'Number', 'Date', 'Party GSTIN', 'Place of supply', 'Why here'];

function drillSheet(cell: Gstr3bCell, keys: Gstr3bAmountKey[]): GridCell[][] {
  const g: GridCell[][] = [
    [{ value: `${cell.id} ${cell.label}${cell.placeOfSupply ? `, place of supply ${placeName(cell.placeOfSupply)}` : ''}`, style: 'title' }],
    [{ value: 'Back to the summary', style: 'link', link: sheetLocation(SUMMARY_SHEET) }],
    [],
    h(...REF_HEADERS, ...keys.map((k) => KEY_LABEL[k])),
  ];
  const totals = keys.map(() => new Decimal(0));
  for (const d of cell.documents) {
    g.push([...refCells(d), ...keys.map((k) => ({ value: d.amounts[k] ?? 0, style: 'amount' as const }))]);
    keys.forEach((k, i) => {
      totals[i] = (totals[i] as Decimal).plus(d.amounts[k] ?? 0);
    });
  }
  if (cell.documents.length === 0) g.push([{ value: 'No document falls in this cell.' }]);
  const blank = REF_HEADERS.map((): GridCell => ({ value: undefined }));
  g.push([{ value: 'Total of the documents', style: 'bold' }, ...blank.slice(1), ...totals.map((t) => ({ value: t.toNumber(), style: 'amount' as const }))]);
  if (cell.locked && cell.portal?.value) {
    g.push([
      { value: "The portal's value (kept: the cell is locked)", style: 'bold' },
      ...blank.slice(1),
      ...keys.map((k) => ({ value: cell.amounts[k] ?? 0, style: 'amount' as const })),
    ]);
  }
  if (cell.portal) g.push([], [{ value: `On the portal: ${cell.portal.note}` }]);
  return g;
}

/** Writes the workbook: the summary first, a sheet per cell, the documents held back, and the checks. */
export async function writeGstr3bWorkbook(sink: ByteSink, result: Gstr3bResult, meta: { generatedAt?: Date } = {}): Promise<Gstr3bWorkbookResult> {
  const writer = new XlsxStreamWriter(sink, { created: meta.generatedAt ?? new Date() });
  const drillDown: Record<string, string> = {};
  const keysOf = (c: Gstr3bCell): Gstr3bAmountKey[] => KEYS.filter((k) => k in c.computed);
  // The drill-down sheets first, so the summary knows the names they were given; it is still the first tab.
  for (const cell of result.cells)
    drillDown[cell.id] = await writer.addGrid(cell.id, drillSheet(cell, keysOf(cell)), { widths: [14, 10, 16, 22, 12, 17, 9, 60, 16, 16, 16, 16, 16] });

  const held: GridCell[][] = [
    [{ value: 'Documents held back from table 4', style: 'title' }],
    [{ value: 'Back to the summary', style: 'link', link: sheetLocation(SUMMARY_SHEET) }],
    [],
    h(...REF_HEADERS, 'Taxable value', 'IGST', 'CGST', 'SGST/UTGST', 'Cess'),
    ...result.heldBack.map((d) => [
      ...refCells(d),
      ...(['taxable', 'igst', 'cgst', 'sgst', 'cess'] as const).map((k) => ({ value: d.amounts[k] ?? 0, style: 'amount' as const })),
    ]),
  ];
  const heldSheet = await writer.addGrid('Held back', held, { widths: [14, 10, 16, 22, 12, 17, 9, 60, 16, 16, 16, 16, 16] });
  const checks: GridCell[][] = [
    [{ value: 'Checks before filing', style: 'title' }],
    [],
    h('Ledger (closing after this return)', 'IGST', 'CGST', 'SGST/UTGST', 'Cess'),
    ...(
      [
        ['Electronic credit reversal and re-claimed statement', result.ledgers.reclaim],
        ['RCM liability/ITC statement', result.ledgers.reverseCharge],
      ] as const
    ).map(([name, l]) => [{ value: name }, ...[l.igst, l.cgst, l.sgst, l.cess].map((v) => ({ value: v, style: 'amount' as const }))]),
    [],
    h('Severity', 'Code', 'Message', 'Where'),
    ...[...result.errors, ...result.warnings].map((i) => [{ value: i.severity }, { value: i.code }, { value: i.message }, { value: i.path }]),
  ];
  const checkSheet = await writer.addGrid('Checks', checks, { widths: [50, 16, 100, 30, 16] });

  const s: GridCell[][] = [
    [{ value: `GSTR-3B ${result.gstin} ${result.period}`, style: 'title' }],
    [{ value: 'Each amount opens the documents that make it up.' }],
    [
      { value: `Documents held back: ${result.heldBack.length}`, style: 'link', link: sheetLocation(heldSheet) },
      { value: `Errors: ${result.errors.length}, warnings: ${result.warnings.length}`, style: 'link', link: sheetLocation(checkSheet) },
    ],
    [],
  ];
  for (const [table, title] of TABLES) {
    const cells = result.cells.filter((c) => c.table === table);
    s.push([{ value: title, style: 'title' }]);
    s.push(h('Row', 'Details', 'Place of supply', ...KEYS.map((k) => KEY_LABEL[k]), 'Documents', 'On the portal', 'Locked'));
    if (table === '3.2' && cells.length === 0) s.push([{ value: 'No inter-state supply to an unregistered person, composition taxpayer or UIN holder.' }]);
    for (const cell of cells) {
      const link = sheetLocation(drillDown[cell.id] as string);
      s.push([
        { value: cell.id },
        { value: cell.label },
        { value: placeName(cell.placeOfSupply) },
        ...KEYS.map((k): GridCell => (k in cell.computed ? { value: cell.amounts[k] ?? 0, style: 'amount-link', link } : { value: undefined })),
        { value: cell.documents.length, style: 'link', link },
        { value: cell.portal?.note },
        { value: cell.locked ? 'yes' : 'no' },
      ]);
    }
    s.push([]);
  }
  await writer.addGrid(SUMMARY_SHEET, s, { widths: [14, 62, 22, 16, 16, 16, 16, 16, 16, 16, 11, 52, 8], first: true });
  await writer.finish();
  return { sheets: [SUMMARY_SHEET, ...result.cells.map((c) => drillDown[c.id] as string), heldSheet, checkSheet], drillDown };
}

/** The amounts of a cell as text, for messages and the command's summary. */
export function amountsText(a: Gstr3bAmounts): string {
  return KEYS.filter((k) => k in a)
    .map((k) => `${KEY_LABEL[k]} ${(a[k] ?? 0).toFixed(2)}`)
    .join(', ');
}
