/**
 * The page's entry: wires the document and reconciliation parts to their inputs (drop, file choice,
 * paste, examples) and registers the service worker that keeps the page working offline.
 * @module
 */
import { judgeText, todayInIndia } from './document-panel.js';
import { byId, el } from './dom.js';
import { reconcileFiles, showReconciliation } from './reconcile-panel.js';

const EXAMPLES: ReadonlyArray<{ file: string; label: string }> = [
  { file: 'einvoice-valid.json', label: 'E-invoice, valid' },
  { file: 'einvoice-invalid.json', label: 'E-invoice, with mistakes' },
  { file: 'ewaybill-valid.json', label: 'E-waybill, valid' },
  { file: 'ewaybill-invalid.json', label: 'E-waybill, with mistakes' },
];

/** Calls `take` with the text of a file dropped on `zone` or chosen in `input`. */
function onFile(zone: HTMLElement, input: HTMLInputElement, take: (text: string, name: string) => void): void {
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (file) take(await file.text(), file.name);
  });
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', async (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    const file = event.dataTransfer?.files[0];
    if (file) take(await file.text(), file.name);
  });
}

async function example(file: string): Promise<string> {
  const answer = await fetch(new URL(`examples/${file}`, document.baseURI));
  if (!answer.ok) throw new Error(`examples/${file}: ${answer.status}`);
  return answer.text();
}

function documentPart(): void {
  const text = byId<HTMLTextAreaElement>('doc-text');
  const judge = (): void => void judgeText(text.value);
  byId<HTMLInputElement>('ctx-today').value = todayInIndia();
  onFile(byId('doc-drop'), byId<HTMLInputElement>('doc-file'), (content) => {
    text.value = content;
    judge();
  });
  text.addEventListener('input', judge);
  for (const id of ['ctx-today', 'ctx-turnover', 'ctx-strict', 'ctx-environment']) byId(id).addEventListener('change', () => text.value && judge());
  const picker = byId<HTMLSelectElement>('example');
  picker.append(...EXAMPLES.map((e) => el('option', { value: e.file }, e.label)));
  byId<HTMLButtonElement>('load-example').addEventListener('click', async () => {
    if (!picker.value) return;
    text.value = await example(picker.value);
    judge();
  });
}

function reconcilePart(): void {
  const held: { purchasesCsv?: string; gstr2bJson?: string } = {};
  const status = byId('reconcile-status');
  const run = (): void => {
    byId('purchases-name').textContent = held.purchasesCsv === undefined ? 'none yet' : 'loaded';
    byId('gstr2b-name').textContent = held.gstr2bJson === undefined ? 'none yet' : 'loaded';
    if (held.purchasesCsv === undefined || held.gstr2bJson === undefined) return;
    const started = performance.now();
    const outcome = reconcileFiles({ purchasesCsv: held.purchasesCsv, gstr2bJson: held.gstr2bJson });
    if (!outcome.ok) {
      status.textContent = outcome.errors.map((e) => `${e.code} ${e.message}`).join('; ');
      byId('reconcile-results').hidden = true;
      return;
    }
    showReconciliation(outcome.result, outcome.warnings);
    const took = performance.now() - started;
    status.textContent = `Reconciled ${outcome.result.rows.length} rows in ${took.toFixed(0)} ms, in this browser.`;
    document.body.dataset['reconciledMs'] = took.toFixed(2);
  };
  onFile(byId('purchases-drop'), byId<HTMLInputElement>('purchases-file'), (content) => {
    held.purchasesCsv = content;
    run();
  });
  onFile(byId('gstr2b-drop'), byId<HTMLInputElement>('gstr2b-file'), (content) => {
    held.gstr2bJson = content;
    run();
  });
  byId<HTMLButtonElement>('reconcile-example').addEventListener('click', async () => {
    [held.purchasesCsv, held.gstr2bJson] = await Promise.all([example('purchases.csv'), example('gstr2b.json')]);
    run();
  });
}

documentPart();
reconcilePart();
// Offline once loaded: the worker keeps the page's files. Browsers allow it on https and localhost only.
if ('serviceWorker' in navigator && window.isSecureContext) void navigator.serviceWorker.register('service-worker.js').catch(() => undefined);
