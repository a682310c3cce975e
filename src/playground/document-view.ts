/**
 * A readable view of a document with every finding beside the field it is about: each part (seller,
 * buyer, totals...) as a table of named fields, the items as one table with a row per line, and a finding
 * shown on its field's row (or, for a field the document lacks, on a row of its own in the part that
 * should hold it). Every field shown has an id, so the list of findings can link to it.
 * @module
 */
import type { Issue } from '../issue.js';
import { el } from './dom.js';
import { fieldLabel } from './field-labels.js';

/** A finding with the evidence of its rule, as the page shows it. */
export interface ShownFinding extends Issue {
  evidence?: string;
}

type Json = unknown;
const isRecord = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The segments of a JSON Pointer (RFC 6901). */
function segments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The id of a field's element: `field-ItemList-1-IgstAmt`. */
export function fieldId(parts: readonly string[]): string {
  return `field-${parts.map((p) => p.replace(/[^A-Za-z0-9_-]/g, '_')).join('-')}`;
}

/**
 * Where a finding is shown: the field the view draws that holds its path (a part's field, an item's cell,
 * a top-level value), and whether that field is in the document. The view draws fields two levels deep
 * in parts and three in item lists; anything deeper is shown on the field that holds it.
 */
export function anchorOf(doc: Json, pointer: string): { parts: string[]; present: boolean } {
  const path = segments(pointer);
  const drawn: string[] = [];
  let node: Json = doc;
  for (const key of path) {
    const limit = Array.isArray((isRecord(doc) ? doc[drawn[0] ?? ''] : undefined) as Json) ? 3 : 2;
    if (drawn.length >= limit) break;
    const next = Array.isArray(node) ? node[Number(key)] : isRecord(node) ? node[key] : undefined;
    drawn.push(key);
    if (next === undefined) return { parts: drawn, present: false };
    node = next;
  }
  return { parts: drawn, present: true };
}

function shownValue(value: Json): string {
  if (value === null) return 'null';
  if (isRecord(value) || Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}

function findingNote(f: ShownFinding): HTMLElement {
  return el(
    'p',
    { class: `finding ${f.severity}` },
    el('strong', {}, `${f.severity === 'error' ? 'Error' : 'Warning'} ${f.code}`),
    ' ',
    f.message,
    f.evidence ? el('span', { class: 'evidence' }, ` (${f.evidence})`) : null,
  );
}

/** The findings of each drawn field, by its id, and those about the document as a whole. */
function placeFindings(
  doc: Json,
  findings: readonly ShownFinding[],
): { byField: Map<string, ShownFinding[]>; missing: Map<string, string[]>; whole: ShownFinding[] } {
  const byField = new Map<string, ShownFinding[]>();
  // Per part (its id), the fields it lacks that a finding names, in order.
  const missing = new Map<string, string[]>();
  const whole: ShownFinding[] = [];
  for (const f of findings) {
    const { parts, present } = anchorOf(doc, f.path);
    if (parts.length === 0) {
      whole.push(f);
      continue;
    }
    const id = fieldId(parts);
    byField.set(id, [...(byField.get(id) ?? []), f]);
    if (!present) {
      const owner = fieldId(parts.slice(0, -1));
      const list = missing.get(owner) ?? [];
      if (!list.includes(parts.at(-1) as string)) list.push(parts.at(-1) as string);
      missing.set(owner, list);
    }
  }
  return { byField, missing, whole };
}

function fieldRow(parts: string[], value: Json, present: boolean, byField: Map<string, ShownFinding[]>): HTMLTableRowElement {
  const id = fieldId(parts);
  const notes = byField.get(id) ?? [];
  const key = parts.at(-1) as string;
  const worst = notes.some((n) => n.severity === 'error') ? 'has-error' : notes.length ? 'has-warning' : '';
  return el(
    'tr',
    { id, class: worst, tabindex: notes.length ? -1 : undefined },
    el('th', { scope: 'row' }, fieldLabel(key), el('span', { class: 'key' }, key)),
    el('td', { class: 'value' }, present ? shownValue(value) : el('em', {}, 'missing')),
    el('td', { class: 'notes' }, ...notes.map(findingNote)),
  );
}

function partTable(caption: string, rows: HTMLTableRowElement[]): HTMLTableElement {
  return el(
    'table',
    { class: 'fields' },
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Field'), el('th', { scope: 'col' }, 'Value'), el('th', { scope: 'col' }, 'Findings'))),
    el('tbody', {}, ...rows),
  );
}

function itemsTable(key: string, items: Json[], byField: Map<string, ShownFinding[]>, missing: Map<string, string[]>): HTMLElement {
  const columns: string[] = [];
  for (const item of items) if (isRecord(item)) for (const k of Object.keys(item)) if (!columns.includes(k)) columns.push(k);
  const body = el('tbody', {});
  items.forEach((item, index) => {
    const record = isRecord(item) ? item : {};
    const rowNotes: ShownFinding[] = [];
    const cells = columns.map((column) => {
      const id = fieldId([key, String(index), column]);
      const notes = byField.get(id) ?? [];
      rowNotes.push(...notes);
      const flag = notes.some((n) => n.severity === 'error') ? 'has-error' : notes.length ? 'has-warning' : undefined;
      const value = record[column];
      return el('td', { id, class: flag, tabindex: notes.length ? -1 : undefined }, value === undefined ? '' : shownValue(value));
    });
    for (const absent of missing.get(fieldId([key, String(index)])) ?? []) rowNotes.push(...(byField.get(fieldId([key, String(index), absent])) ?? []));
    rowNotes.push(...(byField.get(fieldId([key, String(index)])) ?? []));
    body.append(el('tr', { id: fieldId([key, String(index)]) }, ...cells));
    if (rowNotes.length)
      body.append(
        el(
          'tr',
          { class: 'item-notes' },
          el('td', { colspan: columns.length }, el('span', { class: 'visually-hidden' }, `Line ${index + 1}: `), ...rowNotes.map(findingNote)),
        ),
      );
  });
  // Findings on the list itself, or on a line it lacks.
  const listNotes = [...(byField.get(fieldId([key])) ?? [])];
  for (const absent of missing.get(fieldId([key])) ?? []) listNotes.push(...(byField.get(fieldId([key, absent])) ?? []));
  return el(
    'div',
    { class: 'scroll', id: fieldId([key]) },
    ...listNotes.map(findingNote),
    el(
      'table',
      { class: 'items' },
      el('caption', {}, `${fieldLabel(key)} (${items.length})`),
      el('thead', {}, el('tr', {}, ...columns.map((c) => el('th', { scope: 'col', title: c }, fieldLabel(c))))),
      body,
    ),
  );
}

/** The view of `doc` with `findings` placed beside their fields. */
export function documentView(doc: Json, findings: readonly ShownFinding[]): HTMLElement {
  const { byField, missing, whole } = placeFindings(doc, findings);
  const view = el('div', { class: 'document' });
  if (whole.length) view.append(el('div', { class: 'whole' }, ...whole.map(findingNote)));
  if (!isRecord(doc)) {
    view.append(el('p', {}, 'The document is not a JSON object.'));
    return view;
  }
  const loose: HTMLTableRowElement[] = [];
  const parts: HTMLElement[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (isRecord(value)) {
      const rows = Object.entries(value).map(([k, v]) => fieldRow([key, k], v, true, byField));
      for (const absent of missing.get(fieldId([key])) ?? []) rows.push(fieldRow([key, absent], undefined, false, byField));
      parts.push(partTable(fieldLabel(key), rows));
    } else if (Array.isArray(value) && value.some(isRecord)) parts.push(itemsTable(key, value, byField, missing));
    else loose.push(fieldRow([key], value, true, byField));
  }
  // Parts and top-level fields the document lacks but a finding names.
  for (const absent of missing.get(fieldId([])) ?? []) loose.push(fieldRow([absent], undefined, false, byField));
  if (loose.length) view.append(partTable('Document', loose));
  view.append(...parts);
  return view;
}
