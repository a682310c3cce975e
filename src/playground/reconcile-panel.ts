/**
 * The reconciliation part of the page: a purchase register (CSV) and a GSTR-2B (GSTN's JSON) read and
 * matched in the browser by gstkit's reconcile, shown as a summary with a chart, a table filtered by
 * status and supplier with each row's reasons and suggested IMS action, and the Excel report to download.
 * @module
 */
import { readGstr2b } from '../gstr/read-2b.js';
import type { Issue } from '../issue.js';
import { readPurchaseCsv } from '../reconcile/purchase-csv.js';
import { reconcile } from '../reconcile/reconcile.js';
import type { ReconcileResult, ReconcileRow, ReconcileStatus } from '../reconcile/types.js';
import { loadWorkbook } from './capabilities.js';
import { pageCodes } from './codes.js';
import { barChart } from './chart.js';
import { byId, downloadLink, el, rupees } from './dom.js';

export const statusNames: Record<ReconcileStatus, string> = {
  matched: 'Matched',
  'matched-with-tolerance': 'Matched within tolerance',
  mismatch: 'Mismatch',
  'missing-in-2b': 'Missing in 2B',
  'missing-in-books': 'Missing in books',
};

/** Rows drawn at once; the rest come with "show more", so a month of 10,000 purchases stays quick. */
const PAGE_ROWS = 200;

/** A side's value: taxable plus every tax head. */
function rowValue(row: ReconcileRow): number {
  if (row.purchase) {
    const p = row.purchase;
    return [p.taxable, p.igst, p.cgst, p.sgst, p.cess].reduce((s, n) => s + (Number(n) || 0), 0);
  }
  return (row.gstr2b?.lines ?? []).reduce((s, l) => s + (l.taxable ?? 0) + (l.igst ?? 0) + (l.cgst ?? 0) + (l.sgst ?? 0) + (l.cess ?? 0), 0);
}

export interface ReconcileInputs {
  purchasesCsv: string;
  gstr2bJson: string;
}

export type ReconcileOutcome = { ok: true; result: ReconcileResult; warnings: Issue[] } | { ok: false; errors: Issue[] };

/** Reads both files and reconciles them; what cannot be read is answered with the readers' coded issues. */
export function reconcileFiles(inputs: ReconcileInputs): ReconcileOutcome {
  const purchases = readPurchaseCsv(inputs.purchasesCsv);
  let parsed: unknown;
  try {
    parsed = JSON.parse(inputs.gstr2bJson);
  } catch (cause) {
    return {
      ok: false,
      errors: [{ code: pageCodes.gstr2bNotJson, message: `The GSTR-2B file is not JSON: ${(cause as Error).message}`, path: '', severity: 'error' }],
    };
  }
  const gstr2b = readGstr2b(parsed);
  const errors = [...(purchases.ok ? [] : purchases.errors), ...(gstr2b.ok ? [] : gstr2b.errors)];
  if (!purchases.ok || !gstr2b.ok) return { ok: false, errors };
  return { ok: true, result: reconcile(purchases.value.rows, gstr2b.value), warnings: [...purchases.value.warnings, ...gstr2b.value.warnings] };
}

const dateText = (d: Date | string | undefined): string =>
  d instanceof Date ? `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}` : (d ?? '');

function rowElement(row: ReconcileRow): HTMLTableRowElement {
  const difference = Object.values(row.differences).reduce((s, n) => s + n, 0);
  return el(
    'tr',
    { class: `status-${row.status}` },
    el('td', {}, el('span', { class: `badge ${row.status}` }, statusNames[row.status])),
    el('td', {}, row.supplierGstin, row.gstr2b?.supplierName ? el('span', { class: 'sub' }, row.gstr2b.supplierName) : null),
    el('td', {}, row.purchase ? `${row.purchase.docNo}` : '—', row.purchase ? el('span', { class: 'sub' }, dateText(row.purchase.docDate)) : null),
    el('td', {}, row.gstr2b ? row.gstr2b.number : '—', row.gstr2b ? el('span', { class: 'sub' }, dateText(row.gstr2b.date)) : null),
    el('td', { class: 'number' }, rupees(rowValue(row))),
    el('td', { class: 'number' }, difference === 0 ? '—' : rupees(difference)),
    el('td', {}, row.reasons.length ? el('ul', { class: 'reasons' }, ...row.reasons.map((r) => el('li', {}, r))) : '—'),
    el('td', {}, row.suggestedImsAction ? el('strong', {}, row.suggestedImsAction) : '—', el('span', { class: 'sub' }, row.imsActionReason)),
  );
}

/** Draws `result` into the page's reconciliation section. */
export function showReconciliation(result: ReconcileResult, warnings: readonly Issue[]): void {
  const summary = byId('reconcile-summary');
  const counts = result.summary;
  const total = result.rows.length;
  summary.replaceChildren(
    el(
      'dl',
      { class: 'counts' },
      ...(Object.keys(statusNames) as ReconcileStatus[]).flatMap((s) => [
        el('div', { class: `count ${s}` }, el('dt', {}, statusNames[s]), el('dd', { 'data-status': s }, counts[s])),
      ]),
    ),
    warnings.length
      ? el(
          'details',
          {},
          el('summary', {}, `${warnings.length} warning(s) reading the files`),
          el('ul', {}, ...warnings.map((w) => el('li', {}, `${w.code} ${w.message}`))),
        )
      : '',
  );
  const value = (statuses: ReconcileStatus[]): number => result.rows.filter((r) => statuses.includes(r.status)).reduce((s, r) => s + rowValue(r), 0);
  byId('reconcile-chart').replaceChildren(
    barChart('Value by status', [
      { label: 'Matched', value: value(['matched', 'matched-with-tolerance']), tone: 'good' },
      { label: 'Mismatched', value: value(['mismatch']), tone: 'bad' },
      { label: 'Missing in 2B', value: value(['missing-in-2b']), tone: 'warn' },
      { label: 'Missing in books', value: value(['missing-in-books']), tone: 'warn' },
    ]),
  );

  const statusFilter = byId<HTMLSelectElement>('filter-status');
  const supplierFilter = byId<HTMLSelectElement>('filter-supplier');
  statusFilter.replaceChildren(
    el('option', { value: '' }, `Every status (${total})`),
    ...(Object.keys(statusNames) as ReconcileStatus[]).map((s) => el('option', { value: s }, `${statusNames[s]} (${counts[s]})`)),
  );
  const suppliers = [...new Set(result.rows.map((r) => r.supplierGstin))].sort();
  supplierFilter.replaceChildren(el('option', { value: '' }, `Every supplier (${suppliers.length})`), ...suppliers.map((g) => el('option', { value: g }, g)));

  const body = byId<HTMLTableSectionElement>('reconcile-rows');
  const shown = byId('reconcile-shown');
  const more = byId<HTMLButtonElement>('reconcile-more');
  let chosen: ReconcileRow[] = result.rows;
  let drawn = 0;
  const drawMore = (): void => {
    const next = chosen.slice(drawn, drawn + PAGE_ROWS);
    body.append(...next.map(rowElement));
    drawn += next.length;
    shown.textContent = `Showing ${drawn} of ${chosen.length} rows`;
    more.hidden = drawn >= chosen.length;
  };
  const filter = (): void => {
    const status = statusFilter.value;
    const supplier = supplierFilter.value;
    chosen = result.rows.filter((r) => (!status || r.status === status) && (!supplier || r.supplierGstin === supplier));
    body.replaceChildren();
    drawn = 0;
    drawMore();
  };
  statusFilter.onchange = filter;
  supplierFilter.onchange = filter;
  more.onclick = drawMore;
  filter();

  const download = byId<HTMLButtonElement>('download-xlsx');
  const note = byId('xlsx-note');
  download.disabled = false;
  note.textContent = '';
  download.onclick = async () => {
    const workbook = await loadWorkbook();
    if (!workbook.ok) {
      note.textContent = `The Excel report cannot be written in this browser yet: ${workbook.reason}`;
      return;
    }
    const bytes = await workbook.module.reconcileWorkbook(result);
    const link = downloadLink(bytes, 'reconciliation.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Save reconciliation.xlsx');
    note.replaceChildren(link);
    link.click();
  };
  byId('reconcile-results').hidden = false;
}
