/**
 * The document part of the page: a JSON e-invoice or e-waybill (dropped, chosen, pasted or picked from
 * the examples) judged in the browser with the context set on the page, shown as a verdict, the list of
 * findings with their rules' evidence, the document with each finding beside its field, the totals
 * declared beside those computed, and for a valid document its QR code and PDF.
 * @module
 */
import type { Issue } from '../issue.js';
import { loadChecker, loadPictures } from './capabilities.js';
import type { Judgement, PageContext } from './checker.js';
import { pageCodes } from './codes.js';
import { documentView, fieldId, anchorOf, type ShownFinding } from './document-view.js';
import { byId, downloadLink, el, rupees } from './dom.js';
import { kindNames, kindOf, type PageKind } from './document-kind.js';
import { totalsOf } from './totals.js';

/** Today in India as the date input wants it (YYYY-MM-DD). */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The context as the form holds it. */
function contextOfForm(): PageContext {
  const iso = byId<HTMLInputElement>('ctx-today').value || todayInIndia();
  const [y, m, d] = iso.split('-');
  const turnover = byId<HTMLInputElement>('ctx-turnover').value.trim();
  return {
    today: `${d}/${m}/${y}`,
    turnover: turnover === '' || !Number.isFinite(Number(turnover)) ? undefined : Number(turnover),
    strict: byId<HTMLInputElement>('ctx-strict').checked,
    environment: byId<HTMLSelectElement>('ctx-environment').value === 'sandbox' ? 'sandbox' : 'production',
  };
}

function findingItem(f: ShownFinding, doc: unknown): HTMLLIElement {
  const { parts } = anchorOf(doc, f.path);
  return el(
    'li',
    { class: `finding ${f.severity}` },
    el('strong', {}, `${f.severity === 'error' ? 'Error' : 'Warning'} ${f.code}`),
    ' ',
    f.message,
    f.path ? el('span', { class: 'sub' }, ' at ', el('a', { href: `#${fieldId(parts)}` }, f.path)) : null,
    f.evidence ? el('span', { class: 'evidence' }, f.evidence) : null,
  );
}

function totalsTable(kind: PageKind, doc: unknown): HTMLElement {
  const rows = totalsOf(kind, doc);
  if (rows.length === 0) return el('p', {}, 'No lines to compute totals from.');
  return el(
    'table',
    { class: 'totals' },
    el('caption', {}, 'Totals: declared and computed from the lines'),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, 'Total'),
        el('th', { scope: 'col' }, 'Declared'),
        el('th', { scope: 'col' }, 'Computed'),
        el('th', { scope: 'col' }, 'Agrees'),
      ),
    ),
    el(
      'tbody',
      {},
      ...rows.map((r) =>
        el(
          'tr',
          { class: r.agrees ? '' : 'has-error' },
          el('th', { scope: 'row' }, r.field),
          el('td', { class: 'number' }, r.declared === undefined ? 'not given' : rupees(r.declared)),
          el('td', { class: 'number' }, rupees(r.computed)),
          el('td', {}, r.agrees ? 'yes' : 'no'),
        ),
      ),
    ),
  );
}

let generation = 0;

/** Judges the text and draws the result; never throws: what goes wrong is said on the page. */
export async function judgeText(source: string): Promise<void> {
  try {
    await judgeOrThrow(source);
  } catch (cause) {
    const verdict = byId('verdict');
    verdict.className = 'verdict unknown';
    verdict.textContent = `This document could not be judged in this browser: ${cause instanceof Error ? cause.message : String(cause)}`;
  } finally {
    countOn('judgements');
  }
}

/** Counts a finished step on the page's body (`data-judgements`, `data-pictures`), for the Chromium test and the benchmark. */
function countOn(name: 'judgements' | 'pictures'): void {
  document.body.dataset[name] = String(Number(document.body.dataset[name] ?? 0) + 1);
}

/** Totals drawn, or why they cannot be in this browser yet (the computation reads the masters). */
function totalsOrReason(kind: PageKind, doc: unknown): HTMLElement {
  try {
    return totalsTable(kind, doc);
  } catch (cause) {
    return el('p', { class: 'unavailable' }, `The totals cannot be computed in this browser yet: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** A newer call makes an older one's late parts go unshown. */
async function judgeOrThrow(source: string): Promise<void> {
  const mine = ++generation;
  const started = performance.now();
  const verdict = byId('verdict');
  const findings = byId('findings');
  const view = byId('document-view');
  const totals = byId('totals');
  const pictures = byId('pictures');
  const fail = (issue: Issue): void => {
    pictures.replaceChildren();
    verdict.className = 'verdict invalid';
    verdict.textContent = `${issue.code}: ${issue.message}`;
    findings.replaceChildren();
    view.replaceChildren();
    totals.replaceChildren();
  };
  if (source.trim() === '') {
    verdict.className = 'verdict';
    verdict.textContent = 'Nothing checked yet.';
    for (const part of [findings, view, totals, pictures]) part.replaceChildren();
    return;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(source);
  } catch (cause) {
    fail({ code: pageCodes.documentNotJson, message: `This is not JSON: ${(cause as Error).message}`, path: '', severity: 'error' });
    return;
  }
  const kind = kindOf(doc);
  if (!kind) {
    fail({
      code: pageCodes.unknownDocument,
      message: 'This JSON is neither an e-invoice (ItemList, SellerDtls...) nor an e-waybill (itemList, fromGstin...).',
      path: '',
      severity: 'error',
    });
    return;
  }
  const context = contextOfForm();
  const checker = await loadChecker();
  if (mine !== generation) return;
  totals.replaceChildren(totalsOrReason(kind, doc));
  let judgement: Judgement | undefined;
  let unavailable = checker.ok ? undefined : checker.reason;
  if (checker.ok) {
    try {
      judgement = checker.module.judge(kind, doc, context);
    } catch (cause) {
      // The module loaded, but what it reads (the schemas, the masters) this browser cannot yet.
      unavailable = cause instanceof Error ? cause.message : String(cause);
    }
  }
  // The last pictures stay until new ones are drawn (a PDF viewer is slow to take down and put up again).
  if (!checker.ok || !judgement?.ok) pictures.replaceChildren();
  if (!checker.ok || !judgement) {
    verdict.className = 'verdict unknown';
    verdict.textContent = `This ${kindNames[kind]} cannot be checked in this browser yet: ${unavailable}. Its totals are below.`;
    findings.replaceChildren();
    view.replaceChildren(documentView(doc, []));
    return;
  }
  const shown: ShownFinding[] = [...judgement.errors, ...judgement.warnings].map((f) => {
    const evidence = checker.module.evidenceOf(kind, f.code, f.path);
    return evidence ? { ...f, evidence } : f;
  });
  const [e, w] = [judgement.errors.length, judgement.warnings.length];
  verdict.className = `verdict ${judgement.ok ? 'valid' : 'invalid'}`;
  verdict.textContent = judgement.ok
    ? `Valid ${kindNames[kind]}${w ? `, with ${w} warning${w === 1 ? '' : 's'}` : ''}.`
    : `Invalid ${kindNames[kind]}: ${e} error${e === 1 ? '' : 's'}${w ? ` and ${w} warning${w === 1 ? '' : 's'}` : ''}.`;
  findings.replaceChildren(...(shown.length ? [el('ol', { class: 'finding-list' }, ...shown.map((f) => findingItem(f, doc)))] : []));
  view.replaceChildren(documentView(doc, shown));
  const took = performance.now() - started;
  byId('judged-in').textContent = `Judged in ${took.toFixed(1)} ms, in this browser.`;
  document.body.dataset['judgedMs'] = took.toFixed(2);
  // The pictures follow: the verdict does not wait for the PDF.
  if (judgement.ok)
    void showPictures(kind, judgement.value, mine)
      .catch((cause: unknown) => {
        byId('pictures').replaceChildren(
          el('p', { class: 'unavailable' }, `The QR code and the PDF could not be drawn: ${cause instanceof Error ? cause.message : String(cause)}`),
        );
      })
      .finally(() => countOn('pictures'));
}

async function showPictures(kind: PageKind, value: unknown, mine: number): Promise<void> {
  const pictures = byId('pictures');
  pictures.replaceChildren(el('p', {}, 'Drawing the QR code and the PDF…'));
  // The verdict's frame is painted first (the second frame's callback comes after it); a newer edit by then makes these pictures moot.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  if (mine !== generation) return;
  const loaded = await loadPictures();
  if (mine !== generation) return;
  if (!loaded.ok) {
    pictures.replaceChildren(el('p', { class: 'unavailable' }, `The QR code and the PDF cannot be drawn in this browser yet: ${loaded.reason}`));
    return;
  }
  let drawn: Awaited<ReturnType<typeof loaded.module.drawPictures>>;
  try {
    drawn = await loaded.module.drawPictures(kind, value);
  } catch (cause) {
    pictures.replaceChildren(el('p', { class: 'unavailable' }, `The QR code and the PDF cannot be drawn in this browser yet: ${(cause as Error).message}`));
    return;
  }
  if (mine !== generation) return;
  const base = kind === 'irn' ? 'e-invoice' : 'e-waybill';
  const parts: HTMLElement[] = [el('h3', {}, `Preview (not registered: no ${kind === 'irn' ? 'IRN signature' : 'e-way bill number'} from a portal)`)];
  if (drawn.qrPng) {
    // One blob for the image shown and the file saved.
    const save = downloadLink(drawn.qrPng, `${base}-qr.png`, 'image/png', 'Save the QR code', 'qr-download');
    parts.push(
      el(
        'figure',
        { class: 'qr' },
        el('img', { id: 'qr-image', src: save.href, alt: `QR code holding: ${drawn.qrText}`, width: 220, height: 220 }),
        el('figcaption', {}, save),
      ),
    );
  }
  if (drawn.pdf) {
    const url = URL.createObjectURL(new Blob([drawn.pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
    parts.push(
      el(
        'figure',
        { class: 'pdf' },
        el('iframe', { id: 'pdf-preview', src: url, title: `The ${base} PDF` }),
        el('figcaption', {}, el('a', { id: 'pdf-download', class: 'button', href: url, download: `${base}.pdf` }, `Save the ${base} PDF`)),
      ),
    );
  }
  for (const note of drawn.notes) parts.push(el('p', { class: `finding ${note.severity}` }, `${note.code} ${note.message}`));
  pictures.replaceChildren(...parts);
}
